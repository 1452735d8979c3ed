#include "conformance/harness/tsfile_tablet_checks.hpp"

#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "conformance/harness/case_counter.hpp"
#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/tsfile_tablet_json.hpp"
#include "reference/tsfile_tablet/reference.hpp"
#include "subjects/api/registry.hpp"

namespace tsc::tsfile {

namespace {

constexpr std::size_t kShownChars = 400;
constexpr std::size_t kCommandLineLimit = 2000;

std::string shorten(std::string s) {
    if (s.size() > kShownChars) s = s.substr(0, kShownChars) + fmt::format("… ({} chars)", s.size());
    return s;
}

std::string text_of(const String& s) { return s ? fmt::format("\"{}\" ({})", *s, to_hex(ByteView(
    reinterpret_cast<const std::uint8_t*>(s->data()), s->size()))) : "null"; }

template <class T>
std::string presence(const std::optional<T>& x) {
    return x ? "present" : "absent";
}

std::optional<Difference> differ(std::string where, std::string expected, std::string actual) {
    return Difference{std::move(where), std::move(expected), std::move(actual)};
}

std::string cell_text(const Column& c, std::size_t i) {
    return std::visit(
        [i](const auto& v) -> std::string {
            using Cells = std::decay_t<decltype(v)>;
            const auto& x = v[i];
            if constexpr (std::is_same_v<Cells, FloatCells>) {
                return fmt::format("{:08x}", x);
            } else if constexpr (std::is_same_v<Cells, DoubleCells>) {
                return fmt::format("{:016x}", x);
            } else if constexpr (std::is_same_v<Cells, BinaryCells>) {
                return x ? "Binary " + to_hex(*x) : std::string("absent");
            } else if constexpr (std::is_same_v<Cells, DateCells>) {
                return x ? fmt::format("{}-{:02d}-{:02d}", x->year, x->month, x->day) : std::string("null");
            } else {
                return fmt::format("{}", x);
            }
        },
        c);
}

std::size_t cell_count(const Column& c) {
    return std::visit([](const auto& v) { return v.size(); }, c);
}

std::optional<Difference> compare_schema(const std::string& at, const Schema& e, const Schema& a) {
    if (e.name != a.name) return differ(at + ".name", text_of(e.name), text_of(a.name));
    if (e.type != a.type) return differ(at + ".type", std::to_string(e.type), std::to_string(a.type));
    if (e.encoding != a.encoding) return differ(at + ".encoding", std::to_string(e.encoding), std::to_string(a.encoding));
    if (e.compressor != a.compressor)
        return differ(at + ".compressor", std::to_string(e.compressor), std::to_string(a.compressor));
    for (std::size_t i = 0; i < e.props.size() && i < a.props.size(); ++i) {
        if (e.props[i].key != a.props[i].key)
            return differ(fmt::format("{}.props[{}].key", at, i), text_of(e.props[i].key), text_of(a.props[i].key));
        if (e.props[i].value != a.props[i].value)
            return differ(fmt::format("{}.props[{}].value", at, i), text_of(e.props[i].value), text_of(a.props[i].value));
    }
    if (e.props.size() != a.props.size())
        return differ(at + ".props count", std::to_string(e.props.size()), std::to_string(a.props.size()));
    if (e.category != a.category)
        return differ(at + ".category", std::string(name_of(e.category)), std::string(name_of(a.category)));
    return std::nullopt;
}

std::optional<Difference> compare_column(const std::string& at, const Column& e, const Column& a) {
    if (e.index() != a.index())
        return differ(at + ".kind", std::string(kCellKindNames[e.index()]), std::string(kCellKindNames[a.index()]));
    const std::size_t ne = cell_count(e), na = cell_count(a);
    for (std::size_t i = 0; i < ne && i < na; ++i) {
        const std::string ce = cell_text(e, i), ca = cell_text(a, i);
        if (ce != ca) return differ(fmt::format("{}[{}]", at, i), ce, ca);
    }
    if (ne != na) return differ(at + " cell count", std::to_string(ne), std::to_string(na));
    return std::nullopt;
}

// Compares two optional lists entry by entry with `one`.
template <class T, class One>
std::optional<Difference> compare_list(const std::string& at, const std::optional<std::vector<T>>& e,
                                       const std::optional<std::vector<T>>& a, One one) {
    if (e.has_value() != a.has_value()) return differ(at, presence(e), presence(a));
    if (!e) return std::nullopt;
    for (std::size_t i = 0; i < e->size() && i < a->size(); ++i)
        if (auto d = one(fmt::format("{}[{}]", at, i), (*e)[i], (*a)[i])) return d;
    if (e->size() != a->size()) return differ(at + " count", std::to_string(e->size()), std::to_string(a->size()));
    return std::nullopt;
}

template <class T, class One>
auto optional_entry(One one) {
    return [one](const std::string& at, const std::optional<T>& e, const std::optional<T>& a) -> std::optional<Difference> {
        if (e.has_value() != a.has_value()) return differ(at, presence(e), presence(a));
        return e ? one(at, *e, *a) : std::nullopt;
    };
}

// The file a long reproduce command reads its tablet from: named by the content's FNV-1a hash.
std::string tablet_argument(const Tablet& t) {
    const std::string text = to_json(t).dump();
    if (text.size() <= kCommandLineLimit) return "'" + text + "'";
    std::uint64_t h = 0xcbf29ce484222325u;
    for (unsigned char c : text) h = (h ^ c) * 0x100000001b3u;
    std::error_code ec;
    const std::filesystem::path path =
        std::filesystem::temp_directory_path(ec) / fmt::format("tsconform-tsfile_tablet-{:016x}.json", h);
    std::ofstream(path) << text << '\n';
    return "@" + path.string();
}

Failure failure(const std::string& operation, const Subject& s, Layout layout, std::string input_hex,
                std::string input_b64, const Difference& d, std::string reproduce) {
    return Failure{"tsfile_tablet", operation, std::string(s.name()), std::string(name_of(layout)),
                   std::move(input_hex), std::move(input_b64), d.where, d.expected, d.actual, std::move(reproduce)};
}

// A recognizable pattern for the bytes the serializer must not touch.
std::uint8_t guard_byte(std::size_t i) { return static_cast<std::uint8_t>(0xA5u ^ (i * 29u)); }

}  // namespace

std::string describe(const Tablet& t) {
    std::string schemas = "absent";
    if (t.schemas) {
        schemas = "[";
        for (const std::optional<Schema>& s : *t.schemas) {
            if (schemas.size() > 1) schemas += ",";
            schemas += !s ? "null" : s->type < kDataTypeNames.size() ? std::string(name_of(static_cast<DataType>(s->type)))
                                                                     : std::to_string(s->type);
        }
        schemas += "]";
    }
    const auto count = [](const auto& list) { return list ? std::to_string(list->size()) : std::string("absent"); };
    return fmt::format("target={} rows={} schemas={} timestamps={} bitmaps={} values={}", text_of(t.target), t.row_size,
                       schemas, count(t.timestamps), count(t.bitmaps), count(t.values));
}

std::string describe(const DeserializeOutcome& o) {
    if (!o.ok()) return fmt::format("error {}", name_of(o.error));
    return fmt::format("ok consumed={} {}", o.consumed, describe(o.tablet));
}

std::optional<Difference> compare(const Tablet& e, const Tablet& a) {
    if (e.target != a.target) return differ("target", text_of(e.target), text_of(a.target));
    if (e.row_size != a.row_size) return differ("row_size", std::to_string(e.row_size), std::to_string(a.row_size));
    if (auto d = compare_list("schemas", e.schemas, a.schemas, optional_entry<Schema>(compare_schema))) return d;
    if (auto d = compare_list("timestamps", e.timestamps, a.timestamps,
                              [](const std::string& at, std::int64_t x, std::int64_t y) -> std::optional<Difference> {
                                  if (x == y) return std::nullopt;
                                  return differ(at, fmt::format("{} ({:#018x})", x, x), fmt::format("{} ({:#018x})", y, y));
                              }))
        return d;
    const auto bitmap = [](const std::string& at, const BitMap& x, const BitMap& y) -> std::optional<Difference> {
        if (x.size != y.size) return differ(at + ".size", std::to_string(x.size), std::to_string(y.size));
        if (x.bytes != y.bytes) return differ(at + ".bytes", to_hex(x.bytes), to_hex(y.bytes));
        return std::nullopt;
    };
    if (auto d = compare_list("bitmaps", e.bitmaps, a.bitmaps, optional_entry<BitMap>(bitmap))) return d;
    return compare_list("values", e.values, a.values, optional_entry<Column>(compare_column));
}

std::optional<Difference> compare(const DeserializeOutcome& e, const DeserializeOutcome& a) {
    if (e.error != a.error || !e.ok())
        return e.error == a.error ? std::nullopt : differ("outcome", describe(e), describe(a));
    if (e.consumed != a.consumed) return differ("consumed", std::to_string(e.consumed), std::to_string(a.consumed));
    return compare(e.tablet, a.tablet);
}

std::optional<Difference> compare_bytes(ByteView e, ByteView a) {
    for (std::size_t i = 0; i < e.size() && i < a.size(); ++i)
        if (e[i] != a[i])
            return differ(fmt::format("byte {}", i), fmt::format("{:02x} (of {} bytes: {})", e[i], e.size(), shorten(to_hex(e))),
                          fmt::format("{:02x} (of {} bytes: {})", a[i], a.size(), shorten(to_hex(a))));
    if (e.size() != a.size())
        return differ(fmt::format("length (first {} bytes equal)", std::min(e.size(), a.size())),
                      fmt::format("{} bytes: {}", e.size(), shorten(to_hex(e))),
                      fmt::format("{} bytes: {}", a.size(), shorten(to_hex(a))));
    return std::nullopt;
}

std::string serialize_command(const std::string& subject, const Tablet& t, Layout layout, std::size_t offset) {
    return fmt::format("tsconform tsfile-tablet serialize --subject {} --layout {} --offset {} {}", subject,
                       name_of(layout), offset, tablet_argument(t));
}

std::string deserialize_command(const std::string& subject, ByteView in, Layout layout) {
    return fmt::format("tsconform tsfile-tablet deserialize --subject {} --layout {} {}", subject, name_of(layout),
                       in.empty() ? "''" : to_hex(in));
}

SerializeOutcome serialize_with(Subject& s, const Tablet& t, Layout layout, std::size_t offset) {
    SerializeOutcome out;
    const SizeOutcome size = s.serialized_size(t, layout);
    if (!size.ok()) {
        out.error = size.error;
        return out;
    }
    Bytes buffer(offset + size.size);
    out.error = s.serialize_into(t, layout, buffer, offset);
    if (out.ok()) out.bytes.assign(buffer.begin() + static_cast<std::ptrdiff_t>(offset), buffer.end());
    return out;
}

std::vector<Failure> check_serialize(Subject& s, const Tablet& t, Layout layout, std::size_t offset) {
    count_case("tsfile_tablet");
    const SerializeOutcome ref = reference::serialize(t, layout);
    const std::string name(s.name());
    // The input of a serialize check is a tablet: its JSON (shortened) stands in the hex field.
    const auto fail = [&](const std::string& operation, const Difference& d) {
        return std::vector<Failure>{failure(operation, s, layout, shorten(to_json(t).dump()), "-", d,
                                            serialize_command(name, t, layout, offset))};
    };
    const std::string ref_outcome = ref.ok() ? fmt::format("{} bytes", ref.bytes.size()) : fmt::format("error {}", name_of(ref.error));

    // serializedSize(): the exact size, or the reference's error.
    const SizeOutcome size = s.serialized_size(t, layout);
    const std::string size_outcome = size.ok() ? fmt::format("{} bytes", size.size) : fmt::format("error {}", name_of(size.error));
    if (size.error != ref.error || (ref.ok() && size.size != ref.bytes.size()))
        return fail("serialized_size", {"outcome", ref_outcome, size_outcome});

    // serialize(ByteBuffer) at the offset of a guarded buffer with some room after the tablet.
    constexpr std::size_t kRoomAfter = 9;
    Bytes buffer(offset + ref.bytes.size() + kRoomAfter);
    for (std::size_t i = 0; i < buffer.size(); ++i) buffer[i] = guard_byte(i);
    const ErrorClass e = s.serialize_into(t, layout, buffer, offset);
    if (e != ref.error) return fail("serialize_into", {"outcome", ref_outcome, fmt::format("error {}", name_of(e))});
    Bytes want = buffer;
    for (std::size_t i = 0; i < ref.bytes.size(); ++i) want[offset + i] = ref.bytes[i];
    for (std::size_t i = 0; i < buffer.size(); ++i) {
        if (buffer[i] == want[i]) continue;
        const bool inside = ref.ok() && i >= offset && i < offset + ref.bytes.size();
        if (inside)
            return fail("serialize_into", *compare_bytes(ref.bytes, ByteView(buffer).subspan(offset, ref.bytes.size())));
        return fail("serialize_into",
                    {fmt::format("buffer byte {} (tablet written at [{}, {}))", i, offset, offset + ref.bytes.size()),
                     fmt::format("{:02x} untouched", want[i]), fmt::format("{:02x}", buffer[i])});
    }
    if (!ref.ok()) return {};

    // A buffer one byte too small: buffer_too_small, nothing written.
    if (!ref.bytes.empty()) {
        Bytes tight(offset + ref.bytes.size() - 1);
        for (std::size_t i = 0; i < tight.size(); ++i) tight[i] = guard_byte(i);
        const Bytes before = tight;
        const ErrorClass small = s.serialize_into(t, layout, tight, offset);
        if (small != ErrorClass::buffer_too_small || tight != before)
            return fail("serialize_into", {fmt::format("buffer of {} bytes at offset {}", tight.size(), offset),
                                           "error buffer_too_small, nothing written",
                                           fmt::format("{}{}", name_of(small), tight != before ? ", bytes written" : "")});
    }

    // The subject reads the reference's bytes back as the reference does.
    std::vector<Failure> failures = check_deserialize(s, ref.bytes, layout);
    for (Failure& f : failures) f.operation = "roundtrip";
    return failures;
}

std::vector<Failure> check_serialize(const Tablet& t, Layout layout, std::size_t offset) {
    std::vector<Failure> failures;
    for (Subject* s : subjects_under_test())
        for (Failure& f : check_serialize(*s, t, layout, offset)) failures.push_back(std::move(f));
    return failures;
}

std::vector<Failure> check_deserialize(Subject& s, ByteView in, Layout layout) {
    count_case("tsfile_tablet");
    const DeserializeOutcome expected = reference::deserialize(in, layout);
    const DeserializeOutcome actual = s.deserialize(in, layout);
    const auto d = compare(expected, actual);
    if (!d) return {};
    return {failure("deserialize", s, layout, shorten(to_hex(in)), shorten(to_base64(in)), *d,
                    deserialize_command(std::string(s.name()), in, layout))};
}

std::vector<Failure> check_deserialize(ByteView in, Layout layout) {
    std::vector<Failure> failures;
    for (Subject* s : subjects_under_test())
        for (Failure& f : check_deserialize(*s, in, layout)) failures.push_back(std::move(f));
    return failures;
}

}  // namespace tsc::tsfile
