#include "conformance/harness/tsfile_tablet_json.hpp"

#include <cinttypes>
#include <cstdio>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/vectors.hpp"

namespace tsc::tsfile {
namespace {

using nlohmann::json;

[[noreturn]] void bad(const std::string& what) { throw std::runtime_error("tsfile tablet JSON: " + what); }

// RFC 3629 UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF): what JSON text can hold.
bool is_utf8(const std::uint8_t* p, std::size_t n) {
    for (std::size_t i = 0; i < n;) {
        const unsigned c = p[i];
        std::size_t len = 0;
        unsigned lo = 0x80, hi = 0xBF;
        if (c < 0x80) {
            ++i;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            if (c == 0xE0) lo = 0xA0;
            if (c == 0xED) hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            if (c == 0xF0) lo = 0x90;
            if (c == 0xF4) hi = 0x8F;
        } else {
            return false;
        }
        if (n - i < len) return false;
        if (p[i + 1] < lo || p[i + 1] > hi) return false;
        for (std::size_t k = 2; k < len; ++k)
            if (p[i + k] < 0x80 || p[i + k] > 0xBF) return false;
        i += len;
    }
    return true;
}

json bytes_to_json(const std::uint8_t* p, std::size_t n) {
    if (is_utf8(p, n)) return std::string(reinterpret_cast<const char*>(p), n);
    return json{{"hex", to_hex(ByteView(p, n))}};
}

Bytes bytes_from_json(const json& j, const std::string& where) {
    if (j.is_string()) {
        const std::string& s = j.get_ref<const std::string&>();
        return Bytes(s.begin(), s.end());
    }
    if (j.is_object() && j.contains("hex")) {
        const auto b = from_hex(j.at("hex").get<std::string>());
        if (!b) bad(where + ": \"hex\" is not hex");
        return *b;
    }
    bad(where + ": expected a string or {\"hex\": …}");
}

json string_to_json(const String& s) {
    if (!s) return nullptr;
    return bytes_to_json(reinterpret_cast<const std::uint8_t*>(s->data()), s->size());
}

String string_from_json(const json& j, const std::string& where) {
    if (j.is_null()) return std::nullopt;
    const Bytes b = bytes_from_json(j, where);
    return std::string(b.begin(), b.end());
}

const json& member(const json& j, const char* key) {
    static const json null_value = nullptr;
    return j.is_object() && j.contains(key) ? j.at(key) : null_value;
}

template <class Int>
Int integer(const json& j, const std::string& where) {
    if (!j.is_number_integer()) bad(where + ": expected an integer");
    const auto v = j.get<std::int64_t>();
    if (v < static_cast<std::int64_t>(std::numeric_limits<Int>::min()) ||
        v > static_cast<std::int64_t>(std::numeric_limits<Int>::max()))
        bad(where + ": out of range");
    return static_cast<Int>(v);
}

// ---- schemas ------------------------------------------------------------------------------------

json schema_to_json(const Schema& s) {
    json props = json::array();
    for (const Property& p : s.props) props.push_back(json::array({string_to_json(p.key), string_to_json(p.value)}));
    json type = s.type < kDataTypeNames.size() ? json(std::string(name_of(static_cast<DataType>(s.type)))) : json(s.type);
    return json{{"name", string_to_json(s.name)},
                {"type", type},
                {"encoding", s.encoding},
                {"compressor", s.compressor},
                {"props", props},
                {"category", std::string(name_of(s.category))}};
}

Schema schema_from_json(const json& j, const std::string& where) {
    Schema s;
    s.name = string_from_json(member(j, "name"), where + ".name");
    const json& type = member(j, "type");
    if (type.is_string()) {
        const auto t = data_type_named(type.get<std::string>());
        if (!t) bad(where + ".type: unknown data type " + type.get<std::string>());
        s.type = static_cast<std::uint8_t>(*t);
    } else {
        s.type = integer<std::uint8_t>(type, where + ".type");
    }
    s.encoding = member(j, "encoding").is_null() ? 0 : integer<std::uint8_t>(member(j, "encoding"), where + ".encoding");
    s.compressor =
        member(j, "compressor").is_null() ? 0 : integer<std::uint8_t>(member(j, "compressor"), where + ".compressor");
    const json& props = member(j, "props");
    for (std::size_t i = 0; props.is_array() && i < props.size(); ++i) {
        const std::string w = fmt::format("{}.props[{}]", where, i);
        if (!props[i].is_array() || props[i].size() != 2) bad(w + ": expected [key, value]");
        s.props.push_back(Property{string_from_json(props[i][0], w + "[0]"), string_from_json(props[i][1], w + "[1]")});
    }
    const json& category = member(j, "category");
    if (category.is_null()) {
        s.category = ColumnCategory::FIELD;
    } else if (category.is_string()) {
        bool found = false;
        for (std::size_t i = 0; i < kColumnCategoryNames.size(); ++i)
            if (kColumnCategoryNames[i] == category.get<std::string>()) {
                s.category = static_cast<ColumnCategory>(i);
                found = true;
            }
        if (!found) bad(where + ".category: unknown category " + category.get<std::string>());
    } else {
        const auto c = integer<std::uint8_t>(category, where + ".category");
        if (c > 2) bad(where + ".category: outside 0..2");
        s.category = static_cast<ColumnCategory>(c);
    }
    return s;
}

// ---- cells --------------------------------------------------------------------------------------

std::string date_text(const Date& d) { return fmt::format("{:04d}-{:02d}-{:02d}", d.year, d.month, d.day); }

Date date_from_text(const std::string& text, const std::string& where) {
    Date d;
    // The year may be negative or have more than four digits; month and day are plain numbers.
    long long y = 0, m = 0, day = 0;
    char tail = 0;
    if (std::sscanf(text.c_str(), "%lld-%lld-%lld%c", &y, &m, &day, &tail) != 3) bad(where + ": not yyyy-mm-dd: " + text);
    if (y < INT32_MIN || y > INT32_MAX || m < INT32_MIN || m > INT32_MAX || day < INT32_MIN || day > INT32_MAX)
        bad(where + ": out of range: " + text);
    d.year = static_cast<std::int32_t>(y);
    d.month = static_cast<std::int32_t>(m);
    d.day = static_cast<std::int32_t>(day);
    return d;
}

template <class U>
std::string bits_text(U bits) {
    return fmt::format("{:0{}x}", bits, 2 * sizeof(U));
}

template <class U>
U bits_from_text(const json& j, const std::string& where) {
    if (!j.is_string()) bad(where + ": expected the IEEE-754 bits as hex");
    const auto b = from_hex(j.get<std::string>());
    if (!b || b->size() != sizeof(U)) bad(where + ": expected " + std::to_string(2 * sizeof(U)) + " hex digits");
    U v = 0;
    for (std::uint8_t byte : *b) v = static_cast<U>((v << 8) | byte);
    return v;
}

json cells_to_json(const Column& c) {
    json cells = json::array();
    std::visit(
        [&](const auto& v) {
            using Cells = std::decay_t<decltype(v)>;
            for (const auto& x : v) {
                if constexpr (std::is_same_v<Cells, BooleanCells>) {
                    cells.push_back(x <= 1 ? json(x == 1) : json(x));
                } else if constexpr (std::is_same_v<Cells, Int32Cells>) {
                    cells.push_back(x);
                } else if constexpr (std::is_same_v<Cells, Int64Cells>) {
                    cells.push_back(std::to_string(x));
                } else if constexpr (std::is_same_v<Cells, FloatCells> || std::is_same_v<Cells, DoubleCells>) {
                    cells.push_back(bits_text(x));
                } else if constexpr (std::is_same_v<Cells, BinaryCells>) {
                    cells.push_back(x ? bytes_to_json(x->data(), x->size()) : json(nullptr));
                } else {
                    cells.push_back(x ? json(date_text(*x)) : json(nullptr));
                }
            }
        },
        c);
    return json{{"kind", std::string(kCellKindNames[c.index()])}, {"cells", cells}};
}

Column column_from_json(const json& j, const std::string& where) {
    const std::string kind = member(j, "kind").is_string() ? member(j, "kind").get<std::string>() : "";
    const json& cells = member(j, "cells");
    if (!cells.is_array()) bad(where + ".cells: expected an array");
    const auto cell = [&](std::size_t i) { return fmt::format("{}.cells[{}]", where, i); };
    if (kind == "boolean") {
        BooleanCells out;
        for (std::size_t i = 0; i < cells.size(); ++i)
            out.push_back(cells[i].is_boolean() ? static_cast<std::uint8_t>(cells[i].get<bool>())
                                                : integer<std::uint8_t>(cells[i], cell(i)));
        return out;
    }
    if (kind == "int32") {
        Int32Cells out;
        for (std::size_t i = 0; i < cells.size(); ++i) out.push_back(integer<std::int32_t>(cells[i], cell(i)));
        return out;
    }
    if (kind == "int64") {
        Int64Cells out;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (!cells[i].is_string()) bad(cell(i) + ": int64 as a decimal string");
            out.push_back(parse_int64(cells[i]));
        }
        return out;
    }
    if (kind == "float") {
        FloatCells out;
        for (std::size_t i = 0; i < cells.size(); ++i) out.push_back(bits_from_text<std::uint32_t>(cells[i], cell(i)));
        return out;
    }
    if (kind == "double") {
        DoubleCells out;
        for (std::size_t i = 0; i < cells.size(); ++i) out.push_back(bits_from_text<std::uint64_t>(cells[i], cell(i)));
        return out;
    }
    if (kind == "binary") {
        BinaryCells out;
        for (std::size_t i = 0; i < cells.size(); ++i)
            out.push_back(cells[i].is_null() ? std::nullopt : std::optional<Bytes>(bytes_from_json(cells[i], cell(i))));
        return out;
    }
    if (kind == "date") {
        DateCells out;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (cells[i].is_null()) {
                out.emplace_back();
            } else {
                if (!cells[i].is_string()) bad(cell(i) + ": expected \"yyyy-mm-dd\" or null");
                out.emplace_back(date_from_text(cells[i].get<std::string>(), cell(i)));
            }
        }
        return out;
    }
    bad(where + ".kind: expected boolean, int32, int64, float, double, binary or date");
}

// A JSON array (or null) of optional entries converted by `one`.
template <class T, class One>
std::optional<std::vector<std::optional<T>>> list_from_json(const json& j, const std::string& where, One one) {
    if (j.is_null()) return std::nullopt;
    if (!j.is_array()) bad(where + ": expected an array or null");
    std::vector<std::optional<T>> out;
    for (std::size_t i = 0; i < j.size(); ++i) {
        if (j[i].is_null()) {
            out.emplace_back();
        } else {
            out.emplace_back(one(j[i], fmt::format("{}[{}]", where, i)));
        }
    }
    return out;
}

template <class T, class One>
json list_to_json(const std::optional<std::vector<std::optional<T>>>& list, One one) {
    if (!list) return nullptr;
    json out = json::array();
    for (const std::optional<T>& x : *list) out.push_back(x ? one(*x) : json(nullptr));
    return out;
}

}  // namespace

nlohmann::json to_json(const Tablet& t) {
    json timestamps = nullptr;
    if (t.timestamps) {
        timestamps = json::array();
        for (std::int64_t v : *t.timestamps) timestamps.push_back(std::to_string(v));
    }
    return json{
        {"target", string_to_json(t.target)},
        {"row_size", t.row_size},
        {"schemas", list_to_json(t.schemas, schema_to_json)},
        {"timestamps", timestamps},
        {"bitmaps", list_to_json(t.bitmaps, [](const BitMap& b) { return json{{"size", b.size}, {"bytes", to_hex(b.bytes)}}; })},
        {"values", list_to_json(t.values, cells_to_json)},
    };
}

Tablet tablet_from_json(const nlohmann::json& j) {
    if (!j.is_object()) bad("a tablet is a JSON object");
    Tablet t;
    t.target = string_from_json(member(j, "target"), "target");
    t.row_size = member(j, "row_size").is_null() ? 0 : integer<std::int32_t>(member(j, "row_size"), "row_size");
    t.schemas = list_from_json<Schema>(member(j, "schemas"), "schemas", schema_from_json);
    const json& ts = member(j, "timestamps");
    if (!ts.is_null()) {
        if (!ts.is_array()) bad("timestamps: expected an array or null");
        t.timestamps.emplace();
        for (const json& v : ts) {
            if (!v.is_string()) bad("timestamps: int64 as decimal strings");
            t.timestamps->push_back(parse_int64(v));
        }
    }
    t.bitmaps = list_from_json<BitMap>(member(j, "bitmaps"), "bitmaps", [](const json& b, const std::string& where) {
        BitMap bm;
        bm.size = member(b, "size").is_null() ? 0 : integer<std::int32_t>(member(b, "size"), where + ".size");
        const json& bytes = member(b, "bytes");
        const auto hex = bytes.is_string() ? from_hex(bytes.get<std::string>()) : std::nullopt;
        if (!hex) bad(where + ".bytes: expected hex");
        bm.bytes = *hex;
        return bm;
    });
    t.values = list_from_json<Column>(member(j, "values"), "values", column_from_json);
    return t;
}

}  // namespace tsc::tsfile
