#include "conformance/harness/iotdb_tablet_json.hpp"

#include <charconv>
#include <stdexcept>

#include <fmt/format.h>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/vectors.hpp"

namespace tsc::iotdb {
namespace {

using nlohmann::json;

template <class U>
U hex_bits(const json& j) {
    const Bytes b = parse_hex(j);
    if (b.size() != sizeof(U)) throw std::runtime_error(fmt::format("expected {} hex digits: {}", 2 * sizeof(U), j.dump()));
    U v = 0;
    for (std::uint8_t byte : b) v = static_cast<U>((v << 8) | byte);
    return v;
}

std::int32_t parse_int(const std::string& s) {
    std::int32_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) throw std::runtime_error("not an i32: " + s);
    return v;
}

// "2026-07-13", "-1-99-99": the last two fields are month and day, the rest is the year.
Date parse_date(const std::string& s) {
    const std::size_t second = s.rfind('-');
    const std::size_t first = second == std::string::npos || second == 0 ? std::string::npos : s.rfind('-', second - 1);
    if (first == std::string::npos || first == 0) throw std::runtime_error("not a date: " + s);
    const std::int32_t month = parse_int(s.substr(first + 1, second - first - 1));
    const std::int32_t day = parse_int(s.substr(second + 1));
    if (month < 0 || month > 255 || day < 0 || day > 255) throw std::runtime_error("month or day out of range: " + s);
    return Date{parse_int(s.substr(0, first)), static_cast<std::uint8_t>(month), static_cast<std::uint8_t>(day)};
}

std::string date_text(const Date& d) { return fmt::format("{}-{:02}-{:02}", d.year, d.month, d.day); }

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

// Appends one cell's value (or the zero value for JSON null) to the column's cells.
void push_cell(Column& c, const json& j) {
    const bool zero = j.is_null();
    switch (cells_index(c.type).value_or(7)) {
        case 0: std::get<0>(c.cells).push_back(zero ? 0 : j.get<bool>()); break;
        case 1: std::get<1>(c.cells).push_back(zero ? 0 : parse_int(j.get<std::string>())); break;
        case 2: std::get<2>(c.cells).push_back(zero ? 0 : parse_int64(j)); break;
        case 3: std::get<3>(c.cells).push_back(zero ? 0 : hex_bits<std::uint32_t>(j)); break;
        case 4: std::get<4>(c.cells).push_back(zero ? 0 : hex_bits<std::uint64_t>(j)); break;
        case 5: std::get<5>(c.cells).push_back(zero ? Date{} : parse_date(j.get<std::string>())); break;
        case 6: std::get<6>(c.cells).push_back(zero ? Bytes{} : parse_hex(j)); break;
        default: throw std::runtime_error("a column of type " + type_name(c.type) + " cannot hold cells");
    }
}

json cell_json(const Column& c, std::size_t row) {
    switch (cells_index(c.type).value_or(7)) {
        case 0: return std::get<0>(c.cells)[row] != 0;
        case 1: return std::to_string(std::get<1>(c.cells)[row]);
        case 2: return std::to_string(std::get<2>(c.cells)[row]);
        case 3: return fmt::format("{:08x}", std::get<3>(c.cells)[row]);
        case 4: return fmt::format("{:016x}", std::get<4>(c.cells)[row]);
        case 5: return date_text(std::get<5>(c.cells)[row]);
        case 6: return to_hex(std::get<6>(c.cells)[row]);
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

DataType type_from_json(const json& j) {
    if (j.is_number_integer()) {
        const int code = j.get<int>();
        if (code < 0 || code > 255) throw std::runtime_error("type code out of range: " + j.dump());
        return static_cast<DataType>(code);
    }
    const auto t = data_type_named(j.get<std::string>());
    if (!t) throw std::runtime_error("unknown type " + j.dump());
    return *t;
}

json type_json(DataType t) {
    if (static_cast<std::size_t>(t) < kDataTypeNames.size()) return std::string(name_of(t));
    return static_cast<int>(t);
}

}  // namespace

std::string type_name(DataType t) { return type_json(t).is_string() ? type_json(t).get<std::string>() : type_json(t).dump(); }

Tablet tablet_from_json(const json& j) {
    Tablet t;
    for (const json& ts : j.at("timestamps")) t.timestamps.push_back(parse_int64(ts));
    for (const json& jc : j.at("columns")) {
        Column& c = t.columns.emplace_back();
        c.type = type_from_json(jc.at("type"));
        c.cells = empty_cells(c.type);
        for (const json& cell : jc.at("values")) {
            const bool null_with_slot = cell.is_object();
            push_cell(c, null_with_slot ? cell.at("null") : cell);
            c.nulls.push_back(cell.is_null() || null_with_slot ? 1 : 0);
        }
    }
    return t;
}

json to_json(const Tablet& t) {
    json ts = json::array();
    for (std::int64_t v : t.timestamps) ts.push_back(std::to_string(v));
    json columns = json::array();
    for (const Column& c : t.columns) {
        json values = json::array();
        const bool has_cells = cells_usable(c);
        for (std::size_t row = 0; row < c.nulls.size(); ++row) {
            if (!has_cells) {
                values.push_back(nullptr);
            } else if (c.nulls[row] == 0) {
                values.push_back(cell_json(c, row));
            } else {
                values.push_back(is_zero_value(c, row) ? json(nullptr) : json{{"null", cell_json(c, row)}});
            }
        }
        columns.push_back({{"type", type_json(c.type)}, {"values", values}});
    }
    return {{"timestamps", ts}, {"columns", columns}};
}

ClientState client_from_json(const json& j) {
    ClientState s;
    if (j.is_null()) return s;
    s.bitmaps_allocated = j.value("bitmaps_allocated", false);
    for (const json& jc : j.value("columns", json::array())) {
        ColumnBitmapState& c = s.columns.emplace_back();
        c.padding_marks = hex_bits<std::uint8_t>(jc.value("padding_marks", json("00")));
        c.marked_past_last_byte = jc.value("marked_past_last_byte", false);
    }
    return s;
}

json to_json(const ClientState& s) {
    json columns = json::array();
    for (const ColumnBitmapState& c : s.columns)
        columns.push_back({{"padding_marks", fmt::format("{:02x}", c.padding_marks)},
                           {"marked_past_last_byte", c.marked_past_last_byte}});
    return {{"bitmaps_allocated", s.bitmaps_allocated}, {"columns", columns}};
}

std::vector<DataType> types_from_json(const json& j) {
    std::vector<DataType> types;
    for (const json& t : j) types.push_back(type_from_json(t));
    return types;
}

json types_to_json(const std::vector<DataType>& types) {
    json j = json::array();
    for (DataType t : types) j.push_back(type_json(t));
    return j;
}

std::string describe_cell(const Column& c, std::size_t row) {
    const std::string value = cells_usable(c) ? cell_json(c, row).dump() : "-";
    return c.nulls[row] != 0 ? fmt::format("null (slot {})", value) : value;
}

ErrorClass error_class_named(const std::string& name) {
    for (std::size_t i = 0; i < kErrorClassNames.size(); ++i)
        if (kErrorClassNames[i] == name) return static_cast<ErrorClass>(i);
    throw std::runtime_error("unknown error class " + name);
}

}  // namespace tsc::iotdb
