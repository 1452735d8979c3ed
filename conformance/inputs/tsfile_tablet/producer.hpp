// The input producer of the TsFile Tablet family (conformance/inputs/producer.hpp): the Java Tablet as
// Tablet.serialize sees it, for the properties, the round-trip fuzz target and the histogram test.
//
// Shapes: 0–2,000 rows with every n % 8 and whole bitmap words, arrays longer than rowSize (binary
// arrays null past it, as a new tablet's, or holding an earlier batch's cells, as a reset one's), sections,
// schemas, bitmaps, columns and cells present or absent, every type of §1.1 (OBJECT, and VECTOR when
// errors are allowed). Values: int extremes; NaN payloads of both signs, canonical NaN, ±inf, −0.0,
// subnormals; empty, ASCII, multi-byte UTF-8 and non-UTF-8 strings, 41–300-byte cells, runs of equal
// cells and of equal-length cells sharing a 32-byte prefix; DATE bounds and leap days, Java's null
// placeholders; boolean bytes other than 0/1. Bitmaps: no, all, one (in the word-scanned rows or the
// tail) or some null rows, padding of zeros, of ones (Java API mode), random, marks only past rowSize.
// When errors are allowed, now and then a tablet Java cannot serialize: an absent schema with values,
// DATEs outside the calendar (negative, zero and five-digit years, month or day 0 or past the last,
// 29 February of a common year).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "conformance/inputs/producer.hpp"
#include "conformance/inputs/tablet_cells.hpp"
#include "reference/tsfile_tablet/model.hpp"

namespace tsc::inputs::tsfile_tablet {

struct Limits {
    std::size_t max_rows = 2000;
    std::size_t max_columns = 12;
    bool allow_errors = true;  // now and then a tablet Java cannot serialize
    std::size_t max_cell_bytes = tablet::kMaxCellBytes;  // more than 40
};

struct TabletProducer {
    using Value = tsfile::Tablet;
    static tsfile::Tablet build(Source& source) { return build(source, Limits{}); }
    static tsfile::Tablet build(Source& source, const Limits& limits);
    static std::vector<std::string> classes();
    static std::vector<std::string> classes_of(const tsfile::Tablet& t);
};

static_assert(Producer<TabletProducer>);

}  // namespace tsc::inputs::tsfile_tablet
