// Model types of the TsFile Java Tablet as Tablet.serialize writes it and Tablet.deserialize reads it
// (tablets-and-bitmaps.md §3, §1.1, §1.2). Shared by the reference and every subject; data only, no
// codec logic.
//
// The model is the wire-level tablet: every optional part of the layout is an std::optional, every
// Java reference that can be null is an std::optional, and the values are the Java arrays a column
// holds, one std::vector per array type. What Tablet.deserialize would additionally invent (zero
// timestamps for an absent section, Binary.EMPTY_VALUE for an absent cell) is not modelled; the
// findings (vectors with a `finding` block in corpora/vectors/tsfile_tablet.json) record where Java's objects differ.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "reference/common/binary_cells.hpp"
#include "reference/common/bytes.hpp"
#include "reference/common/data_type.hpp"
#include "reference/common/error_class_names.hpp"

namespace tsc::tsfile {

// Which Tablet.java layout a serializer writes and a deserializer reads (spec "Errata" item 1).
enum class Layout : std::uint8_t {
    newest,     // apache/tsfile PR #824: OBJECT cells like TEXT (presence byte + Binary)
    v15201a9d,  // Tablet.java @15201a9d: OBJECT has no case (UnSupportedDataTypeException)
};

inline constexpr std::array kLayoutNames{std::string_view{"newest"}, std::string_view{"v15201a9d"}};
inline constexpr std::array kLayouts{Layout::newest, Layout::v15201a9d};

constexpr std::string_view name_of(Layout l) { return kLayoutNames[static_cast<std::size_t>(l)]; }

constexpr std::optional<Layout> find_layout(std::string_view name) {
    for (std::size_t i = 0; i < kLayoutNames.size(); ++i)
        if (kLayoutNames[i] == name) return static_cast<Layout>(i);
    return std::nullopt;
}

// One class per way serialize or deserialize can fail. Compared as values, never as messages.
enum class ErrorClass : std::uint8_t {
    ok,
    // deserialize: the input ends inside a section (Java: BufferUnderflowException)
    truncated_target_name,
    truncated_row_size,
    truncated_schemas,
    truncated_timestamps,
    truncated_bitmaps,
    truncated_values,
    // deserialize: values Java rejects while reading
    negative_binary_length,   // Binary length < 0 (NegativeArraySizeException); a String's gives null
    invalid_column_category,  // category byte outside 0..2 (ColumnCategory.values()[b])
    negative_row_size,        // rowSize < 0 (new long[rowSize]); serialize rejects it too
    negative_schema_count,    // schemaCount < 0 (new BitMap[schemaSize])
    unknown_data_type,        // a present schema's type code outside 0..12 (TSDataType.deserialize, as it is read)
    column_without_schema,    // a present column whose index has no schema (absent schemas compacted)
    unsupported_data_type,    // a present column of VECTOR, UNKNOWN, or OBJECT in layout v15201a9d
    invalid_date,             // DATE yyyyMMdd that is no calendar date (parseIntToLocalDate); also a model date
    // serialize: tablets Java cannot write
    date_out_of_range,        // DATE year outside 1000..9999 (DateUtils.parseDateExpressionToInt)
    missing_schema,           // values present, schema j null (NullPointerException in writeValues)
    column_count_mismatch,    // bitmaps or values hold fewer entries than there are schemas
    column_type_mismatch,     // a column's array type does not belong to its schema's data type
    array_too_short,          // timestamps or a column shorter than rowSize, a bitmap isAllUnmarked(rowSize) reads past
    buffer_too_small,         // serialize(ByteBuffer): the caller's buffer cannot hold the tablet
    // deserialize, appended: schema enums read since apache/tsfile #295 (Errata 9)
    unknown_encoding,         // an encoding byte TSEncoding.deserialize has no case for (10 FREQ, 14+)
    unknown_compressor,       // a compressor byte outside 0, 1, 2, 7, 8, 9 (CompressionType.deserialize)
};

inline constexpr std::array kErrorClassNames{
    std::string_view{"ok"},
    std::string_view{"truncated_target_name"},
    std::string_view{"truncated_row_size"},
    std::string_view{"truncated_schemas"},
    std::string_view{"truncated_timestamps"},
    std::string_view{"truncated_bitmaps"},
    std::string_view{"truncated_values"},
    std::string_view{"negative_binary_length"},
    std::string_view{"invalid_column_category"},
    std::string_view{"negative_row_size"},
    std::string_view{"negative_schema_count"},
    std::string_view{"unknown_data_type"},
    std::string_view{"column_without_schema"},
    std::string_view{"unsupported_data_type"},
    std::string_view{"invalid_date"},
    std::string_view{"date_out_of_range"},
    std::string_view{"missing_schema"},
    std::string_view{"column_count_mismatch"},
    std::string_view{"column_type_mismatch"},
    std::string_view{"array_too_short"},
    std::string_view{"buffer_too_small"},
    std::string_view{"unknown_encoding"},
    std::string_view{"unknown_compressor"},
};

static_assert(names_in_step(kErrorClassNames, ErrorClass::unknown_compressor, "unknown_compressor"));

constexpr std::string_view name_of(ErrorClass e) { return kErrorClassNames[static_cast<std::size_t>(e)]; }

constexpr std::optional<ErrorClass> find_error_class(std::string_view name) {
    for (std::size_t i = 0; i < kErrorClassNames.size(); ++i)
        if (kErrorClassNames[i] == name) return static_cast<ErrorClass>(i);
    return std::nullopt;
}

// ColumnCategory.ordinal() (§2.1, §3 row 3d).
enum class ColumnCategory : std::uint8_t { TAG = 0, FIELD = 1, ATTRIBUTE = 2 };

inline constexpr std::array kColumnCategoryNames{std::string_view{"TAG"}, std::string_view{"FIELD"},
                                                 std::string_view{"ATTRIBUTE"}};

constexpr std::string_view name_of(ColumnCategory c) { return kColumnCategoryNames[static_cast<std::size_t>(c)]; }

// A Java String: nullopt is null (length −1 on the wire); otherwise its UTF-8 bytes. Serialize writes
// whatever bytes it is given; deserialize yields what Java's String holds, its bytes decoded with
// replacement (profile rule strings_decoded_with_replacement), so valid UTF-8.
using String = std::optional<std::string>;

struct Property {
    String key;
    String value;
    bool operator==(const Property&) const = default;
};

// MeasurementSchema as serializeTo writes it, plus the column category written after it.
struct Schema {
    String name;
    std::uint8_t type = 0;  // TSDataType code (§1.1) as written; checked only when it is read back
    std::uint8_t encoding = 0;
    std::uint8_t compressor = 0;
    // props: to serialize, in the iteration order of the caller's Map, which is input here; as
    // deserialized, a HashMap: one entry per key with the last value read for it, in ascending key
    // order (null first). Empty is also how null props (count 0) come back.
    std::vector<Property> props;
    ColumnCategory category = ColumnCategory::FIELD;
    bool operator==(const Schema&) const = default;
};

// A java.time.LocalDate. Serialize accepts calendar dates of years 1000..9999; deserialize yields
// any calendar date whose yyyyMMdd fits an int.
struct Date {
    std::int32_t year = 0;
    std::int32_t month = 0;
    std::int32_t day = 0;
    bool operator==(const Date&) const = default;
};

// The Java array of a value column. Which one a column holds follows its data type:
using BooleanCells = std::vector<std::uint8_t>;         // boolean[] for BOOLEAN: 0 is false, any other true
using Int32Cells = std::vector<std::int32_t>;           // int[] for INT32
using Int64Cells = std::vector<std::int64_t>;           // long[] for INT64 and TIMESTAMP
using FloatCells = std::vector<std::uint32_t>;          // float[] for FLOAT, as IEEE-754 bits
using DoubleCells = std::vector<std::uint64_t>;         // double[] for DOUBLE, as IEEE-754 bits
using BinaryCells = tsc::BinaryCells;                   // Binary[] for TEXT, STRING, BLOB, OBJECT, with Java nulls
using DateCells = std::vector<std::optional<Date>>;     // LocalDate[] for DATE; nullopt = null

using Column = std::variant<BooleanCells, Int32Cells, Int64Cells, FloatCells, DoubleCells, BinaryCells, DateCells>;

// Names of the Column alternatives, in variant order (for JSON and reports).
inline constexpr std::array kCellKindNames{std::string_view{"boolean"}, std::string_view{"int32"},
                                           std::string_view{"int64"},   std::string_view{"float"},
                                           std::string_view{"double"},  std::string_view{"binary"},
                                           std::string_view{"date"}};

// org.apache.tsfile.utils.BitMap: row i is marked (null) when bit i & 7 of byte i >> 3 is set (§1.2).
// `size` is the bit count given to the constructor; serialize writes rowSize in its place.
struct BitMap {
    std::int32_t size = 0;
    Bytes bytes;
    bool operator==(const BitMap&) const = default;
};

// Every list is indexed by column; serialize walks the first schemas->size() entries of each.
struct Tablet {
    String target;  // insertTargetName: device id (tree model) or table name
    std::int32_t row_size = 0;
    std::optional<std::vector<std::optional<Schema>>> schemas;
    std::optional<std::vector<std::int64_t>> timestamps;  // at least row_size entries to serialize
    std::optional<std::vector<std::optional<BitMap>>> bitmaps;
    std::optional<std::vector<std::optional<Column>>> values;
    bool operator==(const Tablet&) const = default;
};

// What serialize produced: the bytes, or the error class and no bytes.
struct SerializeOutcome {
    ErrorClass error = ErrorClass::ok;
    Bytes bytes;
    bool ok() const { return error == ErrorClass::ok; }
};

// What deserialize produced. consumed is where the ByteBuffer's position is left: bytes after the
// tablet are not read (§3: nothing checks that the buffer ends there).
struct DeserializeOutcome {
    ErrorClass error = ErrorClass::ok;
    Tablet tablet;  // valid when error == ok
    std::size_t consumed = 0;
    bool ok() const { return error == ErrorClass::ok; }
    bool operator==(const DeserializeOutcome&) const = default;
};

}  // namespace tsc::tsfile
