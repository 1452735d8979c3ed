// The one JSON spelling of the tablet cells the IoTDB and TsFile families share (their operations.hpp
// show whole tablets):
//   FLOAT, DOUBLE   the IEEE-754 bits as 8 / 16 lowercase hex digits ("7fc00001"), so NaN payloads and
//                   -0.0 are exact;
//   TEXT, STRING    a JSON string when the bytes are UTF-8 (RFC 3629), else {"hex": "<bytes>"};
//   DATE            "yyyy-mm-dd" for a calendar date of a year 0000-9999; any other date whose month
//                   and day are 0-99 as the integer year·10000 + month·100 + day (read back with floor
//                   division, as a parser splits an i32); else the "y-m-d" text of its three numbers.
// Errors throw InputError naming the cell's path, what was expected and what was found.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

#include "conformance/harness/json_values.hpp"
#include "reference/common/data_type.hpp"

namespace tsc {

// Float bits: U is std::uint32_t (FLOAT) or std::uint64_t (DOUBLE).
template <class U>
Json float_bits_json(U bits);
template <class U>
U float_bits_of(const JsonAt& j);

bool is_utf8(ByteView bytes);
Json text_json(ByteView bytes);
Bytes text_of(const JsonAt& j);

// A date as its three numbers, whatever the family's model type holds them in.
struct DateFields {
    std::int64_t year = 0;
    std::int64_t month = 0;
    std::int64_t day = 0;
};
bool is_calendar_date(const DateFields& d);
Json date_json(const DateFields& d);
DateFields date_of(const JsonAt& j);

// The same for a family's model Date (integer fields year, month and day): each number read must
// fit its field.
template <class Date>
Json date_cell_json(const Date& d) {
    return date_json({d.year, d.month, d.day});
}
template <class Date>
Date date_cell_of(const JsonAt& j) {
    const DateFields f = date_of(j);
    Date d{};
    const auto fits = [](std::int64_t v, auto field) { return std::in_range<decltype(field)>(v); };
    if (!fits(f.year, d.year) || !fits(f.month, d.month) || !fits(f.day, d.day))
        j.mistyped("a DATE whose year, month and day fit the model's fields");
    return Date{static_cast<decltype(d.year)>(f.year), static_cast<decltype(d.month)>(f.month),
                static_cast<decltype(d.day)>(f.day)};
}

// A column's cells: the variant holding an empty `index`th alternative (index < its size).
template <class Cells>
Cells cells_at(std::size_t index) {
    return [index]<std::size_t... I>(std::index_sequence<I...>) {
        Cells cells;
        (void)((index == I && (cells.template emplace<I>(), true)) || ...);
        return cells;
    }(std::make_index_sequence<std::variant_size_v<Cells>>());
}

// A TSDataType code (reference/common/data_type.hpp) by its name, or as a number when it has none.
Json data_type_json(DataType type);
DataType data_type_of(const JsonAt& j);

}  // namespace tsc
