// The input producer of the IoTDB insertTablet family (conformance/inputs/producer.hpp): a tablet and
// the client state around it, for the properties, the serialize fuzz target and the histogram test.
//
// Every type of §1.1 mixed; 0–2,000 rows with every n % 8 and whole bitmap words; all-null, no-null,
// one-null (in the word-scanned rows or the tail) and percent-null columns, null marks other than 1;
// empty, ASCII, multi-byte UTF-8 and 41–300-byte cells, runs of equal cells and of equal-length cells
// sharing a 32-byte prefix; NaN payloads, canonical NaN, ±inf, −0.0, subnormals, int extremes;
// DATE bounds and, in one tablet of ten, dates outside the calendar (negative, zero and five-digit
// years, month or day 0 or past the last); BOOLEAN bytes other than 0/1; slot values in null cells;
// client state (bitmaps allocated without nulls, marks in the padding bits and past the last byte).
// When errors are allowed, one tablet in ten has one shape no serializer may send: a column a cell
// more or fewer than the timestamps, a VECTOR or UNKNOWN column, client state for extra columns.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "conformance/inputs/producer.hpp"
#include "conformance/inputs/tablet_cells.hpp"
#include "reference/iotdb_tablet/model.hpp"

namespace tsc::inputs::iotdb_tablet {

struct Case {
    iotdb::Tablet tablet;
    iotdb::ClientState client;
};

struct Limits {
    std::size_t max_rows = 2000;
    std::size_t max_columns = 6;
    std::size_t max_cell_bytes = tablet::kMaxCellBytes;  // more than 40
    bool allow_errors = true;  // now and then a tablet no serializer may send
};

struct TabletProducer {
    using Value = Case;
    static Case build(Source& source) { return build(source, Limits{}); }
    static Case build(Source& source, const Limits& limits);
    static std::vector<std::string> classes();
    static std::vector<std::string> classes_of(const Case& c);
};

static_assert(Producer<TabletProducer>);

}  // namespace tsc::inputs::iotdb_tablet
