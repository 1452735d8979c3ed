// The cells both tablet families are made of (IoTDB insertTablet, TsFile Tablet), drawn from a Source:
// row counts, fixed-width values with their edges, DATE parts, variable-width cells and null patterns;
// and the threshold classes these fall in. The families' producers
// (conformance/inputs/{iotdb,tsfile}_tablet/producer.hpp) assemble their tablets from them, so both
// reach the same shapes, sizes and edge values.
//
// Sizes are chosen class first, then a value inside the class, so that the rare large classes
// (thousands of rows, 300-byte cells) still come up in a few percent of the draws while most inputs
// stay small. Under RapidCheck, the first class of each choice is the one small sizes and shrinking
// lead to.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "conformance/inputs/source.hpp"
#include "reference/common/binary_cells.hpp"

namespace tsc::inputs::tablet {

// The longest variable-width cell drawn: well past the 40 bytes the older builders stopped at.
inline constexpr std::size_t kMaxCellBytes = 300;
// A run of equal-length different cells shares at least this many leading bytes, so that the
// comparison of a cell with the one before it runs long before it finds the difference.
inline constexpr std::size_t kSharedPrefixBytes = 32;
// Columns of more rows than this take their cells from a seeded source drawn from the input: a
// 2,000-row tablet costs a handful of draws (RapidCheck stays fast and shrinks the shape), while a
// small column is drawn cell by cell (RapidCheck shrinks each cell, the fuzzer steers each one).
inline constexpr std::size_t kCellByCellRows = 64;

// The sizes at which a family's fast subject switches path (subjects/fast/<family>/thresholds.hpp) that
// row counts and null patterns are built around.
struct RowThresholds {
    std::size_t values8_per_block;     // 8-byte values per swap block (kSwapValues8)
    std::size_t values4_per_block;     // 4-byte values per swap block (kSwapValues4)
    std::size_t scan_word_bytes;       // bytes of one scanned word (null marks, bitmap bytes)
    std::size_t rows_per_bitmap_byte;  // kRowsPerBitmapByte
    std::size_t rows_per_scanned_word; // rows a null scan tests at once (one mark byte or one bit a row)
};

// n = 8k + r, r uniform so that every n % 8 (every bitmap tail) is as likely as any other; k from a
// class: a few rows, tens, hundreds, thousands, or a whole number of 8-byte bitmap words. At most
// max_rows; at most 8 + r when the source has run dry (no 2,000 rows of zeros).
std::size_t row_count(Source& source, std::size_t max_rows, const RowThresholds& t);

// Edges (extremes, ±1 around 2^32 and 2^53, NaN payloads of both signs, quiet and signalling,
// canonical NaN, ±inf, −0.0, subnormals, 1.0) or anything.
std::int64_t int64_value(Source& source);
std::int32_t int32_value(Source& source);
std::uint32_t float_bits(Source& source);
std::uint64_t double_bits(Source& source);

// A date as its parts. Mostly calendar dates of years 1000–9999 (their bounds, leap days); with
// `odd_fields`, now and then month 0 or 13+, day 0 or 32+, or 29 February of a common year; with
// `odd_years`, now and then a negative, zero, three-digit or five-digit year.
struct DateParts {
    std::int32_t year = 0;
    std::int32_t month = 0;
    std::int32_t day = 0;
};
DateParts date_parts(Source& source, bool odd_fields, bool odd_years);

// Arbitrary bytes into all of `out`: from the source up to 16 (zeros past a dry source's end), beyond
// that from a seed drawn from it.
void arbitrary_bytes(Source& source, std::span<std::uint8_t> out);

// The style of one column's variable-width cells, drawn when it is made: a pool of short strings
// (empty, ASCII, multi-byte UTF-8, OBJECT-like frames), short arbitrary cells, runs of equal cells, long
// cells (41–300 bytes), or equal-length cells that share a long prefix and differ after it. Each next()
// draws the column's next cell, which repeats the one before it now and then. A cell is a view into the
// pool or into the style's own buffer, valid until the next call: a producer copies it once, into its
// own model's cell. The buffers are part of the object, so a style allocates nothing. n: the column's
// cells; max_bytes: at most kMaxCellBytes (more is cut to it), more than 40 (less only for checks that
// cost O(size²)).
class BinaryCellStyle {
public:
    BinaryCellStyle(Source& source, std::size_t n, std::size_t max_bytes = kMaxCellBytes);
    ByteView next();

private:
    enum class Kind { pool, short_arbitrary, mixed, long_cells, shared_prefix };
    ByteView draw();

    Source& source_;
    std::size_t max_bytes_;
    Kind kind_ = Kind::pool;
    int repeat_ = 0;        // percent of cells after the first that repeat the one before
    int long_percent_ = 0;  // long_cells: percent of drawn cells that are long (the rest from the pool)
    // Left uninitialized (a style is made for every name a producer draws): only what was drawn is read.
    std::array<std::uint8_t, kMaxCellBytes> base_;  // shared_prefix: the cell the others vary,
    std::size_t base_size_ = 0;                      // its first base_size_ bytes
    std::array<std::uint8_t, kMaxCellBytes> own_;   // the last drawn cell that is not in the pool
    ByteView last_;
    bool drawn_any_ = false;
};

// n cells of one column in one style (BinaryCellStyle).
BinaryCells binary_cells(Source& source, std::size_t n, std::size_t max_bytes = kMaxCellBytes);

// One null mark per row into `marks`, whose storage is reused: none, all, one (in the word-scanned rows
// or in the tail), or a percentage of the rows; `mark_bytes`: now and then a mark other than 1 (any
// non-zero byte is a mark).
void null_marks(Source& source, std::size_t n, bool mark_bytes, const RowThresholds& t, Bytes& marks);

// ---- classes --------------------------------------------------------------------------------------

// Classes of a row count: against the values per swap block, every n % 8, well past the widest block
// (four blocks of 4-byte values) with a tail, thousands; and of its n / 8 whole bitmap bytes against
// the scanned word, and a whole number of words.
std::vector<std::string> row_classes(const RowThresholds& t);
std::vector<std::string> row_classes_of(std::size_t rows, const RowThresholds& t);

// Classes of fixed-width values and dates.
std::vector<std::string> value_classes();
void add_int32_classes(std::vector<std::string>& out, std::int32_t v);
void add_int64_classes(std::vector<std::string>& out, std::int64_t v);
void add_float_classes(std::vector<std::string>& out, std::uint32_t bits);
void add_double_classes(std::vector<std::string>& out, std::uint64_t bits);
void add_date_classes(std::vector<std::string>& out, const DateParts& d);
// The classes of one fixed-width cell of either tablet family, by its model type: a BOOLEAN byte,
// INT32, INT64, FLOAT and DOUBLE bits, a date (or an optional one: none has no class).
template <class Cell>
void add_fixed_cell_classes(std::vector<std::string>& out, const Cell& cell);

// Classes of a column of variable-width cells: the longest cell, runs of equal cells (short and long),
// equal-length cells that share a 32-byte prefix. `cell_at(i)` is row i's cell, or nullopt when row i
// sends none (a null): a run goes on across such rows, as the subjects' one-cell caches do.
std::vector<std::string> binary_classes();
template <class CellAt>
void add_binary_classes(std::vector<std::string>& out, std::size_t rows, CellAt cell_at);

// Classes of a column's null marks: none, all, one, some; the one null only in the word-scanned part
// or only in the byte-scanned tail (rows scanned one byte each, one word at a time).
std::vector<std::string> null_classes();
void add_null_classes(std::vector<std::string>& out, const std::vector<bool>& nulls, const RowThresholds& t);

// Sorted, each class once.
void unique(std::vector<std::string>& classes);

// ---- template definitions -------------------------------------------------------------------------

namespace detail {
// The classes of one cell after `previous` (nullptr: the first cell).
void add_cell_classes(std::vector<std::string>& out, std::optional<ByteView> previous, ByteView cell);
}  // namespace detail

template <class CellAt>
void add_binary_classes(std::vector<std::string>& out, std::size_t rows, CellAt cell_at) {
    std::optional<ByteView> previous;
    for (std::size_t i = 0; i < rows; ++i) {
        const std::optional<ByteView> cell = cell_at(i);
        if (!cell) continue;
        detail::add_cell_classes(out, previous, *cell);
        previous = cell;
    }
}

template <class Cell>
void add_fixed_cell_classes(std::vector<std::string>& out, const Cell& cell) {
    if constexpr (std::is_same_v<Cell, std::uint8_t>) {
        if (cell > 1) out.push_back("BOOLEAN byte other than 0/1");
    } else if constexpr (std::is_same_v<Cell, std::int32_t>) {
        add_int32_classes(out, cell);
    } else if constexpr (std::is_same_v<Cell, std::int64_t>) {
        add_int64_classes(out, cell);
    } else if constexpr (std::is_same_v<Cell, std::uint32_t>) {
        add_float_classes(out, cell);
    } else if constexpr (std::is_same_v<Cell, std::uint64_t>) {
        add_double_classes(out, cell);
    } else if constexpr (requires { cell.year; }) {
        add_date_classes(out, {cell.year, cell.month, cell.day});
    } else if constexpr (requires { cell->year; }) {
        if (cell) add_fixed_cell_classes(out, *cell);
    }
}

}  // namespace tsc::inputs::tablet
