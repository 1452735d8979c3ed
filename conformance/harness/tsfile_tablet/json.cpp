// The JSON form of a TsFile tablet (operations.hpp), read and written.
#include <limits>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "conformance/harness/names.hpp"
#include "conformance/harness/tablet_cells.hpp"
#include "conformance/harness/tsfile_tablet/operations.hpp"

namespace tsc::tsfile {
namespace {

[[noreturn]] void bad(const std::string& where, const std::string& what) {
    throw std::invalid_argument("tsfile tablet JSON, " + where + ": " + what);
}

// A json_values.hpp reader at `where`: its error names the place in the tablet.
template <class Read>
auto at(const std::string& where, Read read) {
    try {
        return read();
    } catch (const std::invalid_argument& e) {
        if (std::string_view(e.what()).starts_with("tsfile tablet JSON")) throw;
        bad(where, e.what());
    }
}

Bytes text_of(const Json& j, const std::string& where) {
    return at(where, [&] { return tsc::text_of(j); });
}

Json string_json(const String& s) {
    if (!s) return nullptr;
    return text_json(ByteView(reinterpret_cast<const std::uint8_t*>(s->data()), s->size()));
}

String string_of(const Json& j, const std::string& where) {
    if (j.is_null()) return std::nullopt;
    const Bytes b = text_of(j, where);
    return std::string(b.begin(), b.end());
}

const Json& member(const Json& j, const char* key) {
    static const Json null_value = nullptr;
    return j.is_object() && j.contains(key) ? j.at(key) : null_value;
}

template <class Int>
Int integer(const Json& j, const std::string& where) {
    if (!j.is_number_integer()) bad(where, "expected an integer, found " + j.dump());
    const auto v = j.get<std::int64_t>();
    if (v < static_cast<std::int64_t>(std::numeric_limits<Int>::min()) ||
        v > static_cast<std::int64_t>(std::numeric_limits<Int>::max()))
        bad(where, "out of range: " + j.dump());
    return static_cast<Int>(v);
}

// ---- schemas ------------------------------------------------------------------------------------

Json schema_json(const Schema& s) {
    Json props = Json::array();
    for (const Property& p : s.props) props.push_back(Json::array({string_json(p.key), string_json(p.value)}));
    const Json type = s.type < kDataTypeNames.size() ? Json(name_of(static_cast<DataType>(s.type))) : Json(s.type);
    return Json{{"name", string_json(s.name)},   {"type", type},   {"encoding", s.encoding},
                {"compressor", s.compressor}, {"props", props}, {"category", name_of(s.category)}};
}

Schema schema_of(const Json& j, const std::string& where) {
    Schema s;
    s.name = string_of(member(j, "name"), where + ".name");
    const Json& type = member(j, "type");
    if (type.is_string()) {
        s.type = static_cast<std::uint8_t>(
            at(where + ".type", [&] { return value_named<DataType>(kDataTypeNames, type.get<std::string>(), "data type"); }));
    } else {
        s.type = integer<std::uint8_t>(type, where + ".type");
    }
    s.encoding = member(j, "encoding").is_null() ? 0 : integer<std::uint8_t>(member(j, "encoding"), where + ".encoding");
    s.compressor =
        member(j, "compressor").is_null() ? 0 : integer<std::uint8_t>(member(j, "compressor"), where + ".compressor");
    const Json& props = member(j, "props");
    for (std::size_t i = 0; props.is_array() && i < props.size(); ++i) {
        const std::string w = fmt::format("{}.props[{}]", where, i);
        if (!props[i].is_array() || props[i].size() != 2) bad(w, "expected [key, value]");
        s.props.push_back(Property{string_of(props[i][0], w + "[0]"), string_of(props[i][1], w + "[1]")});
    }
    const Json& category = member(j, "category");
    if (category.is_null()) {
        s.category = ColumnCategory::FIELD;
    } else if (category.is_string()) {
        s.category = at(where + ".category", [&] {
            return value_named<ColumnCategory>(kColumnCategoryNames, category.get<std::string>(), "column category");
        });
    } else {
        const auto c = integer<std::uint8_t>(category, where + ".category");
        if (c > 2) bad(where + ".category", "outside 0..2");
        s.category = static_cast<ColumnCategory>(c);
    }
    return s;
}

// ---- cells --------------------------------------------------------------------------------------

Json date_cell_json(const Date& d) { return date_json({d.year, d.month, d.day}); }

// A DATE through the shared cell spelling (tablet_cells.hpp), each number an i32 in this model.
Date date_cell_of(const Json& j, const std::string& where) {
    const DateFields f = at(where, [&] { return date_of(j); });
    for (std::int64_t v : {f.year, f.month, f.day})
        if (v < std::numeric_limits<std::int32_t>::min() || v > std::numeric_limits<std::int32_t>::max())
            bad(where, "out of range: " + j.dump());
    return Date{static_cast<std::int32_t>(f.year), static_cast<std::int32_t>(f.month), static_cast<std::int32_t>(f.day)};
}

template <class U>
U bits_of(const Json& j, const std::string& where) {
    return at(where, [&] { return float_bits_of<U>(j); });
}

// The data type of column j's schema decides how binary cells are spelled: BLOB and OBJECT as hex.
bool is_blob(const Tablet& t, std::size_t j) {
    if (!t.schemas || j >= t.schemas->size() || !(*t.schemas)[j]) return false;
    const std::uint8_t type = (*t.schemas)[j]->type;
    return type == static_cast<std::uint8_t>(DataType::BLOB) || type == static_cast<std::uint8_t>(DataType::OBJECT);
}

Json cells_json(const Column& c, bool blob) {
    Json cells = Json::array();
    std::visit(
        [&](const auto& v) {
            using Cells = std::decay_t<decltype(v)>;
            for (const auto& x : v) {
                if constexpr (std::is_same_v<Cells, BooleanCells>) {
                    cells.push_back(x <= 1 ? Json(x == 1) : Json(x));
                } else if constexpr (std::is_same_v<Cells, Int32Cells>) {
                    cells.push_back(x);
                } else if constexpr (std::is_same_v<Cells, Int64Cells>) {
                    cells.push_back(int64_json(x));
                } else if constexpr (std::is_same_v<Cells, FloatCells> || std::is_same_v<Cells, DoubleCells>) {
                    cells.push_back(float_bits_json(x));
                } else if constexpr (std::is_same_v<Cells, BinaryCells>) {
                    cells.push_back(!x ? Json(nullptr) : blob ? bytes_json(*x) : text_json(*x));
                } else {
                    cells.push_back(x ? date_cell_json(*x) : Json(nullptr));
                }
            }
        },
        c);
    return Json{{"kind", kCellKindNames[c.index()]}, {"cells", cells}};
}

template <class Cells, class One>
Column read_cells(const Json& cells, const std::string& where, One one) {
    Cells out;
    for (std::size_t i = 0; i < cells.size(); ++i) out.push_back(one(cells[i], fmt::format("{}.cells[{}]", where, i)));
    return out;
}

Column column_of(const Json& j, const std::string& where, bool blob) {
    const Json& cells = member(j, "cells");
    if (!cells.is_array()) bad(where + ".cells", "expected an array");
    const std::string kind = member(j, "kind").is_string() ? member(j, "kind").get<std::string>() : "";
    const std::size_t index = at(where + ".kind", [&] { return static_cast<std::size_t>(value_named<std::uint8_t>(kCellKindNames, kind, "cell kind")); });
    switch (index) {
        case 0:
            return read_cells<BooleanCells>(cells, where, [](const Json& x, const std::string& w) {
                return x.is_boolean() ? static_cast<std::uint8_t>(x.get<bool>()) : integer<std::uint8_t>(x, w);
            });
        case 1: return read_cells<Int32Cells>(cells, where, integer<std::int32_t>);
        case 2:
            return read_cells<Int64Cells>(cells, where, [](const Json& x, const std::string& w) {
                return at(w, [&] { return int64_of(x); });
            });
        case 3: return read_cells<FloatCells>(cells, where, bits_of<std::uint32_t>);
        case 4: return read_cells<DoubleCells>(cells, where, bits_of<std::uint64_t>);
        case 5:
            return read_cells<BinaryCells>(cells, where, [blob](const Json& x, const std::string& w) -> std::optional<Bytes> {
                if (x.is_null()) return std::nullopt;
                return blob ? at(w, [&] { return bytes_of(x); }) : text_of(x, w);
            });
        default:
            return read_cells<DateCells>(cells, where, [](const Json& x, const std::string& w) -> std::optional<Date> {
                if (x.is_null()) return std::nullopt;
                return date_cell_of(x, w);
            });
    }
}

// A JSON array (or null) of optional entries converted by `one`.
template <class T, class One>
std::optional<std::vector<std::optional<T>>> list_of(const Json& j, const std::string& where, One one) {
    if (j.is_null()) return std::nullopt;
    if (!j.is_array()) bad(where, "expected an array or null");
    std::vector<std::optional<T>> out;
    for (std::size_t i = 0; i < j.size(); ++i) {
        if (j[i].is_null()) {
            out.emplace_back();
        } else {
            out.emplace_back(one(j[i], i, fmt::format("{}[{}]", where, i)));
        }
    }
    return out;
}

template <class T, class One>
Json list_json(const std::optional<std::vector<std::optional<T>>>& list, One one) {
    if (!list) return nullptr;
    Json out = Json::array();
    for (std::size_t i = 0; i < list->size(); ++i) out.push_back((*list)[i] ? one(*(*list)[i], i) : Json(nullptr));
    return out;
}

}  // namespace

Json tablet_json(const Tablet& t) {
    Json timestamps = nullptr;
    if (t.timestamps) {
        timestamps = Json::array();
        for (std::int64_t v : *t.timestamps) timestamps.push_back(int64_json(v));
    }
    return Json{
        {"target", string_json(t.target)},
        {"row_size", t.row_size},
        {"schemas", list_json(t.schemas, [](const Schema& s, std::size_t) { return schema_json(s); })},
        {"timestamps", timestamps},
        {"bitmaps", list_json(t.bitmaps, [](const BitMap& b, std::size_t) {
             return Json{{"size", b.size}, {"bytes", bytes_json(b.bytes)}};
         })},
        {"values", list_json(t.values, [&](const Column& c, std::size_t j) { return cells_json(c, is_blob(t, j)); })},
    };
}

Tablet tablet_of(const Json& j) {
    if (!j.is_object()) bad("tablet", "expected an object, found " + j.dump());
    Tablet t;
    t.target = string_of(member(j, "target"), "target");
    t.row_size = member(j, "row_size").is_null() ? 0 : integer<std::int32_t>(member(j, "row_size"), "row_size");
    t.schemas = list_of<Schema>(member(j, "schemas"), "schemas",
                                [](const Json& s, std::size_t, const std::string& w) { return schema_of(s, w); });
    const Json& ts = member(j, "timestamps");
    if (!ts.is_null()) {
        if (!ts.is_array()) bad("timestamps", "expected an array or null");
        t.timestamps.emplace();
        for (std::size_t i = 0; i < ts.size(); ++i)
            t.timestamps->push_back(at(fmt::format("timestamps[{}]", i), [&] { return int64_of(ts[i]); }));
    }
    t.bitmaps = list_of<BitMap>(member(j, "bitmaps"), "bitmaps", [](const Json& b, std::size_t, const std::string& w) {
        BitMap bm;
        bm.size = member(b, "size").is_null() ? 0 : integer<std::int32_t>(member(b, "size"), w + ".size");
        bm.bytes = at(w + ".bytes", [&] { return bytes_of(member(b, "bytes")); });
        return bm;
    });
    t.values = list_of<Column>(member(j, "values"), "values", [&](const Json& c, std::size_t i, const std::string& w) {
        return column_of(c, w, is_blob(t, i));
    });
    return t;
}

}  // namespace tsc::tsfile
