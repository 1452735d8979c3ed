#include "conformance/inputs/iotdb_tablet/producer.hpp"

#include <algorithm>

#include "conformance/inputs/seeded_source.hpp"
#include "conformance/inputs/tablet_cells.hpp"
#include "subjects/fast/iotdb_tablet/thresholds.hpp"

namespace tsc::inputs::iotdb_tablet {

namespace {

using iotdb::Cells;
using iotdb::ClientState;
using iotdb::Column;
using iotdb::Date;

namespace thresholds = tsc::thresholds::iotdb_tablet;

// The null scan tests one mark byte a row.
constexpr tablet::RowThresholds kRows{thresholds::kSwapValues8, thresholds::kSwapValues4, thresholds::kNullScanWordBytes,
                                      thresholds::kRowsPerBitmapByte, thresholds::kNullScanWordBytes};

template <class Next>
auto fill(std::size_t n, Next next) {
    std::vector<decltype(next())> cells;
    cells.reserve(n);
    for (std::size_t i = 0; i < n; ++i) cells.push_back(next());
    return cells;
}

// Month and day outside the calendar serialize (only the year is checked, Errata 7); years outside
// 1000–9999 fail the whole tablet, so they come only in `years_outside` tablets.
Date date(Source& source, bool years_outside) {
    const tablet::DateParts d = tablet::date_parts(source, true, years_outside);
    // Month and day are bytes in the model: a parser gives back 0–99; 255 is out of every range.
    const auto byte = [](std::int32_t v) { return static_cast<std::uint8_t>(std::clamp(v, 0, 255)); };
    return Date{d.year, byte(d.month), byte(d.day)};
}

Cells cells(Source& source, DataType type, std::size_t n, bool years_outside, std::size_t max_cell_bytes) {
    switch (type) {
        case DataType::BOOLEAN:  // true is any non-zero byte; 1 is only the canonical one
            return fill(n, [&] {
                static constexpr std::uint8_t kOthers[] = {2, 0x80, 0xff};
                return source.percent(90) ? static_cast<std::uint8_t>(source.flip()) : source.pick(kOthers);
            });
        case DataType::INT32: return fill(n, [&] { return tablet::int32_value(source); });
        case DataType::INT64:
        case DataType::TIMESTAMP: return fill(n, [&] { return tablet::int64_value(source); });
        case DataType::FLOAT: return fill(n, [&] { return tablet::float_bits(source); });
        case DataType::DOUBLE: return fill(n, [&] { return tablet::double_bits(source); });
        case DataType::DATE: return fill(n, [&] { return date(source, years_outside); });
        default: return tablet::binary_cells(source, n, max_cell_bytes);
    }
}

std::vector<std::int64_t> timestamps(Source& source, std::size_t n) {
    if (source.percent(33)) return fill(n, [&] { return tablet::int64_value(source); });
    const std::int64_t start = source.range(1'600'000'000'000, 1'800'000'000'000);
    std::vector<std::int64_t> ts(n);
    for (std::size_t i = 0; i < n; ++i) ts[i] = start + static_cast<std::int64_t>(i) * 1000;
    return ts;
}

ClientState client(Source& source, std::size_t columns) {
    ClientState s;
    if (source.percent(60)) return s;
    s.bitmaps_allocated = source.flip();
    if (source.flip()) return s;
    static constexpr std::uint8_t kPadding[] = {0, 0, 0xff, 0x80, 0x01, 0x5a};
    s.columns.reserve(columns);
    for (std::size_t j = 0; j < columns; ++j) {
        const std::uint8_t padding = source.percent(80) ? source.pick(kPadding) : static_cast<std::uint8_t>(source.range(0, 255));
        s.columns.push_back({padding, source.percent(25)});
    }
    return s;
}

void add_cell_classes(std::vector<std::string>& out, const Column& c) {
    std::visit(
        [&](const auto& cells) {
            if constexpr (std::is_same_v<std::decay_t<decltype(cells)>, BinaryCells>) {
                // A null cell is sent empty (except as a Go slot) and leaves the previous cell cached.
                tablet::add_binary_classes(out, std::min(cells.size(), c.nulls.size()), [&](std::size_t i) {
                    return c.nulls[i] == 0 ? std::optional(cells[i]) : std::nullopt;
                });
            } else {
                for (const auto& cell : cells) tablet::add_fixed_cell_classes(out, cell);
            }
        },
        c.cells);
}

void add_null_classes(std::vector<std::string>& out, const Bytes& marks) {
    std::vector<bool> nulls(marks.size());
    for (std::size_t i = 0; i < marks.size(); ++i) nulls[i] = marks[i] != 0;
    tablet::add_null_classes(out, nulls, kRows);
    if (std::any_of(marks.begin(), marks.end(), [](std::uint8_t m) { return m > 1; })) out.push_back("null mark other than 1");
}

void add_client_classes(std::vector<std::string>& out, const ClientState& s, std::size_t rows) {
    if (s.bitmaps_allocated) out.push_back("client bitmaps allocated");
    const std::size_t whole = rows / thresholds::kRowsPerBitmapByte;
    for (const iotdb::ColumnBitmapState& c : s.columns) {
        if (c.marked_past_last_byte) out.push_back("client mark past the last byte");
        if (c.padding_marks == 0) continue;
        out.push_back("client padding marks");
        if (whole != 0 && whole % thresholds::kNullScanWordBytes == 0)
            out.push_back("client padding marks after whole bitmap words");
    }
}

// One shape a client can hand its serializer that no serializer may send (spec §1.1, the model's
// one cell and one mark per row and one client entry per column or none): a column with a cell and
// a mark more or fewer than there are timestamps, a column of a type no writer has a case for
// (VECTOR, UNKNOWN), client state for more columns than the tablet has. Each has a JSON form, so
// that testees across the protocol are sent it too.
void malform(Source& source, Case& c) {
    std::vector<Column>& columns = c.tablet.columns;
    switch (columns.empty() ? 2 : source.choose(3)) {
        case 0: {
            Column& col = columns[source.choose(columns.size())];
            const std::size_t n = col.nulls.size();
            std::size_t rows = source.size_in(0, n);
            if (rows == n) ++rows;
            std::visit([&](auto& cells) { cells.resize(rows); }, col.cells);
            col.nulls.resize(rows);
            return;
        }
        case 1: {
            static constexpr DataType kWithoutWriter[] = {DataType::VECTOR, DataType::UNKNOWN};
            columns[source.choose(columns.size())].type = source.pick(kWithoutWriter);
            return;
        }
        default:
            c.client.columns.resize(columns.size() + source.size_in(1, 2));
            return;
    }
}

}  // namespace

Case TabletProducer::build(Source& source, const Limits& limits) {
    Case c;
    const std::size_t n = tablet::row_count(source, limits.max_rows, kRows);
    const std::size_t columns = source.size_in(0, limits.max_columns);
    const bool years_outside = !source.percent(90);
    SeededSource seeded(n > tablet::kCellByCellRows ? source.bits() : 0);
    Source& cell_source = n > tablet::kCellByCellRows ? static_cast<Source&>(seeded) : source;
    c.tablet.timestamps = timestamps(cell_source, n);
    c.tablet.columns.reserve(columns);
    for (std::size_t j = 0; j < columns; ++j) {
        Column& col = c.tablet.columns.emplace_back();
        col.type = source.pick(std::span<const DataType>(kTabletDataTypes));
        col.cells = cells(cell_source, col.type, n, years_outside, limits.max_cell_bytes);
        tablet::null_marks(cell_source, n, true, kRows, col.nulls);
    }
    c.client = client(source, columns);
    if (limits.allow_errors && !source.percent(90)) malform(source, c);
    return c;
}

std::vector<std::string> TabletProducer::classes() {
    std::vector<std::string> out = tablet::row_classes(kRows);
    for (auto list : {tablet::value_classes(), tablet::binary_classes(), tablet::null_classes()})
        out.insert(out.end(), list.begin(), list.end());
    for (const char* c : {"null mark other than 1", "BOOLEAN byte other than 0/1", "client bitmaps allocated",
                          "client padding marks", "client padding marks after whole bitmap words",
                          "client mark past the last byte", "column not one cell a row", "column type without a writer",
                          "client state for more columns"})
        out.push_back(c);
    return out;
}

std::vector<std::string> TabletProducer::classes_of(const Case& c) {
    const std::size_t n = c.tablet.row_count();
    std::vector<std::string> out = tablet::row_classes_of(n, kRows);
    for (const Column& col : c.tablet.columns) {
        add_cell_classes(out, col);
        add_null_classes(out, col.nulls);
        if (col.nulls.size() != n) out.push_back("column not one cell a row");
        if (!iotdb::cells_index(col.type)) out.push_back("column type without a writer");
    }
    if (c.client.columns.size() > c.tablet.columns.size()) out.push_back("client state for more columns");
    add_client_classes(out, c.client, n);
    tablet::unique(out);
    return out;
}

}  // namespace tsc::inputs::iotdb_tablet
