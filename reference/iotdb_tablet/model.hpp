// Model types of the IoTDB insertTablet `timestamps` and `values` buffers (tablets-and-bitmaps.md §1–2).
// Shared by the reference and every subject; holds data only, no codec logic.
//
// The model is the logical tablet: column types, timestamps, one value per cell in a representation
// that keeps exact bits, and a null mark per cell. What a client holds beyond that and what changes the
// bytes it sends (bitmaps allocated without nulls, marks at rows >= n) is ClientState: explicit input,
// so that no profile hides state.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include "reference/common/binary_cells.hpp"
#include "reference/common/bytes.hpp"
#include "reference/common/data_type.hpp"
#include "reference/common/error_class_names.hpp"
#include "reference/common/profile_rule.hpp"

namespace tsc::iotdb {

// One error class per condition, for serializers and parsers alike. Compared as values, never as messages.
enum class ErrorClass : std::uint8_t {
    ok,
    // Serializers.
    inconsistent_tablet,  // cells, nulls or client state without one entry per row (or per column)
    unsupported_type,     // a type the writer (or the reader, §1.1 / Errata 2) has no case for
    date_out_of_range,    // a non-null DATE outside years 1000–9999 (§2.3, Errata 7) or with month/day > 99, or
                          // not a calendar date where the profile checks the calendar (Node)
    timestamp_out_of_range,  // a timestamp the client cannot write as an i64 (Node: it rounds to 2^63)
    // Parsers.
    invalid_type_code,      // not a TSDataType code (§1.1: 0–12)
    negative_row_count,     // size < 0
    truncated_timestamps,   // fewer than 8·n bytes of timestamps (§2.2)
    truncated_column,       // a fixed-width cell does not fit (§2.3 step 1)
    truncated_length,       // the i32 length of a TEXT/STRING/BLOB/OBJECT cell does not fit
    negative_length,        // that length is negative
    truncated_value,        // its bytes do not fit
    truncated_bitmap_flag,  // a column's bitmap flag is missing after the section started (§2.3 step 3)
    truncated_bitmap,       // the n/8+1 bitmap bytes of a flag 1 do not fit (§2.3 step 4)
};

inline constexpr std::array kErrorClassNames{
    std::string_view{"ok"},
    std::string_view{"inconsistent_tablet"},
    std::string_view{"unsupported_type"},
    std::string_view{"date_out_of_range"},
    std::string_view{"timestamp_out_of_range"},
    std::string_view{"invalid_type_code"},
    std::string_view{"negative_row_count"},
    std::string_view{"truncated_timestamps"},
    std::string_view{"truncated_column"},
    std::string_view{"truncated_length"},
    std::string_view{"negative_length"},
    std::string_view{"truncated_value"},
    std::string_view{"truncated_bitmap_flag"},
    std::string_view{"truncated_bitmap"},
};

static_assert(names_in_step(kErrorClassNames, ErrorClass::truncated_bitmap, "truncated_bitmap"));

constexpr std::string_view name_of(ErrorClass e) { return kErrorClassNames[static_cast<std::size_t>(e)]; }

// A DATE cell. Serialized as the i32 year·10000 + month·100 + day (yyyyMMdd, §2.3). A parser splits any
// i32 back with floor division, so month and day come back as 0–99 and the year may be anything.
struct Date {
    std::int32_t year = 0;
    std::uint8_t month = 0;
    std::uint8_t day = 0;

    bool operator==(const Date&) const = default;
};

// The cells of one column, one entry per row, in the alternative that matches the column type
// (cells_index). Null cells still hold a value: the slot a Go client sends (§2.6 "slot value").
using Cells = std::variant<std::vector<std::uint8_t>,   // BOOLEAN: 0 false, non-zero true (canonical 1)
                           std::vector<std::int32_t>,   // INT32
                           std::vector<std::int64_t>,   // INT64, TIMESTAMP
                           std::vector<std::uint32_t>,  // FLOAT: IEEE-754 binary32 bits, NaN payloads kept
                           std::vector<std::uint64_t>,  // DOUBLE: IEEE-754 binary64 bits
                           std::vector<Date>,           // DATE
                           BinaryCells>;                // TEXT, STRING (UTF-8 bytes), BLOB, OBJECT (isEOF, i64 offset, content); no nulls

// The Cells alternative of each type (part of the model's definition, like the type codes);
// nullopt for VECTOR, UNKNOWN and codes that are not TSDataType codes.
constexpr std::optional<std::size_t> cells_index(DataType t) {
    switch (t) {
        case DataType::BOOLEAN: return 0;
        case DataType::INT32: return 1;
        case DataType::INT64:
        case DataType::TIMESTAMP: return 2;
        case DataType::FLOAT: return 3;
        case DataType::DOUBLE: return 4;
        case DataType::DATE: return 5;
        case DataType::TEXT:
        case DataType::BLOB:
        case DataType::STRING:
        case DataType::OBJECT: return 6;
        default: return std::nullopt;
    }
}

struct Column {
    DataType type = DataType::BOOLEAN;
    Cells cells;
    Bytes nulls;  // one byte per row: non-zero = the cell is null (canonical 1)

    bool operator==(const Column&) const = default;
};

// Rows in the order they are sent, i.e. after any client-side sorting (§2.5, request level, not modelled).
struct Tablet {
    std::vector<std::int64_t> timestamps;  // n = timestamps.size()
    std::vector<Column> columns;

    std::size_t row_count() const { return timestamps.size(); }
    bool operator==(const Tablet&) const = default;
};

// The client bitmap of one column beyond rows 0..n-1 (§2.6 rows "Flag = 1 when", "Padding bits"; §2.7 items 4, 5).
struct ColumnBitmapState {
    // Marks in the last sent bitmap byte (byte n/8) at rows >= n: bit k is row 8·(n/8)+k; bits of rows < n are
    // ignored. A Java API-mode tablet (markAll first) has 0xff here; C++ and Go, what the user marked.
    std::uint8_t padding_marks = 0;
    // A mark at a row past the last sent byte (maxRowNumber > 8·(n/8+1)).
    bool marked_past_last_byte = false;

    bool operator==(const ColumnBitmapState&) const = default;
};

struct ClientState {
    // Java, Go: the client holds bitmaps although no cell is null (Java: built through the API or given a
    // BitMap[]; Go: SetValueAt(nil) since the last Reset). A null cell or a mark implies it.
    bool bitmaps_allocated = false;
    std::vector<ColumnBitmapState> columns;  // empty, or one per column

    bool operator==(const ClientState&) const = default;
};

// ---- serializer profiles (§2.6) -------------------------------------------------------------------

// What a null cell is written as.
enum class Placeholders : std::uint8_t {
    java_sentinels,  // Integer/Long.MIN_VALUE, Float/Double.MIN_VALUE (subnormal 1), DATE 10000101
    cpp_sentinels,   // as Java but FLOAT/DOUBLE numeric_limits<>::min() (smallest normal)
    zeros,           // zero bytes, DATE 0, empty binary
    slot_values,     // the value the model holds in the null cell
};

// When the bitmap section is sent at all.
enum class SectionRule : std::uint8_t {
    always,
    if_bitmaps_exist,  // any null, any mark, or ClientState::bitmaps_allocated
    if_any_null,       // some cell of the whole tablet is null
};

// When a column's flag is 1.
enum class FlagRule : std::uint8_t {
    null_in_rows,  // the column has a null in rows 0..n-1
    any_mark,      // a null, or a ColumnBitmapState mark at a row >= n (isAllUnmarked over maxRowNumber)
};

enum class BitmapLength : std::uint8_t {
    n_div_8_plus_1,  // what the server reads
    ceil_n_div_8,    // Node
};

enum class Padding : std::uint8_t {
    zero,
    client_marks,  // ColumnBitmapState::padding_marks
};

// What the client does to a value before writing it (§2.6, Errata 9). Each a rule of kProfileRules.
enum class TimestampRule : std::uint8_t {
    exact,      // the i64 as it is
    js_number,  // Node: a JS number, so beyond ±(2^53−1) rounded to the nearest double (ties to even); one that
                // rounds to 2^63 is timestamp_out_of_range (writeBigInt64BE throws a RangeError)
};

enum class FloatNanRule : std::uint8_t {
    raw,      // the f32 bits as they are
    quieted,  // Node: a signalling f32 NaN gets its quiet bit (bits | 0x00400000) through a JS number
};

enum class DateRule : std::uint8_t {
    year_checked,      // years 1000–9999; month and day not validated (C++, Errata 8)
    calendar_checked,  // Node with OBJECT: also a real calendar date (20230229 is date_out_of_range)
    js_number,         // Node @02aedeb7: year·10000 + month·100 + day unchecked, date_out_of_range outside int32
    normalised,        // Go: time.Date normalises month and day (2023-02-30 is 2023-03-02), then the year check
};

// What the client's API can express: inputs outside it are not checked against the profile (inputs are
// mapped into the domain first, into_domain in the harness).
struct Domain {
    bool double_signalling_nans = true;  // false: Node's DOUBLE quiet bit depends on V8's array storage
    bool any_date_slot = true;           // false: a Go null DATE slot holds 0 or a value that passed the checks
    bool any_text_bytes = true;          // false: Node's TEXT and STRING cells are JS strings, so valid UTF-8
};

struct Profile {
    std::string_view name;
    Placeholders placeholders;
    SectionRule section;
    FlagRule flag;
    BitmapLength bitmap_length;
    Padding padding;
    TimestampRule timestamps = TimestampRule::exact;
    FloatNanRule float_nan = FloatNanRule::raw;
    DateRule dates = DateRule::year_checked;
    bool writes_object = true;  // false: OBJECT (type 12) is unsupported_type
    Domain domain = {};
    std::string_view followed_by = "";
};

inline constexpr Domain kNodeDomain{false, true, false};
inline constexpr Domain kGoDomain{true, false, true};

inline constexpr std::array kProfiles{
    Profile{"java", Placeholders::java_sentinels, SectionRule::if_bitmaps_exist, FlagRule::null_in_rows,
            BitmapLength::n_div_8_plus_1, Padding::client_marks, TimestampRule::exact, FloatNanRule::raw,
            DateRule::year_checked, true, {}, "Java Session (SessionUtils @d8b157e5)"},
    Profile{"cpp", Placeholders::cpp_sentinels, SectionRule::always, FlagRule::any_mark, BitmapLength::n_div_8_plus_1,
            Padding::client_marks, TimestampRule::exact, FloatNanRule::raw, DateRule::year_checked, true, {},
            "C++ Session (Session.cpp @009939f6)"},
    Profile{"python", Placeholders::zeros, SectionRule::if_any_null, FlagRule::null_in_rows,
            BitmapLength::n_div_8_plus_1, Padding::zero, TimestampRule::exact, FloatNanRule::raw,
            DateRule::year_checked, true, {}, "Python Tablet (Tablet.py)"},
    Profile{"go", Placeholders::slot_values, SectionRule::if_bitmaps_exist, FlagRule::any_mark,
            BitmapLength::n_div_8_plus_1, Padding::client_marks, TimestampRule::exact, FloatNanRule::raw,
            DateRule::normalised, true, kGoDomain, "Go client (tablet.go, utils.go @7b306898)"},
    Profile{"node", Placeholders::zeros, SectionRule::always, FlagRule::null_in_rows, BitmapLength::ceil_n_div_8,
            Padding::zero, TimestampRule::js_number, FloatNanRule::quieted, DateRule::js_number, false,
            kNodeDomain, "Node.js client (Session.ts @02aedeb7, DataTypes.ts @40928b87)"},
    Profile{"node-f0b76ed8", Placeholders::zeros, SectionRule::always, FlagRule::null_in_rows,
            BitmapLength::ceil_n_div_8, Padding::zero, TimestampRule::js_number, FloatNanRule::quieted,
            DateRule::calendar_checked, true, kNodeDomain,
            "Node.js client with OBJECT (DataTypes.ts OBJECT = 12, TableTabletObject.test.ts @f0b76ed8)"},
};

constexpr std::optional<Profile> find_profile(std::string_view name) {
    for (const Profile& p : kProfiles)
        if (p.name == name) return p;
    return std::nullopt;
}

// ---- parser profiles: the two server readers (Errata 2) ---------------------------------------------

struct ParserProfile {
    std::string_view name;
    bool boolean_true_only_0x01;  // legacy: BytesUtils.byteToBool is b == 1; TabletDecoder: any non-zero byte
    bool reads_object;            // TabletDecoder has no OBJECT case
    std::string_view followed_by;
};

inline constexpr std::array kParserProfiles{
    ParserProfile{"legacy", true, true, "readTabletValuesFromBuffer (QueryDataSetUtils.java @007e7324)"},
    ParserProfile{"tablet-decoder", false, false, "TabletDecoder (StatementGenerator @01180dcf)"},
};

constexpr std::optional<ParserProfile> find_parser_profile(std::string_view name) {
    for (const ParserProfile& p : kParserProfiles)
        if (p.name == name) return p;
    return std::nullopt;
}

// ---- outcomes ---------------------------------------------------------------------------------------

struct SerializeOutcome {
    ErrorClass error = ErrorClass::ok;
    Bytes timestamps;  // valid when error == ok
    Bytes values;

    bool ok() const { return error == ErrorClass::ok; }
    bool operator==(const SerializeOutcome&) const = default;
};

// What the request says besides the two buffers: the Thrift `types` (any byte, so that invalid codes can be
// expressed) and `size` (an i32, so that a negative count can).
struct Schema {
    std::vector<DataType> types;
    std::int32_t row_count = 0;
};

// A parsed tablet is canonical: nulls are 0/1, BOOLEAN cells 0/1, and a null cell holds the zero value
// (0, Date{}, empty bytes), whatever placeholder was sent.
struct ParseOutcome {
    ErrorClass error = ErrorClass::ok;
    Tablet tablet;          // valid when error == ok
    std::size_t consumed = 0;  // bytes of `values` read (trailing bytes are ignored, §2.3 step 5)

    bool ok() const { return error == ErrorClass::ok; }
    bool operator==(const ParseOutcome&) const = default;
};

}  // namespace tsc::iotdb
