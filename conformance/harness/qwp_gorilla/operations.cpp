#include "conformance/harness/qwp_gorilla/operations.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/names.hpp"
#include "conformance/harness/protocol.hpp"
#include "reference/qwp_gorilla/reference.hpp"

namespace tsc::qwp {
namespace {

constexpr std::size_t kShownValues = 12;

std::string describe_values(const std::vector<std::int64_t>& values) {
    if (values.size() <= kShownValues) return fmt::format("[{}]", fmt::join(values, ","));
    std::vector<std::int64_t> head(values.begin(), values.begin() + kShownValues);
    return fmt::format("[{},… {} more]", fmt::join(head, ","), values.size() - kShownValues);
}

std::string describe(const Column& c) {
    return fmt::format("rows={} bitmap={} values={}", c.row_count,
                       c.has_null_bitmap ? to_hex(c.null_bitmap) : std::string("none"), describe_values(c.values));
}

std::string describe(const DecodeOutcome& o) {
    if (!o.ok()) return fmt::format("error {}", name_of(o.error));
    return fmt::format("ok encoding={} consumed={} {}", name_of(o.encoding), o.consumed, describe(o.column));
}

std::optional<Difference> compare_values(const std::vector<std::int64_t>& ev, const std::vector<std::int64_t>& av) {
    for (std::size_t i = 0; i < ev.size() && i < av.size(); ++i)
        if (ev[i] != av[i])
            return Difference{fmt::format("values[{}]", i), fmt::format("{} ({:#018x})", ev[i], ev[i]),
                              fmt::format("{} ({:#018x}, xor {:#x})", av[i], av[i],
                                          static_cast<std::uint64_t>(ev[i] ^ av[i]))};
    return compare_field("value count", ev.size(), av.size(), [](std::size_t n) { return std::to_string(n); });
}

std::string text(std::uint64_t n) { return std::to_string(n); }

class Reference final : public Subject {
public:
    std::string_view name() const override { return kReferenceName; }
    Bytes encode(const Column& c, bool gorilla_flag) override { return reference::encode(c, gorilla_flag); }
    DecodeOutcome decode(ByteView body, const Framing& f, const Profile& p) override {
        return reference::decode(body, f, p);
    }
};

class External final : public Subject {
public:
    External(std::string name, std::string command) : name_(std::move(name)), process_(std::move(command)) {}
    std::string_view name() const override { return name_; }
    Bytes encode(const Column& column, bool gorilla_flag) override {
        return protocol::call<Encode>(process_, {column, gorilla_flag}).bytes;
    }
    DecodeOutcome decode(ByteView body, const Framing& framing, const Profile& profile) override {
        return protocol::call<Decode>(process_, {Bytes(body.begin(), body.end()), framing, profile});
    }

private:
    std::string name_;
    ExternalProcess process_;
};

}  // namespace

Json column_json(const Column& c) {
    Json values = Json::array();
    for (std::int64_t v : c.values) values.push_back(int64_json(v));
    return {{"rows", uint64_json(c.row_count)},
            {"null_bitmap", c.has_null_bitmap ? bytes_json(c.null_bitmap) : Json(nullptr)},
            {"values", values}};
}

Column column_of(const Json& j) {
    Column c;
    c.row_count = uint64_of(field(j, "rows"));
    c.has_null_bitmap = !field(j, "null_bitmap").is_null();
    if (c.has_null_bitmap) c.null_bitmap = bytes_of(field(j, "null_bitmap"));
    for (const Json& v : field(j, "values")) c.values.push_back(int64_of(v));
    return c;
}

std::vector<std::string_view> Decode::profiles() { return names_of(kProfiles); }

DecodeOutcome Decode::reference(const Input& in) { return reference::decode(in.body, in.framing, in.profile); }

std::optional<Difference> Decode::compare(const DecodeOutcome& e, const DecodeOutcome& a) {
    return compare_outcomes(e, a, [](const DecodeOutcome& o) { return describe(o); },
                            [&]() -> std::optional<Difference> {
                                if (auto d = compare_field("encoding", e.encoding, a.encoding,
                                                           [](Encoding x) { return std::string(name_of(x)); }))
                                    return d;
                                if (auto d = compare_field("consumed", std::uint64_t{e.consumed},
                                                           std::uint64_t{a.consumed}, text))
                                    return d;
                                if (auto d = compare_field("row_count", e.column.row_count, a.column.row_count, text))
                                    return d;
                                if (e.column.has_null_bitmap != a.column.has_null_bitmap ||
                                    e.column.null_bitmap != a.column.null_bitmap)
                                    return Difference{"null bitmap", describe(e.column), describe(a.column)};
                                return compare_values(e.column.values, a.column.values);
                            });
}

Json Decode::input_json(const Input& in) {
    return {{"bytes", bytes_json(in.body)}, {"rows", uint64_json(in.framing.row_count)}, {"gorilla", in.framing.gorilla_flag}};
}

Decode::Input Decode::input_of(const Json& j, std::string_view profile) {
    return {bytes_of(field(j, "bytes")),
            {uint64_of(field(j, "rows")), bool_field(j, "gorilla")},
            profile.empty() ? kDefaultProfile : record_named(kProfiles, profile, "qwp_gorilla profile")};
}

Json Decode::outcome_json(const DecodeOutcome& o) {
    if (!o.ok()) return {{"error", name_of(o.error)}};
    return {{"encoding", name_of(o.encoding)}, {"consumed", o.consumed}, {"column", column_json(o.column)}};
}

DecodeOutcome Decode::outcome_of(const Json& j) {
    DecodeOutcome o;
    if (has_field(j, "error")) {
        o.error = value_named<ErrorClass>(kErrorClassNames, string_field(j, "error"), "qwp_gorilla error class");
        if (o.ok()) throw std::invalid_argument("an outcome's `error` is never `ok`: leave it out");
        return o;
    }
    o.encoding = value_named<Encoding>(kEncodingNames, string_field(j, "encoding"), "encoding");
    o.consumed = field(j, "consumed").get<std::size_t>();
    o.column = column_of(field(j, "column"));
    return o;
}

Encode::Outcome Encode::reference(const Input& in) { return {reference::encode(in.column, in.gorilla_flag)}; }

std::optional<Difference> Encode::compare(const Outcome& e, const Outcome& a) {
    return compare_bytes("bytes", e.bytes, a.bytes);
}

Json Encode::input_json(const Input& in) { return {{"column", column_json(in.column)}, {"gorilla", in.gorilla_flag}}; }

Encode::Input Encode::input_of(const Json& j, std::string_view) {
    return {column_of(field(j, "column")), bool_field(j, "gorilla")};
}

void add_subject(std::unique_ptr<Subject> subject) { registry<Subject>().add(std::move(subject)); }

void Family::register_reference() { add_subject(std::make_unique<Reference>()); }

std::unique_ptr<Subject> Family::external(std::string name, std::string command) {
    return std::make_unique<External>(std::move(name), std::move(command));
}

std::vector<Failure> check_roundtrip(const Column& column, bool gorilla_flag) {
    const Encode::Input input{column, gorilla_flag};
    const Encode::Outcome expected = Encode::reference(input);
    std::vector<Failure> failures;
    for (Subject* s : subjects_under_test<Subject>()) {
        std::vector<Failure> found = check_against<Encode>(*s, input, expected);
        for (const Profile& p : kProfiles)
            for (Failure& f : check<Decode>(*s, {expected.bytes, {column.row_count, gorilla_flag}, p})) {
                f.operation = "roundtrip";
                found.push_back(std::move(f));
            }
        for (Failure& f : found) failures.push_back(std::move(f));
    }
    return failures;
}

Column make_column(const std::vector<std::optional<std::int64_t>>& rows, bool force_bitmap) {
    Column c;
    c.row_count = rows.size();
    c.null_bitmap.assign((rows.size() + 7) / 8, 0);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i]) {
            c.values.push_back(*rows[i]);
        } else {
            c.has_null_bitmap = true;
            c.null_bitmap[i >> 3] = static_cast<std::uint8_t>(c.null_bitmap[i >> 3] | (1u << (i & 7)));
        }
    }
    c.has_null_bitmap = c.has_null_bitmap || force_bitmap;
    if (!c.has_null_bitmap) c.null_bitmap.clear();
    return c;
}

}  // namespace tsc::qwp
