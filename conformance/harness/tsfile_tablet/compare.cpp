// Tablets compared field by field and summarized, for the operations' divergence policy.
#include <fmt/format.h>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/tsfile_tablet/operations.hpp"

namespace tsc::tsfile {
namespace {

// A String as JSON text (escaped; bytes that are not UTF-8 shown as U+FFFD, so a report stays
// printable) and as its hex bytes.
std::string text_of(const String& s) {
    if (!s) return "null";
    return fmt::format("{} ({})", Json(*s).dump(-1, ' ', false, Json::error_handler_t::replace),
                       to_hex(ByteView(reinterpret_cast<const std::uint8_t*>(s->data()), s->size())));
}

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

std::string describe(const DeserializeOutcome& o) {
    if (!o.ok()) return fmt::format("error {}", name_of(o.error));
    return fmt::format("ok consumed={} {}", o.consumed, describe(o.tablet));
}

}  // namespace tsc::tsfile
