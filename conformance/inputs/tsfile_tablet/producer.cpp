#include "conformance/inputs/tsfile_tablet/producer.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <utility>

#include "conformance/harness/tablet_cells.hpp"
#include "conformance/inputs/seeded_source.hpp"
#include "conformance/inputs/tablet_cells.hpp"
#include "subjects/fast/tsfile_tablet/thresholds.hpp"

namespace tsc::inputs::tsfile_tablet {

namespace {

using tsfile::BitMap;
using tsfile::Column;
using tsfile::Date;
using tsfile::Schema;
using tsfile::String;
using tsfile::Tablet;

namespace thresholds = tsc::thresholds::tsfile_tablet;

// The mark scan tests a word of bitmap bytes, one bit a row, at once.
constexpr tablet::RowThresholds kRows{thresholds::kSwapValues8, thresholds::kSwapValues4, thresholds::kMarkScanWordBytes,
                                      thresholds::kRowsPerBitmapByte,
                                      thresholds::kMarkScanWordBytes * thresholds::kRowsPerBitmapByte};

enum class Padding { zeros, ones, random, marks_beyond_rows };

struct ColumnSpec {
    std::optional<DataType> type;  // nullopt: an absent schema
    bool has_bitmap = true;
    Padding padding = Padding::zeros;
    bool has_values = true;
    bool null_cells_absent = false;  // null rows of binary and DATE columns hold Java null, not a placeholder
    bool odd_dates = false;          // DATEs outside the calendar (serialize must fail as Java does)
};

DataType type(Source& source, bool allow_errors) {
    static constexpr DataType kTypes[] = {DataType::BOOLEAN, DataType::INT32,     DataType::INT64, DataType::FLOAT,
                                          DataType::DOUBLE,  DataType::TEXT,      DataType::TIMESTAMP,
                                          DataType::DATE,    DataType::BLOB,      DataType::STRING};
    switch (source.weighted({20, 2, allow_errors ? 1u : 0u})) {
        case 0: return source.pick(kTypes);
        case 1: return DataType::OBJECT;
        default: return DataType::VECTOR;
    }
}

ColumnSpec column_spec(Source& source, bool allow_errors) {
    ColumnSpec c;
    if (source.percent(96)) c.type = type(source, allow_errors);
    c.has_bitmap = source.percent(80);
    static constexpr Padding kPaddings[] = {Padding::zeros, Padding::ones, Padding::random, Padding::marks_beyond_rows};
    c.padding = source.pick(kPaddings);
    c.has_values = source.percent(90);
    c.null_cells_absent = source.flip();
    c.odd_dates = allow_errors && !source.percent(97);
    return c;
}

// What names and targets look like; null one time in eight. A Java String holds valid UTF-8 only
// (profile rule strings_are_java_strings): a drawn cell that is not keeps its ASCII bits. Other bytes
// reach deserialize by mutation.
String string(Source& source, std::size_t max_bytes) {
    if (!source.percent(88)) return std::nullopt;
    tablet::BinaryCellStyle style(source, 1, max_bytes);  // owns the bytes the cell views
    const ByteView one = style.next();
    std::string s(one.begin(), one.end());
    if (!is_utf8(one))
        for (char& c : s) c = static_cast<char>(c & 0x7f);
    return s;
}

// What a MeasurementSchema can hold since apache/tsfile #295 (the serialize domain): a TSEncoding
// constant and a CompressionType. FREQ (10) is held and written but not read back (finding
// freq_encoding_written_not_read), so it is drawn rarely: it would stop every read at its schema.
// Other bytes reach deserialize by mutation.
constexpr std::uint8_t kReadableEncodings[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13};
constexpr std::uint8_t kFreq = 10;
constexpr std::uint8_t kCompressors[] = {0, 1, 2, 7, 8, 9};

Schema schema(Source& source, DataType type, std::size_t max_bytes) {
    Schema s;
    s.name = string(source, max_bytes);
    s.type = static_cast<std::uint8_t>(type);
    s.encoding = source.percent(2) ? kFreq : source.pick(kReadableEncodings);
    s.compressor = source.pick(kCompressors);
    const std::size_t props = source.flip() ? 0 : source.size_in(1, 3);
    s.props.reserve(props);
    for (std::size_t i = 0; i < props; ++i) {  // a Map: one value per key
        tsfile::Property p{string(source, max_bytes), string(source, max_bytes)};
        if (std::none_of(s.props.begin(), s.props.end(), [&](const tsfile::Property& q) { return q.key == p.key; }))
            s.props.push_back(std::move(p));
    }
    s.category = static_cast<tsfile::ColumnCategory>(source.range(0, 2));
    return s;
}

// How many of the `tail` cells a binary array holds past rowSize: Java's Binary[maxRowNumber] is null
// where no row was ever set (a new tablet), and holds the cells of an earlier, longer batch where the
// tablet was reset() and filled again: a few rows of it, or all. (A fixed-width array holds values
// there either way, its zeros or stale values, drawn as any.)
std::size_t stale_rows(Source& source, std::size_t tail) {
    if (tail == 0) return 0;
    switch (source.weighted({50, 35, 15})) {
        case 0: return 0;
        case 1: return source.size_in(1, std::min<std::size_t>(tail, 8));
        default: return tail;
    }
}

// The Java array of `type` with `length` cells; `nulls` marks the null rows below rowSize, which hold
// Java's placeholders.
Column column(Source& source, const ColumnSpec& c, DataType type, std::size_t length, const Bytes& nulls,
              std::size_t max_cell_bytes) {
    const auto is_null = [&](std::size_t i) { return i < nulls.size() && nulls[i] != 0; };
    const auto fill = [&](auto cells, auto placeholder, auto next) {
        cells.resize(length);
        for (std::size_t i = 0; i < length; ++i) cells[i] = is_null(i) ? placeholder : next();
        return Column(std::move(cells));
    };
    switch (type) {
        case DataType::BOOLEAN:
            return fill(tsfile::BooleanCells{}, std::uint8_t{0}, [&] {
                return static_cast<std::uint8_t>(source.percent(90) ? source.range(0, 1) : source.range(0, 255));
            });
        case DataType::INT32:
            return fill(tsfile::Int32Cells{}, std::numeric_limits<std::int32_t>::min(), [&] { return tablet::int32_value(source); });
        case DataType::FLOAT: return fill(tsfile::FloatCells{}, 0x00000001u, [&] { return tablet::float_bits(source); });
        case DataType::DOUBLE: return fill(tsfile::DoubleCells{}, std::uint64_t{1}, [&] { return tablet::double_bits(source); });
        case DataType::DATE: {
            const std::optional<Date> placeholder =
                c.null_cells_absent ? std::nullopt : std::optional<Date>(Date{1000, 1, 1});  // EMPTY_DATE
            return fill(tsfile::DateCells{}, placeholder, [&]() -> std::optional<Date> {
                if (!source.percent(95)) return std::nullopt;
                const tablet::DateParts d = tablet::date_parts(source, c.odd_dates, c.odd_dates);
                return Date{d.year, d.month, d.day};
            });
        }
        case DataType::TEXT:
        case DataType::BLOB:
        case DataType::STRING:
        case DataType::OBJECT: {
            const std::size_t set = nulls.size() + stale_rows(source, length - nulls.size());
            tablet::BinaryCellStyle style(source, set, max_cell_bytes);
            tsfile::BinaryCells cells;
            cells.reserve(length, 0);
            for (std::size_t i = 0; i < set; ++i) {
                if (is_null(i)) {
                    if (c.null_cells_absent) cells.push_null();
                    else cells.push_back({});  // Binary.EMPTY_VALUE placeholder
                } else if (source.percent(94)) {
                    cells.push_back(style.next());
                } else {
                    cells.push_null();  // a null Binary in a row that is not marked
                }
            }
            cells.resize(length);  // Java null where no row was ever set
            return cells;
        }
        default:  // INT64, TIMESTAMP (and VECTOR, which has no array of its own)
            return fill(tsfile::Int64Cells{}, std::numeric_limits<std::int64_t>::min(), [&] { return tablet::int64_value(source); });
    }
}

BitMap bitmap(Source& source, Padding padding, std::int32_t rows, std::int32_t max_rows, const Bytes& nulls) {
    BitMap bm{max_rows, Bytes(static_cast<std::size_t>(max_rows / 8 + 1), 0)};
    const auto mark = [&](std::int32_t i) { bm.bytes[static_cast<std::size_t>(i >> 3)] |= static_cast<std::uint8_t>(1u << (i & 7)); };
    const auto bits = static_cast<std::int32_t>(bm.bytes.size() * 8);
    for (std::int32_t i = rows; i < bits; ++i) {
        switch (padding) {
            case Padding::zeros: break;
            case Padding::ones: mark(i); break;  // markAll() first, as API-mode tablets do
            case Padding::random:
                if (source.flip()) mark(i);
                break;
            case Padding::marks_beyond_rows:
                if (i < max_rows && source.percent(33)) mark(i);
                break;
        }
    }
    for (std::int32_t i = 0; i < rows; ++i)
        if (nulls[static_cast<std::size_t>(i)] != 0) mark(i);
    return bm;
}

std::vector<std::int64_t> timestamps(Source& source, std::size_t length) {
    std::vector<std::int64_t> ts(length);
    if (source.percent(25)) {
        for (std::int64_t& v : ts) v = tablet::int64_value(source);
        return ts;
    }
    std::int64_t at = source.range(1'600'000'000'000, 1'601'000'000'000);
    for (std::int64_t& v : ts) v = at += source.range(0, 1999);
    if (!ts.empty() && !source.percent(75)) ts[0] = std::numeric_limits<std::int64_t>::min();
    return ts;
}

// ---- classes --------------------------------------------------------------------------------------

bool marked(const Bytes& b, std::size_t row) { return (b[row >> 3] >> (row & 7)) & 1u; }

void add_bitmap_classes(std::vector<std::string>& out, const BitMap& bm, std::size_t rows) {
    const std::size_t bits = bm.bytes.size() * 8;
    if (bits < rows) return;
    std::vector<bool> nulls(rows);
    for (std::size_t i = 0; i < rows; ++i) nulls[i] = marked(bm.bytes, i);
    tablet::add_null_classes(out, nulls, kRows);
    std::size_t padding = 0;
    for (std::size_t i = rows; i < bits; ++i) padding += marked(bm.bytes, i);
    if (padding == 0) return;
    out.push_back(padding == bits - rows ? "bitmap padding all ones" : "bitmap padding some marks");
    const std::size_t whole = rows / thresholds::kRowsPerBitmapByte;
    if (whole != 0 && whole % thresholds::kMarkScanWordBytes == 0) out.push_back("bitmap padding after whole bitmap words");
    if (std::none_of(nulls.begin(), nulls.end(), [](bool b) { return b; })) out.push_back("bitmap marks only past rowSize");
}

void add_column_classes(std::vector<std::string>& out, const Column& column, std::size_t rows) {
    std::visit(
        [&](const auto& cells) {
            const std::size_t n = std::min(rows, cells.size());
            if constexpr (std::is_same_v<std::decay_t<decltype(cells)>, tsfile::BinaryCells>) {
                const auto cell_at = [&](std::size_t i) { return cells.is_null(i) ? std::nullopt : std::optional(cells[i]); };
                tablet::add_binary_classes(out, n, cell_at);
                const auto rows_where = [&](std::size_t from, std::size_t to, auto holds) {
                    for (std::size_t i = from; i < to; ++i)
                        if (holds(cell_at(i))) return true;
                    return false;
                };
                if (rows_where(0, n, [](const auto& c) { return !c; })) out.push_back("absent cell");
                if (rows_where(n, cells.size(), [](const auto& c) { return c && !c->empty(); }))
                    out.push_back("stale binary cells past rowSize");
                else if (cells.size() > n)
                    out.push_back("only null binary cells past rowSize");
            } else {
                for (std::size_t i = 0; i < n; ++i) tablet::add_fixed_cell_classes(out, cells[i]);
            }
        },
        column);
}

// One shape Java's serialize pads, refuses or writes as it is (spec §3, rows 6–8): an array or a
// bitmap shorter than rowSize, a bitmap or values list shorter than the schemas, a negative rowSize.
void shorten(Source& source, Tablet& t) {
    const auto rows = static_cast<std::size_t>(std::max(t.row_size, 0));
    const auto fewer = [&](std::size_t n) { return n == 0 ? 0 : source.size_in(0, n - 1); };
    const auto some_entry = [&](auto& list) -> auto* {
        using Entry = typename std::decay_t<decltype(*list)>::value_type;
        Entry* present = nullptr;
        if (list && !list->empty()) present = &(*list)[source.choose(list->size())];
        return present && *present ? &**present : nullptr;
    };
    switch (source.choose(6)) {
        case 0:
            if (t.timestamps) t.timestamps->resize(std::min(t.timestamps->size(), fewer(rows)));
            return;
        case 1:
            if (Column* c = some_entry(t.values))
                std::visit([&](auto& cells) { cells.resize(std::min(cells.size(), fewer(rows))); }, *c);
            return;
        case 2:
            if (BitMap* bm = some_entry(t.bitmaps)) bm->bytes.resize(std::min(bm->bytes.size(), fewer(rows / 8 + 1)));
            return;
        case 3:
            if (t.values) t.values->resize(fewer(t.values->size()));
            return;
        case 4:
            if (t.bitmaps) t.bitmaps->resize(fewer(t.bitmaps->size()));
            return;
        default: {
            static constexpr std::int32_t kNegative[] = {-1, -8, -65, std::numeric_limits<std::int32_t>::min()};
            t.row_size = source.pick(kNegative);
            return;
        }
    }
}

}  // namespace

Tablet TabletProducer::build(Source& source, const Limits& limits) {
    Tablet t;
    const auto rows = static_cast<std::int32_t>(tablet::row_count(source, limits.max_rows, kRows));
    static constexpr std::int32_t kExtra[] = {0, 0, 1, 7, 8, 9, 64};
    const std::int32_t max_rows = rows + source.pick(kExtra);
    const bool short_arrays = !source.percent(67);
    const auto length = static_cast<std::size_t>(short_arrays ? rows : max_rows);
    const std::size_t columns = source.size_in(0, limits.max_columns);
    std::vector<ColumnSpec> specs;
    specs.reserve(columns);
    for (std::size_t j = 0; j < columns; ++j) specs.push_back(column_spec(source, limits.allow_errors));
    t.target = string(source, limits.max_cell_bytes);
    t.row_size = rows;
    if (source.percent(92)) t.schemas.emplace();
    if (source.percent(80)) t.bitmaps.emplace();
    if (source.percent(88)) t.values.emplace();
    // An absent schema with values present cannot be serialized: keep it rare.
    for (const ColumnSpec& c : specs)
        if (!c.type && t.values && !(limits.allow_errors && !source.percent(75))) t.values.reset();

    // By rows, not the arrays' length: cells past rowSize do not make a small tablet's cells seeded.
    const bool seeded_cells = static_cast<std::size_t>(rows) > tablet::kCellByCellRows;
    SeededSource seeded(seeded_cells ? source.bits() : 0);
    Source& cells = seeded_cells ? static_cast<Source&>(seeded) : source;
    if (source.percent(80)) t.timestamps = timestamps(cells, length);
    if (t.schemas) t.schemas->reserve(specs.size());
    if (t.bitmaps) t.bitmaps->reserve(specs.size());
    if (t.values) t.values->reserve(specs.size());
    Bytes nulls;  // the column's null rows; one buffer for every column
    for (const ColumnSpec& c : specs) {
        const DataType type = c.type.value_or(DataType::INT32);
        if (t.schemas) t.schemas->push_back(c.type ? std::optional<Schema>(schema(source, type, limits.max_cell_bytes)) : std::nullopt);
        tablet::null_marks(cells, static_cast<std::size_t>(rows), false, kRows, nulls);
        if (t.bitmaps)
            t.bitmaps->push_back(c.has_bitmap ? std::optional<BitMap>(bitmap(cells, c.padding, rows, max_rows, nulls)) : std::nullopt);
        if (t.values)
            t.values->push_back(c.has_values ? std::optional<Column>(column(cells, c, type, length, nulls, limits.max_cell_bytes)) : std::nullopt);
    }
    // Now and then one such shape, or two: which error Java reports first depends on their order.
    if (limits.allow_errors && !source.percent(90))
        for (int shapes = source.percent(50) ? 2 : 1; shapes > 0; --shapes) shorten(source, t);
    return t;
}

std::vector<std::string> TabletProducer::classes() {
    std::vector<std::string> out = tablet::row_classes(kRows);
    for (auto list : {tablet::value_classes(), tablet::binary_classes(), tablet::null_classes()})
        out.insert(out.end(), list.begin(), list.end());
    for (const char* c : {"BOOLEAN byte other than 0/1", "absent cell", "bitmap padding all ones", "bitmap padding some marks",
                          "bitmap padding after whole bitmap words", "bitmap marks only past rowSize",
                          "arrays longer than rowSize", "stale binary cells past rowSize", "only null binary cells past rowSize", "absent schema", "absent column", "absent bitmap", "OBJECT column",
                          "VECTOR column", "no schemas", "no timestamps", "no bitmaps", "no values", "no target",
                          "array shorter than rowSize", "bitmap shorter than rowSize", "fewer bitmaps than schemas",
                          "fewer values than schemas", "negative rowSize"})
        out.push_back(c);
    return out;
}

std::vector<std::string> TabletProducer::classes_of(const Tablet& t) {
    const auto rows = static_cast<std::size_t>(std::max(t.row_size, 0));
    std::vector<std::string> out = tablet::row_classes_of(rows, kRows);
    if (!t.target) out.push_back("no target");
    if (!t.schemas) out.push_back("no schemas");
    if (!t.timestamps) out.push_back("no timestamps");
    if (!t.bitmaps) out.push_back("no bitmaps");
    if (!t.values) out.push_back("no values");
    if (t.timestamps && t.timestamps->size() > rows) out.push_back("arrays longer than rowSize");
    if (t.timestamps && t.timestamps->size() < rows) out.push_back("array shorter than rowSize");
    if (t.row_size < 0) out.push_back("negative rowSize");
    const std::size_t schemas = t.schemas ? t.schemas->size() : 0;
    if (t.bitmaps && t.bitmaps->size() < schemas) out.push_back("fewer bitmaps than schemas");
    if (t.values && t.values->size() < schemas) out.push_back("fewer values than schemas");
    if (t.schemas)
        for (const std::optional<Schema>& s : *t.schemas) {
            if (!s) out.push_back("absent schema");
            else if (s->type == static_cast<std::uint8_t>(DataType::OBJECT)) out.push_back("OBJECT column");
            else if (s->type == static_cast<std::uint8_t>(DataType::VECTOR)) out.push_back("VECTOR column");
        }
    if (t.bitmaps)
        for (const std::optional<BitMap>& bm : *t.bitmaps) {
            if (bm) add_bitmap_classes(out, *bm, rows);
            else out.push_back("absent bitmap");
            if (bm && bm->bytes.size() < rows / 8 + 1) out.push_back("bitmap shorter than rowSize");
        }
    if (t.values)
        for (const std::optional<Column>& c : *t.values) {
            if (c) add_column_classes(out, *c, rows);
            else out.push_back("absent column");
            if (c && std::visit([&](const auto& cells) { return cells.size() < rows; }, *c))
                out.push_back("array shorter than rowSize");
        }
    tablet::unique(out);
    return out;
}

}  // namespace tsc::inputs::tsfile_tablet
