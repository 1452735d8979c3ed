#include "conformance/inputs/tablet_cells.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <optional>
#include <span>
#include <string_view>

#include <fmt/format.h>

#include "conformance/inputs/producer.hpp"
#include "conformance/inputs/seeded_source.hpp"

namespace tsc::inputs::tablet {

namespace {

constexpr std::size_t kThousands = 1000;
constexpr std::size_t kShortCellBytes = 40;

// Short cells worth having often: empty, ASCII, equal-length pairs, UTF-8 of 2, 3 and 4 bytes a
// character, an OBJECT-like frame (isEOF, i64 offset, content). Constants, not a function-local static:
// with detect_stack_use_after_return a function that builds its static still takes a fake stack frame
// on every call, and a pool cell is drawn for most binary cells.
using namespace std::string_view_literals;
constexpr std::array kCellPool{
    ""sv,   "a"sv,  "ab"sv, "cd"sv, "ba"sv, "root.sg.d1"sv, "\xc3\xa9"sv,
    "\xe4\xbd\xa0\xe5\xa5\xbd"sv, "\xf0\x9f\x98\x80"sv, "na\xc3\xafve"sv, "r1"sv, "r2"sv,
    "device_42"sv, "\x01\x00\x00\x00\x00\x00\x00\x02\x00\x7a"sv,
};

ByteView pool_cell(Source& source) {
    const std::string_view cell = source.pick(kCellPool);
    return {reinterpret_cast<const std::uint8_t*>(cell.data()), cell.size()};
}

std::size_t long_cell_size(Source& source, std::size_t max_bytes) {
    return source.percent(25) ? max_bytes : source.size_in(kShortCellBytes + 1, max_bytes);
}

void add(std::vector<std::string>& out, const std::string& c) { out.push_back(c); }

bool is_nan32(std::uint32_t b) { return (b & 0x7f800000u) == 0x7f800000u && (b & 0x007fffffu) != 0; }
bool is_nan64(std::uint64_t b) {
    return (b & 0x7ff0000000000000u) == 0x7ff0000000000000u && (b & 0x000fffffffffffffu) != 0;
}

}  // namespace

std::size_t row_count(Source& source, std::size_t max_rows, const RowThresholds& t) {
    const std::size_t r = source.size_in(0, t.rows_per_bitmap_byte - 1);
    std::size_t k = 0;
    switch (source.weighted({50, 25, 12, 6, 4, 3})) {
        case 0: k = source.size_in(0, 1); break;                         // 0–15 rows
        case 1: k = source.size_in(2, 5); break;                         // 16–47
        case 2: k = source.size_in(6, 25); break;                        // 48–207
        case 3: k = t.scan_word_bytes * source.size_in(1, 4); break;     // whole bitmap words: 64·m + r
        case 4: k = source.size_in(26, 125); break;                      // 208–1,007
        default: k = source.size_in(kThousands / t.rows_per_bitmap_byte, 250); break;  // 1,000–2,007
    }
    if (source.dry()) k = std::min<std::size_t>(k, 1);
    const std::size_t room = max_rows >= r ? (max_rows - r) / t.rows_per_bitmap_byte : 0;
    return std::min(t.rows_per_bitmap_byte * std::min(k, room) + r, max_rows);
}

std::int64_t int64_value(Source& source) {
    constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
    constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
    static constexpr std::int64_t kEdges[] = {kMin, kMin + 1, kMax, kMax - 1, 0, -1, 1, -4294967296LL, -4294967297LL,
                                              4294967295LL, 4294967296LL, -9007199254740991LL, 9007199254740991LL};
    switch (source.weighted({2, 2, 3})) {
        case 0: return source.range(-100000, 100000);
        case 1: return source.pick(kEdges);
        default: return static_cast<std::int64_t>(source.bits());
    }
}

std::int32_t int32_value(Source& source) {
    constexpr std::int32_t kMin = std::numeric_limits<std::int32_t>::min();
    constexpr std::int32_t kMax = std::numeric_limits<std::int32_t>::max();
    static constexpr std::int32_t kEdges[] = {kMin, kMin + 1, kMax, kMax - 1, 0, -1, 1};
    switch (source.weighted({2, 1, 3})) {
        case 0: return static_cast<std::int32_t>(source.range(-100000, 100000));
        case 1: return source.pick(kEdges);
        default: return static_cast<std::int32_t>(source.range(kMin, kMax));
    }
}

std::uint32_t float_bits(Source& source) {
    static constexpr std::uint32_t kEdges[] = {
        0x7fc00000u, 0x7fc00001u, 0xffc00000u, 0xffc00001u, 0x7f800001u, 0x7fbfffffu, 0xff800001u, 0xffffffffu,
        0x7fffffffu, 0x80000000u, 0x00000000u, 0x7f800000u, 0xff800000u, 0x00000001u, 0x00800000u, 0x3f800000u};
    switch (source.weighted({2, 2, 3})) {
        case 0: return std::bit_cast<std::uint32_t>(static_cast<float>(source.range(-100000, 100000)) / 8.0f);
        case 1: return source.pick(kEdges);
        default: return static_cast<std::uint32_t>(source.bits());
    }
}

std::uint64_t double_bits(Source& source) {
    static constexpr std::uint64_t kEdges[] = {
        0x7ff8000000000000u, 0x7ff8000000000001u, 0xfff8000000000000u, 0xfff8000000000001u, 0x7ff0000000000001u,
        0x7ff7ffffffffffffu, 0xfff0000000000001u, 0xffffffffffffffffu, 0x8000000000000000u, 0x0000000000000000u,
        0x7ff0000000000000u, 0xfff0000000000000u, 0x0000000000000001u, 0x0010000000000000u, 0x3ff0000000000000u};
    switch (source.weighted({2, 2, 3})) {
        case 0: return std::bit_cast<std::uint64_t>(static_cast<double>(source.range(-1000000, 1000000)) / 16.0);
        case 1: return source.pick(kEdges);
        default: return source.bits();
    }
}

DateParts date_parts(Source& source, bool odd_fields, bool odd_years) {
    static constexpr DateParts kEdges[] = {{1000, 1, 1}, {9999, 12, 31}, {2000, 2, 29}, {2024, 2, 29},
                                           {1970, 1, 1}, {2026, 7, 13},  {1600, 2, 29}, {9999, 1, 1}};
    static constexpr std::int32_t kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    static constexpr std::int32_t kYears[] = {-1, -2147483647 - 1, 0, 999, 1, 10000, 2147483647, 21474};
    static constexpr std::int32_t kCommonYears[] = {1900, 2023, 2100, 1001};
    const auto year = [&] { return static_cast<std::int32_t>(source.range(1000, 9999)); };
    const auto month = [&] { return static_cast<std::int32_t>(source.range(1, 12)); };
    switch (source.weighted({6, 2, odd_fields ? 2u : 0u, odd_years ? 1u : 0u})) {
        case 0: {
            const std::int32_t m = month();
            return {year(), m, static_cast<std::int32_t>(source.range(1, kDays[m - 1]))};
        }
        case 1: return source.pick(kEdges);
        case 2:
            switch (source.choose(4)) {
                case 0: return {year(), source.flip() ? 0 : static_cast<std::int32_t>(source.range(13, 99)), 1};
                case 1: return {year(), month(), source.flip() ? 0 : static_cast<std::int32_t>(source.range(32, 99))};
                case 2: return {source.pick(kCommonYears), 2, 29};
                default: return {year(), static_cast<std::int32_t>(source.range(0, 99)), static_cast<std::int32_t>(source.range(0, 99))};
            }
        default:
            return {source.flip() ? source.pick(kYears) : static_cast<std::int32_t>(source.range(-99999, 99999)), 1, 1};
    }
}

void arbitrary_bytes(Source& source, std::span<std::uint8_t> out) {
    if (out.size() > 16) {
        SeededSource(source.bits()).fill(out);
        return;
    }
    std::fill(out.begin() + static_cast<std::ptrdiff_t>(source.fill(out)), out.end(), 0);
}

BinaryCellStyle::BinaryCellStyle(Source& source, std::size_t n, std::size_t max_bytes)
    : source_(source), max_bytes_(std::min(max_bytes, kMaxCellBytes)) {
    // Long cells mostly in short columns: 2,000 cells of 300 bytes would slow every check.
    const bool short_column = n <= kCellByCellRows;
    long_percent_ = short_column ? 100 : 10;
    const unsigned long_styles = short_column ? 4 : 2;
    kind_ = static_cast<Kind>(source.weighted({50, 25, 12, long_styles, long_styles}));
    switch (kind_) {
        case Kind::pool:
        case Kind::short_arbitrary: repeat_ = 0; break;
        case Kind::mixed: repeat_ = source.flip() ? 30 : 90; break;
        case Kind::long_cells: repeat_ = 10; break;
        case Kind::shared_prefix:
            repeat_ = 20;
            base_size_ = source.size_in(kSharedPrefixBytes + 1, max_bytes_);
            arbitrary_bytes(source, std::span(base_).first(base_size_));
            break;
    }
}

ByteView BinaryCellStyle::next() {
    if (drawn_any_ && source_.percent(repeat_)) return last_;
    drawn_any_ = true;
    return last_ = draw();
}

ByteView BinaryCellStyle::draw() {
    Source& source = source_;
    const auto arbitrary = [&](std::size_t n) -> ByteView {
        const std::span<std::uint8_t> cell = std::span(own_).first(n);
        arbitrary_bytes(source, cell);
        return cell;
    };
    switch (kind_) {
        case Kind::pool: return pool_cell(source);
        case Kind::short_arbitrary: return arbitrary(source.size_in(0, kShortCellBytes));
        case Kind::mixed: return source.percent(75) ? pool_cell(source) : arbitrary(source.size_in(0, max_bytes_));
        case Kind::long_cells:
            return source.percent(long_percent_) ? arbitrary(long_cell_size(source, max_bytes_)) : pool_cell(source);
        case Kind::shared_prefix:
            // The base with one byte changed at or after the shared prefix.
            std::copy_n(base_.begin(), base_size_, own_.begin());
            own_[source.size_in(kSharedPrefixBytes, base_size_ - 1)] ^= static_cast<std::uint8_t>(source.range(1, 255));
            return std::span(own_).first(base_size_);
    }
    return {};
}

BinaryCells binary_cells(Source& source, std::size_t n, std::size_t max_bytes) {
    BinaryCellStyle style(source, n, max_bytes);
    BinaryCells cells;
    cells.reserve(n, 0);
    for (std::size_t i = 0; i < n; ++i) cells.push_back(style.next());
    return cells;
}

void null_marks(Source& source, std::size_t n, bool mark_bytes, const RowThresholds& t, Bytes& marks) {
    const std::size_t word = t.rows_per_scanned_word;
    marks.assign(n, 0);
    switch (source.weighted({2, 1, 1, 2})) {
        case 0: break;
        case 1: std::fill(marks.begin(), marks.end(), 1); break;
        case 2:
            if (n == 0) break;
            // In the word-scanned rows or in the tail, whichever this n has.
            if (n >= word && (n % word == 0 || source.flip())) {
                marks[source.size_in(0, n - n % word - 1)] = 1;
            } else {
                marks[source.size_in(n - n % word, n - 1)] = 1;
            }
            break;
        default: {
            static constexpr int kPercents[] = {10, 50, 90};
            const int percent = source.pick(kPercents);
            for (std::uint8_t& m : marks) m = source.percent(percent);
        }
    }
    static constexpr std::uint8_t kMarks[] = {1, 2, 0x80, 0xff};
    if (mark_bytes && !source.percent(88))
        for (std::uint8_t& m : marks)
            if (m != 0) m = source.pick(kMarks);
}

// ---- classes --------------------------------------------------------------------------------------

namespace {

// "Well past the widest step": four whole swap blocks of 4-byte values, and a tail.
std::string past_blocks_class(const RowThresholds& t) {
    return fmt::format("rows >{} with a tail", 4 * t.values4_per_block);
}

std::string tail_class(const RowThresholds& t, std::size_t tail) {
    return fmt::format("rows %{} ={}", t.rows_per_bitmap_byte, tail);
}

std::string whole_words_class(const RowThresholds& t) {
    return fmt::format("bitmap whole bytes a multiple of {}", t.scan_word_bytes);
}

}  // namespace

std::vector<std::string> row_classes(const RowThresholds& t) {
    std::vector<std::string> out = sides("rows", t.values8_per_block);
    for (const std::string& c : sides("rows", t.values4_per_block)) out.push_back(c);
    for (std::size_t r = 0; r < t.rows_per_bitmap_byte; ++r) out.push_back(tail_class(t, r));
    out.push_back(past_blocks_class(t));
    out.push_back("rows >=1000");
    for (const std::string& c : sides("bitmap whole bytes", t.scan_word_bytes)) out.push_back(c);
    out.push_back(whole_words_class(t));
    return out;
}

std::vector<std::string> row_classes_of(std::size_t rows, const RowThresholds& t) {
    const std::size_t tail = rows % t.rows_per_bitmap_byte;
    std::vector<std::string> out{side_of("rows", rows, t.values8_per_block), side_of("rows", rows, t.values4_per_block),
                                 tail_class(t, tail)};
    if (rows > 4 * t.values4_per_block && tail != 0) out.push_back(past_blocks_class(t));
    if (rows >= kThousands) out.push_back("rows >=1000");
    const std::size_t whole = rows / t.rows_per_bitmap_byte;
    out.push_back(side_of("bitmap whole bytes", whole, t.scan_word_bytes));
    if (whole != 0 && whole % t.scan_word_bytes == 0) out.push_back(whole_words_class(t));
    return out;
}

std::vector<std::string> value_classes() {
    return {"int32 min", "int32 max", "int64 min", "int64 max",
            "float canonical NaN", "float NaN payload", "float -inf", "float -0.0", "float subnormal",
            "double canonical NaN", "double NaN payload", "double -inf", "double -0.0", "double subnormal",
            "date year <0", "date year 0", "date year 1..999", "date year 10000+", "date month 0", "date month 13+",
            "date day 0", "date day 32+", "date 29 February of a common year", "date 1000-01-01", "date 9999-12-31"};
}

void add_int32_classes(std::vector<std::string>& out, std::int32_t v) {
    if (v == std::numeric_limits<std::int32_t>::min()) add(out, "int32 min");
    if (v == std::numeric_limits<std::int32_t>::max()) add(out, "int32 max");
}

void add_int64_classes(std::vector<std::string>& out, std::int64_t v) {
    if (v == std::numeric_limits<std::int64_t>::min()) add(out, "int64 min");
    if (v == std::numeric_limits<std::int64_t>::max()) add(out, "int64 max");
}

void add_float_classes(std::vector<std::string>& out, std::uint32_t b) {
    if (b == 0x7fc00000u) add(out, "float canonical NaN");
    else if (is_nan32(b)) add(out, "float NaN payload");
    if (b == 0xff800000u) add(out, "float -inf");
    if (b == 0x80000000u) add(out, "float -0.0");
    if ((b & 0x7f800000u) == 0 && (b & 0x007fffffu) != 0) add(out, "float subnormal");
}

void add_double_classes(std::vector<std::string>& out, std::uint64_t b) {
    if (b == 0x7ff8000000000000u) add(out, "double canonical NaN");
    else if (is_nan64(b)) add(out, "double NaN payload");
    if (b == 0xfff0000000000000u) add(out, "double -inf");
    if (b == 0x8000000000000000u) add(out, "double -0.0");
    if ((b & 0x7ff0000000000000u) == 0 && (b & 0x000fffffffffffffu) != 0) add(out, "double subnormal");
}

void add_date_classes(std::vector<std::string>& out, const DateParts& d) {
    if (d.year < 0) add(out, "date year <0");
    if (d.year == 0) add(out, "date year 0");
    if (d.year >= 1 && d.year <= 999) add(out, "date year 1..999");
    if (d.year >= 10000) add(out, "date year 10000+");
    if (d.month == 0) add(out, "date month 0");
    if (d.month >= 13) add(out, "date month 13+");
    if (d.day == 0) add(out, "date day 0");
    if (d.day >= 32) add(out, "date day 32+");
    const bool leap = d.year % 4 == 0 && (d.year % 100 != 0 || d.year % 400 == 0);
    if (d.month == 2 && d.day == 29 && !leap) add(out, "date 29 February of a common year");
    if (d.year == 1000 && d.month == 1 && d.day == 1) add(out, "date 1000-01-01");
    if (d.year == 9999 && d.month == 12 && d.day == 31) add(out, "date 9999-12-31");
}

std::vector<std::string> binary_classes() {
    return {"cell bytes 0", "cell bytes 1..40", "cell bytes 41..299", "cell bytes 300", "run of equal cells",
            "run of equal cells >40 bytes", "equal-length cells sharing a 32-byte prefix"};
}

namespace detail {

void add_cell_classes(std::vector<std::string>& out, std::optional<ByteView> previous, ByteView cell) {
    const std::size_t n = cell.size();
    add(out, n == 0 ? "cell bytes 0"
             : n <= kShortCellBytes ? "cell bytes 1..40"
             : n < kMaxCellBytes    ? "cell bytes 41..299"
                                    : "cell bytes 300");
    if (!previous || previous->size() != n) return;
    if (std::ranges::equal(*previous, cell)) {
        add(out, n > kShortCellBytes ? "run of equal cells >40 bytes" : "run of equal cells");
    } else if (n > kSharedPrefixBytes && std::memcmp(previous->data(), cell.data(), kSharedPrefixBytes) == 0) {
        add(out, "equal-length cells sharing a 32-byte prefix");
    }
}

}  // namespace detail

std::vector<std::string> null_classes() {
    return {"nulls none", "nulls all", "nulls one", "nulls some", "one null in the word-scanned rows",
            "one null in the tail rows"};
}

void add_null_classes(std::vector<std::string>& out, const std::vector<bool>& nulls, const RowThresholds& t) {
    const std::size_t n = nulls.size();
    const auto count = static_cast<std::size_t>(std::count(nulls.begin(), nulls.end(), true));
    if (n == 0) return;
    if (count == 0) return add(out, "nulls none");
    if (count == n) return add(out, "nulls all");
    if (count > 1) return add(out, "nulls some");
    add(out, "nulls one");
    const auto at = static_cast<std::size_t>(std::find(nulls.begin(), nulls.end(), true) - nulls.begin());
    add(out, at < n - n % t.rows_per_scanned_word ? "one null in the word-scanned rows" : "one null in the tail rows");
}

void unique(std::vector<std::string>& classes) {
    std::sort(classes.begin(), classes.end());
    classes.erase(std::unique(classes.begin(), classes.end()), classes.end());
}

}  // namespace tsc::inputs::tablet
