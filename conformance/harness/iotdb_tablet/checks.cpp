#include "conformance/harness/iotdb_tablet_checks.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "conformance/harness/case_counter.hpp"
#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/iotdb_tablet_findings.hpp"
#include "conformance/harness/iotdb_tablet_json.hpp"
#include "reference/iotdb_tablet/reference.hpp"
#include "subjects/api/registry.hpp"

namespace tsc::iotdb {

namespace {

constexpr std::size_t kWindow = 16;  // bytes shown on each side of a first difference

// The bytes around `at`, with the length, so that a report on a large buffer stays readable.
std::string window(ByteView bytes, std::size_t at) {
    const std::size_t from = at > kWindow ? at - kWindow : 0;
    const std::size_t to = std::min(bytes.size(), at + kWindow + 1);
    return fmt::format("{} bytes; [{}..{}): {}{}{}", bytes.size(), from, to, from > 0 ? "…" : "",
                       to_hex(bytes.subspan(from, to - from)), to < bytes.size() ? "…" : "");
}

std::optional<Difference> compare_bytes(const char* what, ByteView e, ByteView a) {
    const std::size_t common = std::min(e.size(), a.size());
    for (std::size_t i = 0; i < common; ++i)
        if (e[i] != a[i])
            return Difference{fmt::format("{} byte {}", what, i), fmt::format("{:02x} ({})", e[i], window(e, i)),
                              fmt::format("{:02x} ({})", a[i], window(a, i))};
    if (e.size() != a.size())
        return Difference{fmt::format("{} length (first {} bytes equal)", what, common), window(e, common),
                          window(a, common)};
    return std::nullopt;
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

std::optional<Difference> compare_column(std::size_t j, const Column& e, const Column& a) {
    if (e.type != a.type) return Difference{fmt::format("columns[{}].type", j), type_name(e.type), type_name(a.type)};
    if (e.nulls.size() != a.nulls.size() || cell_count(e) != cell_count(a) || e.cells.index() != a.cells.index())
        return Difference{fmt::format("columns[{}] cell count", j), std::to_string(e.nulls.size()),
                          std::to_string(a.nulls.size())};
    for (std::size_t row = 0; row < e.nulls.size(); ++row)
        if (e.nulls[row] != a.nulls[row] || !same_cell(e, a, row))
            return Difference{fmt::format("columns[{}] ({}) row {}", j, type_name(e.type), row),
                              describe_cell(e, row), describe_cell(a, row)};
    return std::nullopt;
}

}  // namespace

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

std::optional<Difference> compare(const Tablet& e, const Tablet& a) {
    for (std::size_t i = 0; i < e.timestamps.size() && i < a.timestamps.size(); ++i)
        if (e.timestamps[i] != a.timestamps[i])
            return Difference{fmt::format("timestamps[{}]", i), std::to_string(e.timestamps[i]),
                              std::to_string(a.timestamps[i])};
    if (e.timestamps.size() != a.timestamps.size())
        return Difference{"row count", std::to_string(e.timestamps.size()), std::to_string(a.timestamps.size())};
    if (e.columns.size() != a.columns.size())
        return Difference{"column count", std::to_string(e.columns.size()), std::to_string(a.columns.size())};
    for (std::size_t j = 0; j < e.columns.size(); ++j)
        if (auto d = compare_column(j, e.columns[j], a.columns[j])) return d;
    return std::nullopt;
}

std::optional<Difference> compare(const SerializeOutcome& e, const SerializeOutcome& a) {
    if (e.error != a.error || !e.ok())
        return e.error == a.error ? std::nullopt : std::optional<Difference>({"outcome", describe(e), describe(a)});
    if (auto d = compare_bytes("timestamps", e.timestamps, a.timestamps)) return d;
    return compare_bytes("values", e.values, a.values);
}

std::optional<Difference> compare(const ParseOutcome& e, const ParseOutcome& a) {
    if (e.error != a.error || !e.ok())
        return e.error == a.error ? std::nullopt : std::optional<Difference>({"outcome", describe(e), describe(a)});
    if (e.consumed != a.consumed)
        return Difference{"consumed", std::to_string(e.consumed), std::to_string(a.consumed)};
    return compare(e.tablet, a.tablet);
}

std::string describe(const SerializeOutcome& o) {
    if (!o.ok()) return fmt::format("error {}", name_of(o.error));
    return fmt::format("ok timestamps={} values={}", o.timestamps.empty() ? "''" : to_hex(o.timestamps),
                       o.values.empty() ? "''" : to_hex(o.values));
}

std::string describe(const ParseOutcome& o) {
    if (!o.ok()) return fmt::format("error {}", name_of(o.error));
    return fmt::format("ok consumed={} tablet={}", o.consumed, to_json(o.tablet).dump());
}

namespace {

std::string quoted_hex(ByteView b) { return b.empty() ? "''" : to_hex(b); }

std::string type_list(const std::vector<DataType>& types) {
    std::vector<std::string> names;
    for (DataType t : types) names.push_back(type_name(t));
    return names.empty() ? "''" : fmt::format("{}", fmt::join(names, ","));
}

bool has_client_state(const ClientState& s) { return s != ClientState{}; }

std::string tablet_input(const Tablet& t, const ClientState& s) {
    nlohmann::json j{{"tablet", to_json(t)}};
    if (has_client_state(s)) j["client"] = to_json(s);
    return j.dump();
}

Failure serialize_failure(const std::string& operation, const std::string& subject, const std::string& profile,
                          const Tablet& t, const ClientState& s, const Profile& p, const Difference& d) {
    const std::string input = tablet_input(t, s);
    const ByteView input_bytes(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
    return Failure{"iotdb_tablet", operation, subject, profile, input, to_base64(input_bytes), d.where, d.expected,
                   d.actual, serialize_command(subject, t, s, p)};
}

}  // namespace

std::string serialize_command(const std::string& subject, const Tablet& t, const ClientState& s, const Profile& p) {
    return fmt::format("tsconform iotdb-tablet serialize --subject {} --profile {}{} '{}'", subject, p.name,
                       has_client_state(s) ? fmt::format(" --client '{}'", to_json(s).dump()) : "",
                       to_json(t).dump());
}

std::string parse_command(const std::string& subject, ByteView timestamps, ByteView values, const Schema& schema,
                          const ParserProfile& q) {
    return fmt::format("tsconform iotdb-tablet parse --subject {} --parser {} --types {} --rows {} {} {}", subject,
                       q.name, type_list(schema.types), schema.row_count, quoted_hex(timestamps), quoted_hex(values));
}

namespace {

std::vector<Failure> serialize_against(Subject& subject, const Tablet& t, const ClientState& s, const Profile& p,
                                       const SerializeOutcome& expected) {
    count_case("iotdb_tablet");
    const auto diff = compare(expected, subject.serialize(t, s, p));
    if (!diff) return {};
    return {serialize_failure("serialize", std::string(subject.name()), std::string(p.name), t, s, p, *diff)};
}

// The contract on bytes the reference has already produced for (t, s, p).
ContractVerdict contract_on(const Tablet& t, const ClientState& s, const Profile& p, const ParserProfile& q,
                            const SerializeOutcome& sent) {
    ContractVerdict v;
    v.serialized = sent.ok();
    if (!v.serialized) return v;
    const ParseOutcome read = reference::parse(sent.timestamps, sent.values, schema_of(t), q);
    if (!read.ok()) {
        v.divergence = Difference{"outcome", "ok (the tablet read back)", describe(read)};
    } else {
        v.divergence = compare(canonical(t), read.tablet);
    }
    if (!v.divergence) return v;
    v.condition = explaining_condition(t, s, p, q);
    v.registered = v.condition && is_registered(*v.condition, p.name, q.name);
    return v;
}

std::vector<Failure> contract_failures(const ContractVerdict& v, const Tablet& t, const ClientState& s,
                                       const Profile& p, const ParserProfile& q) {
    if (!v.divergence || v.registered) return {};
    Difference d = *v.divergence;
    d.where += v.condition ? fmt::format(" (condition {} is not registered for {}/{})", *v.condition, p.name, q.name)
                           : " (no known condition explains it)";
    return {serialize_failure("contract", "reference", fmt::format("{}, parser {}", p.name, q.name), t, s, p, d)};
}

void append(std::vector<Failure>& to, std::vector<Failure> more) {
    for (Failure& f : more) to.push_back(std::move(f));
}

}  // namespace

std::vector<Failure> check_serialize(Subject& subject, const Tablet& t, const ClientState& s, const Profile& p) {
    return serialize_against(subject, t, s, p, reference::serialize(t, s, p));
}

std::vector<Failure> check_serialize(const Tablet& t, const ClientState& s, const Profile& p) {
    const SerializeOutcome expected = reference::serialize(t, s, p);
    std::vector<Failure> failures;
    for (Subject* subject : subjects_under_test()) append(failures, serialize_against(*subject, t, s, p, expected));
    return failures;
}

std::vector<Failure> check_parse(Subject& subject, ByteView timestamps, ByteView values, const Schema& schema,
                                 const ParserProfile& q) {
    count_case("iotdb_tablet");
    const ParseOutcome expected = reference::parse(timestamps, values, schema, q);
    const ParseOutcome actual = subject.parse(timestamps, values, schema, q);
    const auto diff = compare(expected, actual);
    if (!diff) return {};
    const std::string name(subject.name());
    Bytes both(timestamps.begin(), timestamps.end());
    both.insert(both.end(), values.begin(), values.end());
    return {Failure{"iotdb_tablet", "parse", name, std::string(q.name),
                    fmt::format("types={} rows={} timestamps={} values={}", type_list(schema.types), schema.row_count,
                                quoted_hex(timestamps), quoted_hex(values)),
                    fmt::format("{} (timestamps then values)", to_base64(both)), diff->where, diff->expected,
                    diff->actual, parse_command(name, timestamps, values, schema, q)}};
}

std::vector<Failure> check_parse(ByteView timestamps, ByteView values, const Schema& schema, const ParserProfile& q) {
    std::vector<Failure> failures;
    for (Subject* subject : subjects_under_test()) append(failures, check_parse(*subject, timestamps, values, schema, q));
    return failures;
}

ContractVerdict contract(const Tablet& t, const ClientState& s, const Profile& p, const ParserProfile& q) {
    return contract_on(t, s, p, q, reference::serialize(t, s, p));
}

std::vector<Failure> check_contract(const Tablet& t, const ClientState& s, const Profile& p, const ParserProfile& q) {
    return contract_failures(contract(t, s, p, q), t, s, p, q);
}

std::vector<Failure> check_tablet(const Tablet& t, const ClientState& s) {
    std::vector<Failure> failures;
    const std::vector<Subject*> subjects = subjects_under_test();
    for (const Profile& p : kProfiles) {
        const SerializeOutcome sent = reference::serialize(t, s, p);
        for (Subject* subject : subjects) append(failures, serialize_against(*subject, t, s, p, sent));
        if (!sent.ok()) continue;
        for (const ParserProfile& q : kParserProfiles) {
            append(failures, check_parse(sent.timestamps, sent.values, schema_of(t), q));
            append(failures, contract_failures(contract_on(t, s, p, q, sent), t, s, p, q));
        }
    }
    return failures;
}

}  // namespace tsc::iotdb
