#include "conformance/harness/iotdb_tablet/operations.hpp"

#include <algorithm>
#include <cstdint>

#include <fmt/format.h>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/names.hpp"
#include "conformance/harness/protocol.hpp"
#include "conformance/harness/tablet_cells.hpp"
#include "reference/iotdb_tablet/reference.hpp"

namespace tsc::iotdb {
namespace {

// ---- cells --------------------------------------------------------------------------------------

bool is_text(DataType t) { return t == DataType::TEXT || t == DataType::STRING; }

// A DATE through the shared cell spelling (tablet_cells.hpp): month and day are bytes in this model.
Json date_cell_json(const Date& d) { return date_json({d.year, d.month, d.day}); }

Date date_cell_of(const Json& j) {
    const DateFields f = date_of(j);
    if (f.year < INT32_MIN || f.year > INT32_MAX || f.month < 0 || f.month > 255 || f.day < 0 || f.day > 255)
        throw std::invalid_argument("a DATE of this model has an i32 year and byte month and day, found " + j.dump());
    return Date{static_cast<std::int32_t>(f.year), static_cast<std::uint8_t>(f.month), static_cast<std::uint8_t>(f.day)};
}

std::uint8_t byte_of(const Json& j) {
    const Bytes b = bytes_of(j);
    if (b.size() != 1) throw std::invalid_argument("expected one byte as two hex digits, found " + j.dump());
    return b[0];
}

Cells empty_cells(DataType type) {
    switch (cells_index(type).value_or(0)) {
        case 1: return std::vector<std::int32_t>{};
        case 2: return std::vector<std::int64_t>{};
        case 3: return std::vector<std::uint32_t>{};
        case 4: return std::vector<std::uint64_t>{};
        case 5: return std::vector<Date>{};
        case 6: return std::vector<Bytes>{};
        default: return std::vector<std::uint8_t>{};
    }
}

// Appends one cell's value (the zero value for JSON null) to the column's cells.
void push_cell(Column& c, const Json& j) {
    const bool zero = j.is_null();
    switch (cells_index(c.type).value_or(7)) {
        case 0:
            if (!zero && !j.is_boolean()) throw std::invalid_argument("a BOOLEAN cell is true or false, got " + j.dump());
            std::get<0>(c.cells).push_back(zero ? 0 : j.get<bool>());
            break;
        case 1: {
            if (zero) {
                std::get<1>(c.cells).push_back(0);
                break;
            }
            if (!j.is_number_integer()) throw std::invalid_argument("an INT32 cell is a JSON integer, got " + j.dump());
            const std::int64_t v = j.get<std::int64_t>();
            if (v < INT32_MIN || v > INT32_MAX || (j.is_number_unsigned() && j.get<std::uint64_t>() > INT32_MAX))
                throw std::invalid_argument("not an i32: " + j.dump());
            std::get<1>(c.cells).push_back(static_cast<std::int32_t>(v));
            break;
        }
        case 2: std::get<2>(c.cells).push_back(zero ? 0 : int64_of(j)); break;
        case 3: std::get<3>(c.cells).push_back(zero ? 0 : float_bits_of<std::uint32_t>(j)); break;
        case 4: std::get<4>(c.cells).push_back(zero ? 0 : float_bits_of<std::uint64_t>(j)); break;
        case 5: std::get<5>(c.cells).push_back(zero ? Date{} : date_cell_of(j)); break;
        case 6: std::get<6>(c.cells).push_back(zero ? Bytes{} : is_text(c.type) ? text_of(j) : bytes_of(j)); break;
        default:
            if (!zero) throw std::invalid_argument("a column of type " + type_name(c.type) + " holds no cells");
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

bool is_zero_value(const Column& c, std::size_t row) {
    return std::visit([row](const auto& cells) { return cells[row] == std::decay_t<decltype(cells[row])>{}; }, c.cells);
}

DataType type_of(const Json& j) {
    if (j.is_number_integer()) {
        const std::int64_t code = j.get<std::int64_t>();
        if (code < static_cast<std::int64_t>(kDataTypeNames.size()) || code > 255)
            throw std::invalid_argument("a type code is a name, or a number 13–255 for a code without one: " +
                                        j.dump());
        return static_cast<DataType>(code);
    }
    return value_named<DataType>(kDataTypeNames, j.get<std::string>(), "data type");
}

Json type_json(DataType t) {
    if (static_cast<std::size_t>(t) < kDataTypeNames.size()) return std::string(name_of(t));
    return static_cast<int>(t);
}

std::string describe_cell(const Column& c, std::size_t row) {
    const std::string value = cells_usable(c) ? cell_json(c, row).dump() : "-";
    return c.nulls[row] != 0 ? fmt::format("null (slot {})", value) : value;
}

bool same_cell(const Column& e, const Column& a, std::size_t row) {
    return std::visit(
        [&](const auto& ev) {
            using V = std::decay_t<decltype(ev)>;
            return ev[row] == std::get<V>(a.cells)[row];
        },
        e.cells);
}

std::size_t cell_count(const Column& c) {
    return std::visit([](const auto& v) { return v.size(); }, c.cells);
}

std::string text(std::size_t n) { return std::to_string(n); }

std::optional<Difference> compare_column(std::size_t j, const Column& e, const Column& a) {
    if (auto d = compare_field(fmt::format("columns[{}].type", j), e.type, a.type, type_name)) return d;
    if (e.nulls.size() != a.nulls.size() || cell_count(e) != cell_count(a) || e.cells.index() != a.cells.index())
        return Difference{fmt::format("columns[{}] cell count", j), text(e.nulls.size()), text(a.nulls.size())};
    for (std::size_t row = 0; row < e.nulls.size(); ++row)
        if (e.nulls[row] != a.nulls[row] || !same_cell(e, a, row))
            return Difference{fmt::format("columns[{}] ({}) row {}", j, type_name(e.type), row),
                              describe_cell(e, row), describe_cell(a, row)};
    return std::nullopt;
}

ErrorClass error_of(const Json& j) {
    const ErrorClass e = value_named<ErrorClass>(kErrorClassNames, string_field(j, "error"), "error class");
    if (e == ErrorClass::ok) throw std::invalid_argument("an outcome's `error` is never `ok`: leave it out");
    return e;
}

std::string describe(const Contract::Outcome& o) {
    if (!o.ok()) return fmt::format("error {}", name_of(o.error));
    return fmt::format("ok (a tablet of {} rows and {} columns)", o.tablet.row_count(), o.tablet.columns.size());
}

// ---- subjects -------------------------------------------------------------------------------------

class Reference final : public Subject {
public:
    std::string_view name() const override { return kReferenceName; }
    SerializeOutcome serialize(const Tablet& t, const ClientState& s, const Profile& p) override {
        return reference::serialize(t, s, p);
    }
    ParseOutcome parse(ByteView timestamps, ByteView values, const Schema& schema, const ParserProfile& q) override {
        return reference::parse(timestamps, values, schema, q);
    }
};

class External final : public Subject {
public:
    External(std::string name, std::string command) : name_(std::move(name)), process_(std::move(command)) {}
    std::string_view name() const override { return name_; }
    SerializeOutcome serialize(const Tablet& t, const ClientState& s, const Profile& p) override {
        return protocol::call<Serialize>(process_, {t, s, p});
    }
    ParseOutcome parse(ByteView timestamps, ByteView values, const Schema& schema, const ParserProfile& q) override {
        return protocol::call<Parse>(process_, {Bytes(timestamps.begin(), timestamps.end()),
                                                Bytes(values.begin(), values.end()), schema, q});
    }

private:
    std::string name_;
    ExternalProcess process_;
};

}  // namespace

// ---- JSON forms -----------------------------------------------------------------------------------

std::string type_name(DataType t) {
    const Json j = type_json(t);
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
        columns.push_back({{"type", type_json(c.type)}, {"values", values}});
    }
    return {{"timestamps", ts}, {"columns", columns}};
}

Tablet tablet_of(const Json& j) {
    Tablet t;
    for (const Json& ts : field(j, "timestamps")) t.timestamps.push_back(int64_of(ts));
    for (const Json& jc : field(j, "columns")) {
        Column& c = t.columns.emplace_back();
        c.type = type_of(field(jc, "type"));
        c.cells = empty_cells(c.type);
        for (const Json& cell : field(jc, "values")) {
            const bool null_with_slot = cell.is_object() && has_field(cell, "null");
            push_cell(c, null_with_slot ? field(cell, "null") : cell);
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

ClientState client_of(const Json& j) {
    ClientState s;
    s.bitmaps_allocated = bool_field(j, "bitmaps_allocated");
    for (const Json& jc : field(j, "columns"))
        s.columns.push_back({byte_of(field(jc, "padding_marks")), bool_field(jc, "marked_past_last_byte")});
    return s;
}

Json types_json(const std::vector<DataType>& types) {
    Json j = Json::array();
    for (DataType t : types) j.push_back(type_json(t));
    return j;
}

std::vector<DataType> types_of(const Json& j) {
    std::vector<DataType> types;
    for (const Json& t : j) types.push_back(type_of(t));
    return types;
}

// ---- model helpers ----------------------------------------------------------------------------------

Tablet canonical(const Tablet& t) {
    Tablet c = t;
    for (Column& col : c.columns) {
        if (auto* bools = std::get_if<std::vector<std::uint8_t>>(&col.cells))
            for (std::uint8_t& b : *bools) b = b != 0;
        for (std::size_t row = 0; row < col.nulls.size(); ++row) {
            col.nulls[row] = col.nulls[row] != 0;
            if (col.nulls[row]) std::visit([row](auto& cells) { cells[row] = {}; }, col.cells);
        }
    }
    return c;
}

Schema schema_of(const Tablet& t) {
    Schema s;
    for (const Column& c : t.columns) s.types.push_back(c.type);
    s.row_count = static_cast<std::int32_t>(t.row_count());
    return s;
}

std::string describe(const SerializeOutcome& o) {
    if (!o.ok()) return fmt::format("error {}", name_of(o.error));
    return fmt::format("ok timestamps={} values={}", o.timestamps.empty() ? "''" : to_hex(o.timestamps),
                       o.values.empty() ? "''" : to_hex(o.values));
}

std::string describe(const ParseOutcome& o) {
    if (!o.ok()) return fmt::format("error {}", name_of(o.error));
    return fmt::format("ok consumed={} tablet={}", o.consumed, tablet_json(o.tablet).dump());
}

std::optional<Difference> compare_tablets(const Tablet& e, const Tablet& a) {
    for (std::size_t i = 0; i < e.timestamps.size() && i < a.timestamps.size(); ++i)
        if (e.timestamps[i] != a.timestamps[i])
            return Difference{fmt::format("timestamps[{}]", i), std::to_string(e.timestamps[i]),
                              std::to_string(a.timestamps[i])};
    if (auto d = compare_field("row count", e.timestamps.size(), a.timestamps.size(), text)) return d;
    if (auto d = compare_field("column count", e.columns.size(), a.columns.size(), text)) return d;
    for (std::size_t j = 0; j < e.columns.size(); ++j)
        if (auto d = compare_column(j, e.columns[j], a.columns[j])) return d;
    return std::nullopt;
}

// ---- serialize ----------------------------------------------------------------------------------------

std::vector<std::string_view> Serialize::profiles() { return names_of(kProfiles); }

SerializeOutcome Serialize::reference(const Input& in) { return reference::serialize(in.tablet, in.client, in.profile); }

std::optional<Difference> Serialize::compare(const SerializeOutcome& e, const SerializeOutcome& a) {
    return compare_outcomes(e, a, [](const SerializeOutcome& o) { return describe(o); },
                            [&]() -> std::optional<Difference> {
                                if (auto d = compare_bytes("timestamps", e.timestamps, a.timestamps)) return d;
                                return compare_bytes("values", e.values, a.values);
                            });
}

Json Serialize::input_json(const Input& in) {
    Json j{{"tablet", tablet_json(in.tablet)}};
    if (in.client != ClientState{}) j["client"] = client_json(in.client);
    return j;
}

Serialize::Input Serialize::input_of(const Json& j, std::string_view profile) {
    return {tablet_of(field(j, "tablet")), has_field(j, "client") ? client_of(field(j, "client")) : ClientState{},
            profile.empty() ? kProfiles[0] : record_named(kProfiles, profile, "client profile")};
}

Json Serialize::outcome_json(const SerializeOutcome& o) {
    if (!o.ok()) return {{"error", name_of(o.error)}};
    return {{"timestamps", bytes_json(o.timestamps)}, {"values", bytes_json(o.values)}};
}

SerializeOutcome Serialize::outcome_of(const Json& j) {
    SerializeOutcome o;
    if (has_field(j, "error")) {
        o.error = error_of(j);
        return o;
    }
    o.timestamps = bytes_of(field(j, "timestamps"));
    o.values = bytes_of(field(j, "values"));
    return o;
}

// ---- parse --------------------------------------------------------------------------------------------

std::vector<std::string_view> Parse::profiles() { return names_of(kParserProfiles); }

ParseOutcome Parse::reference(const Input& in) {
    return reference::parse(in.timestamps, in.values, in.schema, in.parser);
}

std::optional<Difference> Parse::compare(const ParseOutcome& e, const ParseOutcome& a) {
    return compare_outcomes(e, a, [](const ParseOutcome& o) { return describe(o); },
                            [&]() -> std::optional<Difference> {
                                if (auto d = compare_field("consumed", e.consumed, a.consumed, text)) return d;
                                return compare_tablets(e.tablet, a.tablet);
                            });
}

Json Parse::input_json(const Input& in) {
    return {{"types", types_json(in.schema.types)},
            {"rows", in.schema.row_count},
            {"timestamps", bytes_json(in.timestamps)},
            {"values", bytes_json(in.values)}};
}

Parse::Input Parse::input_of(const Json& j, std::string_view profile) {
    const Json& rows = field(j, "rows");
    if (!rows.is_number_integer() || rows.get<std::int64_t>() < INT32_MIN || rows.get<std::int64_t>() > INT32_MAX)
        throw std::invalid_argument("field `rows` is an i32, got " + rows.dump());
    return {bytes_of(field(j, "timestamps")), bytes_of(field(j, "values")),
            Schema{types_of(field(j, "types")), static_cast<std::int32_t>(rows.get<std::int64_t>())},
            profile.empty() ? kParserProfiles[0] : record_named(kParserProfiles, profile, "parser profile")};
}

Json Parse::outcome_json(const ParseOutcome& o) {
    if (!o.ok()) return {{"error", name_of(o.error)}};
    return {{"tablet", tablet_json(o.tablet)}, {"consumed", o.consumed}};
}

ParseOutcome Parse::outcome_of(const Json& j) {
    ParseOutcome o;
    if (has_field(j, "error")) {
        o.error = error_of(j);
        return o;
    }
    o.tablet = tablet_of(field(j, "tablet"));
    o.consumed = field(j, "consumed").get<std::size_t>();
    return o;
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

Contract::Outcome Contract::expected(const Input& in, const SerializeOutcome& sent) {
    if (!sent.ok()) return {sent.error, {}};
    return {ErrorClass::ok, canonical(in.tablet)};
}

Contract::Outcome Contract::reference(const Input& in) {
    return expected(in, reference::serialize(in.tablet, in.client, in.profile));
}

Contract::Outcome Contract::read_back(Subject& s, const Input& in, const SerializeOutcome& sent) {
    if (!sent.ok()) return {sent.error, {}};
    ParseOutcome read = s.parse(sent.timestamps, sent.values, schema_of(in.tablet), in.parser);
    return {read.error, read.ok() ? std::move(read.tablet) : Tablet{}};
}

Contract::Outcome Contract::run(Subject& s, const Input& in) {
    return read_back(s, in, s.serialize(in.tablet, in.client, in.profile));
}

std::optional<Difference> Contract::compare(const Outcome& e, const Outcome& a) {
    return compare_outcomes(e, a, [](const Outcome& o) { return describe(o); },
                            [&] { return compare_tablets(e.tablet, a.tablet); });
}

Contract::Input Contract::input_of(const Json& j, std::string_view profile) {
    const Serialize::Input s = Serialize::input_of(j, "");
    if (profile.empty()) return {s.tablet, s.client};
    const std::size_t colon = profile.find(':');
    if (colon == std::string_view::npos)
        throw std::invalid_argument("a contract profile is <client profile>:<parser profile>, got `" +
                                    std::string(profile) + "`");
    return {s.tablet, s.client, record_named(kProfiles, profile.substr(0, colon), "client profile"),
            record_named(kParserProfiles, profile.substr(colon + 1), "parser profile")};
}

Json Contract::outcome_json(const Outcome& o) {
    if (!o.ok()) return {{"error", name_of(o.error)}};
    return {{"tablet", tablet_json(o.tablet)}};
}

Contract::Outcome Contract::outcome_of(const Json& j) {
    if (has_field(j, "error")) return {error_of(j), {}};
    return {ErrorClass::ok, tablet_of(field(j, "tablet"))};
}

// ---- the family ---------------------------------------------------------------------------------------

void add_subject(std::unique_ptr<Subject> subject) { registry<Subject>().add(std::move(subject)); }

void Family::register_reference() { add_subject(std::make_unique<Reference>()); }

std::unique_ptr<Subject> Family::external(std::string name, std::string command) {
    return std::make_unique<External>(std::move(name), std::move(command));
}

}  // namespace tsc::iotdb
