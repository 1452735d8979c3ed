#include "conformance/harness/iotdb_tablet/operations.hpp"

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <variant>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/names.hpp"
#include "conformance/harness/protocol.hpp"
#include "conformance/harness/subject_kinds.hpp"
#include "conformance/harness/tablet_cells.hpp"
#include "reference/iotdb_tablet/reference.hpp"

namespace tsc::iotdb {
namespace {

// ---- cells --------------------------------------------------------------------------------------

bool is_text(DataType t) { return t == DataType::TEXT || t == DataType::STRING; }

std::uint8_t byte_of(const JsonAt& j) {
    const Bytes b = j.bytes();
    if (b.size() != 1) j.mistyped("one byte as two hex digits");
    return b[0];
}

// Appends one cell's value (the zero value for JSON null) to the column's cells.
void push_cell(Column& c, const JsonAt& j) {
    const bool zero = j.is_null();
    switch (cells_index(c.type).value_or(7)) {
        case 0: std::get<0>(c.cells).push_back(zero ? 0 : j.boolean()); break;
        case 1: std::get<1>(c.cells).push_back(zero ? 0 : j.number<std::int32_t>()); break;
        case 2: std::get<2>(c.cells).push_back(zero ? 0 : j.decimal<std::int64_t>()); break;
        case 3: std::get<3>(c.cells).push_back(zero ? 0 : float_bits_of<std::uint32_t>(j)); break;
        case 4: std::get<4>(c.cells).push_back(zero ? 0 : float_bits_of<std::uint64_t>(j)); break;
        case 5: std::get<5>(c.cells).push_back(zero ? Date{} : date_cell_of<Date>(j)); break;
        case 6: std::get<6>(c.cells).push_back(zero ? Bytes{} : is_text(c.type) ? text_of(j) : j.bytes()); break;
        default:
            if (!zero) j.mistyped("null (a column of type " + type_name(c.type) + " holds no cells)");
    }
}

Json cell_json(const Column& c, std::size_t row) {
    switch (cells_index(c.type).value_or(7)) {
        case 0: return std::get<0>(c.cells)[row] != 0;
        case 1: return std::get<1>(c.cells)[row];
        case 2: return int64_json(std::get<2>(c.cells)[row]);
        case 3: return float_bits_json(std::get<3>(c.cells)[row]);
        case 4: return float_bits_json(std::get<4>(c.cells)[row]);
        case 5: return date_cell_json(std::get<5>(c.cells)[row]);
        case 6: return is_text(c.type) ? text_json(std::get<6>(c.cells)[row]) : bytes_json(std::get<6>(c.cells)[row]);
        default: return nullptr;
    }
}

// The column's cells match its type and its null marks, so that cell i is there for every row i.
bool cells_usable(const Column& c) {
    return cells_index(c.type).has_value() && c.cells.index() == *cells_index(c.type) &&
           std::visit([](const auto& v) { return v.size(); }, c.cells) == c.nulls.size();
}

// A null cell's slot as Java leaves it: zero, false, the empty string.
template <class T>
bool is_zero_cell(const T& cell) {
    if constexpr (std::is_same_v<T, ByteView>) return cell.empty();
    else return cell == T{};
}

bool is_zero_value(const Column& c, std::size_t row) {
    return std::visit([row](const auto& cells) { return is_zero_cell(cells[row]); }, c.cells);
}

}  // namespace

struct Reference final : Subject {
    std::string_view name() const override { return kReferenceName; }
    SerializeOutcome serialize(const Tablet& t, const ClientState& s, const Profile& p) override {
        return reference::serialize(t, s, p);
    }
    ParseOutcome parse(ByteView timestamps, ByteView values, const Schema& schema, const ParserProfile& q) override {
        return reference::parse(timestamps, values, schema, q);
    }
};

struct External final : Subject {
    External(std::string name, std::string command) : name_(std::move(name)), process_(std::move(command)) {}
    std::string_view name() const override { return name_; }
    SerializeOutcome serialize(const Tablet& t, const ClientState& s, const Profile& p) override {
        return protocol::call<Serialize>(process_, {t, s, p});
    }
    ParseOutcome parse(ByteView timestamps, ByteView values, const Schema& schema, const ParserProfile& q) override {
        return protocol::call<Parse>(process_, {Bytes(timestamps.begin(), timestamps.end()),
                                                Bytes(values.begin(), values.end()), schema, q});
    }

    std::string name_;
    ExternalProcess process_;
};


// ---- JSON forms -----------------------------------------------------------------------------------

std::string type_name(DataType t) {
    const Json j = data_type_json(t);
    return j.is_string() ? j.get<std::string>() : j.dump();
}

Json tablet_json(const Tablet& t) {
    Json ts = Json::array();
    for (std::int64_t v : t.timestamps) ts.push_back(int64_json(v));
    Json columns = Json::array();
    for (const Column& c : t.columns) {
        Json values = Json::array();
        const bool has_cells = cells_usable(c);
        for (std::size_t row = 0; row < c.nulls.size(); ++row) {
            if (!has_cells) {
                values.push_back(nullptr);
            } else if (c.nulls[row] == 0) {
                values.push_back(cell_json(c, row));
            } else {
                values.push_back(is_zero_value(c, row) ? Json(nullptr) : Json{{"null", cell_json(c, row)}});
            }
        }
        columns.push_back({{"type", data_type_json(c.type)}, {"values", values}});
    }
    return {{"timestamps", ts}, {"columns", columns}};
}

Tablet tablet_of(const JsonAt& j) {
    Tablet t;
    for (const JsonAt& ts : j["timestamps"].elements()) t.timestamps.push_back(ts.decimal<std::int64_t>());
    for (const JsonAt& jc : j["columns"].elements()) {
        Column& c = t.columns.emplace_back();
        c.type = data_type_of(jc["type"]);
        c.cells = cells_at<Cells>(cells_index(c.type).value_or(0));
        for (const JsonAt& cell : jc["values"].elements()) {
            const bool null_with_slot = cell.json().is_object() && cell.has("null");
            push_cell(c, null_with_slot ? cell["null"] : cell);
            c.nulls.push_back(cell.is_null() || null_with_slot ? 1 : 0);
        }
    }
    return t;
}

Json client_json(const ClientState& s) {
    Json columns = Json::array();
    for (const ColumnBitmapState& c : s.columns)
        columns.push_back({{"padding_marks", bytes_json(Bytes{c.padding_marks})},
                           {"marked_past_last_byte", c.marked_past_last_byte}});
    return {{"bitmaps_allocated", s.bitmaps_allocated}, {"columns", columns}};
}

ClientState client_of(const JsonAt& j) {
    ClientState s;
    s.bitmaps_allocated = j["bitmaps_allocated"].boolean();
    for (const JsonAt& jc : j["columns"].elements())
        s.columns.push_back({byte_of(jc["padding_marks"]), jc["marked_past_last_byte"].boolean()});
    return s;
}

Json types_json(const std::vector<DataType>& types) {
    Json j = Json::array();
    for (DataType t : types) j.push_back(data_type_json(t));
    return j;
}

std::vector<DataType> types_of(const JsonAt& j) {
    std::vector<DataType> types;
    for (const JsonAt& t : j.elements()) types.push_back(data_type_of(t));
    return types;
}

// ---- model helpers ----------------------------------------------------------------------------------

namespace {

// A non-null cell as a parser returns it: a BOOLEAN (the one cell of one byte) 0 or 1, any other as it is.
template <class T>
T canonical_value(T v) {
    if constexpr (std::is_same_v<T, std::uint8_t>) return v != 0;
    else return v;
}

}  // namespace

Tablet canonical(Tablet c) {
    for (Column& col : c.columns) {
        std::visit(
            [&](auto& cells) {
                using T = typename std::decay_t<decltype(cells)>::value_type;
                const auto null = [&col](std::size_t row) { return row < col.nulls.size() && col.nulls[row] != 0; };
                if constexpr (std::is_same_v<T, ByteView>) {
                    cells.empty_where(null);
                } else {
                    for (std::size_t row = 0; row < cells.size(); ++row)
                        cells[row] = null(row) ? T{} : canonical_value(std::move(cells[row]));
                }
            },
            col.cells);
        for (std::uint8_t& null : col.nulls) null = null != 0;
    }
    return c;
}

Schema schema_of(const Tablet& t) {
    Schema s;
    s.types.reserve(t.columns.size());
    for (const Column& c : t.columns) s.types.push_back(c.type);
    s.row_count = static_cast<std::int32_t>(t.row_count());
    return s;
}

// ---- serialize ----------------------------------------------------------------------------------------

std::vector<std::string_view> Serialize::profiles() { return names_of(kProfiles); }

namespace {

// Two refusals of a tablet with several faults, each naming one of them (the divergence policy).
bool both_held_faults(const Serialize::Input& in, ErrorClass expected, ErrorClass actual) {
    if (expected == actual || expected == ErrorClass::ok || actual == ErrorClass::ok) return false;
    const std::vector<ErrorClass> held = reference::serialize_faults(in.tablet, in.client, in.profile);
    const auto holds = [&](ErrorClass e) { return std::find(held.begin(), held.end(), e) != held.end(); };
    return holds(expected) && holds(actual);
}

}  // namespace

std::optional<Difference> Serialize::compare(const Input& in, const Outcome& e, const Outcome& a) {
    if (both_held_faults(in, e.error, a.error)) return std::nullopt;
    return OperationBase::compare(e, a);
}

Json Serialize::input_json(const Input& in) {
    Json j{{"tablet", tablet_json(in.tablet)}};
    if (in.client != ClientState{}) j["client"] = client_json(in.client);
    return j;
}

// `client` may be left out: a client that allocated no bitmaps (the format's default).
Serialize::Input Serialize::read_input(const JsonAt& j, std::string_view profile) {
    const auto client = j.optional("client");
    return {tablet_of(j["tablet"]), client ? client_of(*client) : ClientState{},
            profile.empty() ? kProfiles[0] : record_named(kProfiles, profile, "client profile")};
}

Json Serialize::outcome_json(const SerializeOutcome& o) {
    return tsc::outcome_json(o, kErrorClassNames, [&]() -> Json {
        return {{"timestamps", bytes_json(o.timestamps)}, {"values", bytes_json(o.values)}};
    });
}

SerializeOutcome Serialize::read_outcome(const JsonAt& j) {
    return tsc::outcome_of<SerializeOutcome>(
        j, kErrorClassNames, [&] { return SerializeOutcome{ErrorClass::ok, j["timestamps"].bytes(), j["values"].bytes()}; });
}

// ---- parse --------------------------------------------------------------------------------------------

std::vector<std::string_view> Parse::profiles() { return names_of(kParserProfiles); }

Json Parse::input_json(const Input& in) {
    return {{"types", types_json(in.schema.types)},
            {"rows", in.schema.row_count},
            {"timestamps", bytes_json(in.timestamps)},
            {"values", bytes_json(in.values)}};
}

// `rows` is the Java int a server is given, negative ones included (a hostile request).
Parse::Input Parse::read_input(const JsonAt& j, std::string_view profile) {
    return {j["timestamps"].bytes(), j["values"].bytes(), Schema{types_of(j["types"]), j["rows"].number<std::int32_t>()},
            profile.empty() ? kParserProfiles[0] : record_named(kParserProfiles, profile, "parser profile")};
}

Json Parse::outcome_json(const ParseOutcome& o) {
    return tsc::outcome_json(o, kErrorClassNames,
                             [&]() -> Json { return {{"tablet", tablet_json(o.tablet)}, {"consumed", o.consumed}}; });
}

ParseOutcome Parse::read_outcome(const JsonAt& j) {
    return tsc::outcome_of<ParseOutcome>(
        j, kErrorClassNames, [&] { return ParseOutcome{ErrorClass::ok, tablet_of(j["tablet"]), j["consumed"].number<std::size_t>()}; });
}

std::optional<Bytes> Parse::input_bytes(const Input& in) {
    Bytes both = in.timestamps;
    both.insert(both.end(), in.values.begin(), in.values.end());
    return both;
}

// ---- contract -----------------------------------------------------------------------------------------

namespace {

const std::vector<std::string>& contract_profile_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const Profile& p : kProfiles)
            for (const ParserProfile& q : kParserProfiles) out.push_back(std::string(p.name) + ":" + std::string(q.name));
        return out;
    }();
    return names;
}

}  // namespace

std::vector<std::string_view> Contract::profiles() {
    return {contract_profile_names().begin(), contract_profile_names().end()};
}

std::string_view Contract::profile(const Input& in) {
    const std::string name = std::string(in.profile.name) + ":" + std::string(in.parser.name);
    for (const std::string& n : contract_profile_names())
        if (n == name) return n;
    throw std::logic_error("no contract profile " + name);
}

Contract::Outcome Contract::expected(const Input& in, ErrorClass sent) {
    if (sent != ErrorClass::ok) return {sent, {}};
    return {ErrorClass::ok, canonical(reference::as_written(in.tablet, in.profile))};
}

namespace {

bool one_cell_a_row(const Column& c) {
    return cells_index(c.type) == c.cells.index() &&
           std::visit([&](const auto& cells) { return cells.size() == c.nulls.size(); }, c.cells);
}

// A non-null cell as the profile writes it (reference.hpp: as_written, one value at a time) and a parser
// returns it (canonical_value).
template <class T>
bool reads_back_as(const T& read, const T& sent, const Profile& p) {
    if constexpr (std::is_same_v<T, std::uint32_t>) return read == reference::float_cell_as_written(sent, p);  // FLOAT
    else if constexpr (std::is_same_v<T, Date>) return read == reference::date_cell_as_written(sent, p);
    else if constexpr (std::is_same_v<T, std::uint8_t>) return read == canonical_value(sent);  // BOOLEAN
    else if constexpr (std::is_same_v<T, ByteView>) return std::ranges::equal(read, sent);
    else return read == sent;
}

// Whether `read` is the column canonical(as_written(sent)) holds, where `sent` has one cell a row.
bool column_reads_back(const Column& sent, const Column& read, const Profile& p) {
    if (read.type != sent.type || read.cells.index() != sent.cells.index() || read.nulls.size() != sent.nulls.size())
        return false;
    return std::visit(
        [&](const auto& cells) {
            const auto& got = std::get<std::decay_t<decltype(cells)>>(read.cells);
            for (std::size_t row = 0; row < cells.size(); ++row) {
                const bool null = sent.nulls[row] != 0;
                if (read.nulls[row] != static_cast<std::uint8_t>(null)) return false;
                if (null ? !is_zero_cell(got[row]) : !reads_back_as(got[row], cells[row], p)) return false;
            }
            return true;
        },
        sent.cells);
}

}  // namespace

bool Contract::is_expected(const Input& in, ErrorClass sent, const Outcome& read) {
    if (sent != ErrorClass::ok) return read.error == sent && read.tablet == Tablet{};
    if (!read.ok()) return false;
    const Tablet& t = in.tablet;
    if (!std::all_of(t.columns.begin(), t.columns.end(), one_cell_a_row)) return expected(in, sent) == read;
    const Tablet& r = read.tablet;
    if (r.timestamps.size() != t.timestamps.size() || r.columns.size() != t.columns.size()) return false;
    for (std::size_t i = 0; i < t.timestamps.size(); ++i)
        if (r.timestamps[i] != reference::timestamp_as_written(t.timestamps[i], in.profile)) return false;
    for (std::size_t j = 0; j < t.columns.size(); ++j)
        if (!column_reads_back(t.columns[j], r.columns[j], in.profile)) return false;
    return true;
}

Contract::Outcome Contract::read_back(Subject& s, const Input& in, const SerializeOutcome& sent) {
    if (!sent.ok()) return {sent.error, {}};
    return read_back_of(s.parse(sent.timestamps, sent.values, schema_of(in.tablet), in.parser));
}

Contract::Outcome Contract::run(Subject& s, const Input& in) {
    return read_back(s, in, s.serialize(in.tablet, in.client, in.profile));
}

std::optional<Difference> Contract::compare(const Input& in, const Outcome& e, const Outcome& a) {
    if (both_held_faults(in, e.error, a.error)) return std::nullopt;
    return OperationBase::compare(e, a);
}

Contract::Input Contract::read_input(const JsonAt& j, std::string_view profile) {
    const Serialize::Input s = Serialize::read_input(j, "");
    if (profile.empty()) return {{s.tablet, s.client}};
    const std::size_t colon = profile.find(':');
    if (colon == std::string_view::npos)
        throw InputError("a contract profile is <client profile>:<parser profile>, got `" + std::string(profile) + "`");
    return {{s.tablet, s.client, record_named(kProfiles, profile.substr(0, colon), "client profile")},
            record_named(kParserProfiles, profile.substr(colon + 1), "parser profile")};
}

Json Contract::outcome_json(const Outcome& o) {
    return tsc::outcome_json(o, kErrorClassNames, [&]() -> Json { return {{"tablet", tablet_json(o.tablet)}}; });
}

Contract::Outcome Contract::read_outcome(const JsonAt& j) {
    return tsc::outcome_of<Outcome>(j, kErrorClassNames, [&] { return Outcome{ErrorClass::ok, tablet_of(j["tablet"])}; });
}

// ---- the family ---------------------------------------------------------------------------------------

void add_subject(std::unique_ptr<Subject> subject) { registry<Subject>().add(std::move(subject)); }

}  // namespace tsc::iotdb

template struct tsc::SubjectKinds<tsc::iotdb::Subject, tsc::iotdb::Reference, tsc::iotdb::External>;
