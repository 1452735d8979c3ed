// The JSON form of a TsFile tablet (operations.hpp), read and written.
#include <limits>
#include <utility>

#include <fmt/format.h>

#include "conformance/harness/tablet_cells.hpp"
#include "conformance/harness/tsfile_tablet/operations.hpp"

namespace tsc::tsfile {
namespace {

Json string_json(const String& s) {
    if (!s) return nullptr;
    return text_json(ByteView(reinterpret_cast<const std::uint8_t*>(s->data()), s->size()));
}

String string_of(const JsonAt& j) {
    if (j.is_null()) return std::nullopt;
    const Bytes b = text_of(j);
    return std::string(b.begin(), b.end());
}

// ---- schemas ------------------------------------------------------------------------------------

Json schema_json(const Schema& s) {
    Json props = Json::array();
    for (const Property& p : s.props) props.push_back(Json::array({string_json(p.key), string_json(p.value)}));
    return Json{{"name", string_json(s.name)},   {"type", data_type_json(static_cast<DataType>(s.type))},   {"encoding", s.encoding},
                {"compressor", s.compressor}, {"props", props}, {"category", name_of(s.category)}};
}

Schema schema_of(const JsonAt& j) {
    Schema s;
    s.name = string_of(j["name"]);
    s.type = static_cast<std::uint8_t>(data_type_of(j["type"]));
    s.encoding = j["encoding"].number<std::uint8_t>();
    s.compressor = j["compressor"].number<std::uint8_t>();
    for (const JsonAt& p : j["props"].elements()) {
        const std::vector<JsonAt> pair = p.elements(2);
        s.props.push_back(Property{string_of(pair[0]), string_of(pair[1])});
    }
    const JsonAt category = j["category"];
    s.category = category.json().is_string()
                     ? category.named<ColumnCategory>(kColumnCategoryNames, "column category")
                     : static_cast<ColumnCategory>(category.number<std::uint8_t>(0, kColumnCategoryNames.size() - 1));
    return s;
}

// ---- cells --------------------------------------------------------------------------------------

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
            for (std::size_t i = 0; i < v.size(); ++i) {
                const auto& x = v[i];
                if constexpr (std::is_same_v<Cells, BooleanCells>) {
                    cells.push_back(x <= 1 ? Json(x == 1) : Json(x));
                } else if constexpr (std::is_same_v<Cells, Int32Cells>) {
                    cells.push_back(x);
                } else if constexpr (std::is_same_v<Cells, Int64Cells>) {
                    cells.push_back(int64_json(x));
                } else if constexpr (std::is_same_v<Cells, FloatCells> || std::is_same_v<Cells, DoubleCells>) {
                    cells.push_back(float_bits_json(x));
                } else if constexpr (std::is_same_v<Cells, BinaryCells>) {
                    cells.push_back(v.is_null(i) ? Json(nullptr) : blob ? bytes_json(x) : text_json(x));
                } else {
                    cells.push_back(x ? date_cell_json(*x) : Json(nullptr));
                }
            }
        },
        c);
    return Json{{"kind", kCellKindNames[c.index()]}, {"cells", cells}};
}

// One cell of a column of kind Cells other than binary.
template <class Cells>
typename Cells::value_type cell_of(const JsonAt& x) {
    if constexpr (std::is_same_v<Cells, BooleanCells>) {
        return x.json().is_boolean() ? static_cast<std::uint8_t>(x.boolean()) : x.number<std::uint8_t>();
    } else if constexpr (std::is_same_v<Cells, Int32Cells>) {
        return x.number<std::int32_t>();
    } else if constexpr (std::is_same_v<Cells, Int64Cells>) {
        return x.decimal<std::int64_t>();
    } else if constexpr (std::is_same_v<Cells, FloatCells> || std::is_same_v<Cells, DoubleCells>) {
        return float_bits_of<typename Cells::value_type>(x);
    } else {
        if (x.is_null()) return std::nullopt;
        return date_cell_of<Date>(x);
    }
}

template <class Cells>
Cells cells_of(const std::vector<JsonAt>& cells, bool blob) {
    Cells out;
    for (const JsonAt& x : cells) {
        if constexpr (std::is_same_v<Cells, BinaryCells>) {
            if (x.is_null()) out.push_null();
            else out.push_back(blob ? x.bytes() : text_of(x));
        } else {
            out.push_back(cell_of<Cells>(x));
        }
    }
    return out;
}

// The column of the kind `kind` names.
Column column_of(const JsonAt& j, bool blob) {
    Column column = cells_at<Column>(j["kind"].named<std::size_t>(kCellKindNames, "column kind"));
    const std::vector<JsonAt> cells = j["cells"].elements();
    std::visit([&](auto& v) { v = cells_of<std::decay_t<decltype(v)>>(cells, blob); }, column);
    return column;
}

// A JSON array or null, of entries null or read by `one`.
template <class T, class One>
std::optional<std::vector<std::optional<T>>> list_of(const JsonAt& j, One one) {
    if (j.is_null()) return std::nullopt;
    const std::vector<JsonAt> entries = j.elements();
    std::vector<std::optional<T>> out;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (entries[i].is_null()) {
            out.emplace_back();
        } else {
            out.emplace_back(one(entries[i], i));
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

// Every field is there; null where the model holds no list or string.
Tablet tablet_of(const JsonAt& j) {
    Tablet t;
    t.target = string_of(j["target"]);
    t.row_size = j["row_size"].number<std::int32_t>();
    t.schemas = list_of<Schema>(j["schemas"], [](const JsonAt& s, std::size_t) { return schema_of(s); });
    if (const JsonAt ts = j["timestamps"]; !ts.is_null()) {
        t.timestamps.emplace();
        for (const JsonAt& x : ts.elements()) t.timestamps->push_back(x.decimal<std::int64_t>());
    }
    t.bitmaps = list_of<BitMap>(j["bitmaps"], [](const JsonAt& b, std::size_t) {
        return BitMap{b["size"].number<std::int32_t>(), b["bytes"].bytes()};
    });
    t.values = list_of<Column>(j["values"], [&](const JsonAt& c, std::size_t i) {
        return column_of(c, is_blob(t, i));
    });
    return t;
}

}  // namespace tsc::tsfile
