#include "conformance/harness/qwp_gorilla_checks.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "conformance/harness/case_counter.hpp"
#include "conformance/harness/encoding_text.hpp"
#include "reference/qwp_gorilla/reference.hpp"
#include "subjects/api/registry.hpp"

namespace tsc::qwp {

namespace {

constexpr std::size_t kShownValues = 12;

std::string describe_values(const std::vector<std::int64_t>& values) {
    if (values.size() <= kShownValues) return fmt::format("[{}]", fmt::join(values, ","));
    std::vector<std::int64_t> head(values.begin(), values.begin() + kShownValues);
    return fmt::format("[{},… {} more]", fmt::join(head, ","), values.size() - kShownValues);
}

bool is_null(const Column& c, std::uint64_t row) {
    return c.has_null_bitmap && ((c.null_bitmap[row >> 3] >> (row & 7)) & 1u);
}

}  // namespace

std::string describe(const Column& c) {
    return fmt::format("rows={} bitmap={} values={}", c.row_count,
                       c.has_null_bitmap ? to_hex(c.null_bitmap) : std::string("none"), describe_values(c.values));
}

std::string describe(const DecodeOutcome& o) {
    if (!o.ok()) return fmt::format("error {}", name_of(o.error));
    return fmt::format("ok encoding={} consumed={} {}", name_of(o.encoding), o.consumed, describe(o.column));
}

std::optional<Difference> compare(const DecodeOutcome& e, const DecodeOutcome& a) {
    if (e.error != a.error || !e.ok())
        return e.error == a.error ? std::nullopt
                                  : std::optional<Difference>({"outcome", describe(e), describe(a)});
    if (e.encoding != a.encoding)
        return Difference{"encoding", std::string(name_of(e.encoding)), std::string(name_of(a.encoding))};
    if (e.consumed != a.consumed)
        return Difference{"consumed", std::to_string(e.consumed), std::to_string(a.consumed)};
    if (e.column.row_count != a.column.row_count)
        return Difference{"row_count", std::to_string(e.column.row_count), std::to_string(a.column.row_count)};
    if (e.column.has_null_bitmap != a.column.has_null_bitmap || e.column.null_bitmap != a.column.null_bitmap)
        return Difference{"null bitmap", describe(e.column), describe(a.column)};
    const auto& ev = e.column.values;
    const auto& av = a.column.values;
    for (std::size_t i = 0; i < ev.size() && i < av.size(); ++i)
        if (ev[i] != av[i])
            return Difference{fmt::format("values[{}]", i), fmt::format("{} ({:#018x})", ev[i], ev[i]),
                              fmt::format("{} ({:#018x}, xor {:#x})", av[i], av[i],
                                          static_cast<std::uint64_t>(ev[i] ^ av[i]))};
    if (ev.size() != av.size())
        return Difference{"value count", std::to_string(ev.size()), std::to_string(av.size())};
    return std::nullopt;
}

std::optional<Difference> compare_bytes(ByteView e, ByteView a) {
    for (std::size_t i = 0; i < e.size() && i < a.size(); ++i)
        if (e[i] != a[i])
            return Difference{fmt::format("byte {}", i),
                              fmt::format("{:02x} (of {} bytes: {})", e[i], e.size(), to_hex(e)),
                              fmt::format("{:02x} (of {} bytes: {})", a[i], a.size(), to_hex(a))};
    if (e.size() != a.size())
        return Difference{fmt::format("length (first {} bytes equal)", std::min(e.size(), a.size())),
                          fmt::format("{} bytes: {}", e.size(), to_hex(e)),
                          fmt::format("{} bytes: {}", a.size(), to_hex(a))};
    return std::nullopt;
}

std::string decode_command(const std::string& subject, ByteView body, const Framing& f, const Profile& p) {
    return fmt::format("tsconform qwp-gorilla decode --subject {} --profile {} --rows {}{} {}", subject, p.name,
                       f.row_count, f.gorilla_flag ? "" : " --no-gorilla-flag", body.empty() ? "''" : to_hex(body));
}

std::string encode_command(const std::string& subject, const Column& c, bool gorilla_flag) {
    std::vector<std::string> rows;
    std::size_t next = 0;
    for (std::uint64_t r = 0; r < c.row_count; ++r)
        rows.push_back(is_null(c, r) || next >= c.values.size() ? "null" : std::to_string(c.values[next++]));
    return fmt::format("tsconform qwp-gorilla encode --subject {}{}{} {}", subject,
                       gorilla_flag ? "" : " --no-gorilla-flag", c.has_null_bitmap ? " --bitmap" : "",
                       rows.empty() ? "''" : fmt::format("{}", fmt::join(rows, ",")));
}

std::vector<Failure> check_decode(Subject& s, ByteView body, const Framing& f, const Profile& p) {
    count_case("qwp_gorilla");
    const DecodeOutcome expected = reference::decode(body, f, p);
    const DecodeOutcome actual = s.decode(body, f, p);
    const auto diff = compare(expected, actual);
    if (!diff) return {};
    return {Failure{"qwp_gorilla", "decode", std::string(s.name()), std::string(p.name), to_hex(body),
                    to_base64(body), diff->where, diff->expected, diff->actual,
                    decode_command(std::string(s.name()), body, f, p)}};
}

std::vector<Failure> check_decode(ByteView body, const Framing& f, const Profile& p) {
    std::vector<Failure> failures;
    for (Subject* s : subjects_under_test())
        for (Failure& fl : check_decode(*s, body, f, p)) failures.push_back(std::move(fl));
    return failures;
}

std::vector<Failure> check_encode(Subject& s, const Column& column, bool gorilla_flag) {
    count_case("qwp_gorilla");
    const Bytes expected = reference::encode(column, gorilla_flag);
    const Bytes actual = s.encode(column, gorilla_flag);
    const std::string name(s.name());
    std::vector<Failure> failures;
    if (const auto diff = compare_bytes(expected, actual)) {
        failures.push_back({"qwp_gorilla", "encode", name, "-", describe(column), "-", diff->where, diff->expected,
                            diff->actual, encode_command(name, column, gorilla_flag)});
        return failures;
    }
    // The canonical bytes must decode back to the column, under every profile.
    const Framing framing{column.row_count, gorilla_flag};
    DecodeOutcome want;
    want.column = column;
    want.consumed = expected.size();
    for (const Profile& p : kProfiles) {
        want.encoding = reference::decode(expected, framing, p).encoding;
        const DecodeOutcome got = s.decode(expected, framing, p);
        if (const auto diff = compare(want, got))
            failures.push_back({"qwp_gorilla", "roundtrip", name, std::string(p.name), to_hex(expected),
                                to_base64(expected), diff->where, diff->expected, diff->actual,
                                decode_command(name, expected, framing, p)});
    }
    return failures;
}

std::vector<Failure> check_encode(const Column& column, bool gorilla_flag) {
    std::vector<Failure> failures;
    for (Subject* s : subjects_under_test())
        for (Failure& f : check_encode(*s, column, gorilla_flag)) failures.push_back(std::move(f));
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
