// RapidCheck generators of TsFile tablets. RapidCheck draws the shape (row count 0-2,000 with every
// n % 8, arrays longer than rowSize, sections and columns present or absent, per column a type of
// §1.1, a null pattern, a value style and a bitmap style); the cells are then filled from a drawn
// seed, so that a 2,000-row tablet costs a handful of draws and shrinking works on the shape.
//
// Value styles cover: int extremes; NaN payloads of both signs, quiet and signalling; −0.0, ±inf,
// subnormals; empty, ASCII, multi-byte UTF-8 and non-UTF-8 strings, with runs of equal-length
// different strings; DATE bounds (1000-01-01, 9999-12-31) and leap days; Java's null placeholders;
// boolean model bytes other than 0/1. Bitmap styles cover zero padding, Java API-mode padding of 1s,
// random padding and marks only at rows >= rowSize. Call only inside a property.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "reference/tsfile_tablet/model.hpp"

namespace tsc::tsfile::test {

inline Layout gen_layout() { return *rc::gen::element(Layout::newest, Layout::v15201a9d); }

// True with probability 1/n whatever RapidCheck's size (rc::gen::inRange scales with it).
inline bool one_in(unsigned n) { return *rc::gen::weightedElement<bool>({{1, true}, {n - 1, false}}); }

enum class Nulls { none, all, some, sparse };
enum class Values { typical, extremes, special, random };
enum class Padding { zeros, ones, random, marks_beyond_rows };

struct ColumnSpec {
    std::optional<DataType> type;  // nullopt: an absent schema
    Nulls nulls = Nulls::none;
    Values values = Values::typical;
    bool has_bitmap = true;
    Padding padding = Padding::zeros;
    bool has_values = true;
    bool null_cells_absent = false;  // null rows of binary and DATE columns hold Java null, not a placeholder
    bool bad_date = false;           // one DATE outside 1000..9999 (serialize must fail as Java does)
};

struct TabletSpec {
    std::int32_t rows = 0;
    std::int32_t extra = 0;  // maxRowNumber − rowSize: arrays are that much longer
    bool schemas = true, timestamps = true, bitmaps = true, values = true;
    std::vector<ColumnSpec> columns;
    std::uint64_t seed = 0;
};

inline DataType gen_type() {
    return *rc::gen::weightedOneOf<DataType>({
        {10, rc::gen::element(DataType::BOOLEAN, DataType::INT32, DataType::INT64, DataType::FLOAT, DataType::DOUBLE,
                              DataType::TEXT, DataType::TIMESTAMP, DataType::DATE, DataType::BLOB, DataType::STRING)},
        {1, rc::gen::just(DataType::OBJECT)},
    });
}

inline ColumnSpec gen_column_spec(bool allow_errors) {
    ColumnSpec c;
    c.type = one_in(25) ? std::nullopt : std::optional<DataType>(gen_type());
    c.nulls = *rc::gen::element(Nulls::none, Nulls::none, Nulls::all, Nulls::some, Nulls::sparse);
    c.values = *rc::gen::element(Values::typical, Values::extremes, Values::special, Values::random);
    c.has_bitmap = !one_in(5);
    c.padding = *rc::gen::element(Padding::zeros, Padding::ones, Padding::random, Padding::marks_beyond_rows);
    c.has_values = !one_in(10);
    c.null_cells_absent = *rc::gen::arbitrary<bool>();
    c.bad_date = allow_errors && one_in(40);
    return c;
}

inline std::int32_t gen_rows(std::int32_t max_rows) {
    const auto small = std::min<std::int32_t>(max_rows, 20);
    return *rc::gen::weightedOneOf<std::int32_t>({
        {5, rc::gen::inRange<std::int32_t>(0, small + 1)},
        {3, rc::gen::inRange<std::int32_t>(0, std::min<std::int32_t>(max_rows, 200) + 1)},
        {2, rc::gen::inRange<std::int32_t>(0, max_rows + 1)},
    });
}

// allow_errors: now and then a tablet Java cannot serialize (absent schema with values, bad DATE).
inline TabletSpec gen_spec(std::int32_t max_rows = 2000, std::size_t max_columns = 12, bool allow_errors = true) {
    TabletSpec s;
    s.rows = gen_rows(max_rows);
    s.extra = *rc::gen::element<std::int32_t>(0, 0, 1, 7, 8, 9, 64);
    s.schemas = !one_in(12);
    s.timestamps = !one_in(5);
    s.bitmaps = !one_in(4);
    s.values = !one_in(8);
    const auto n = *rc::gen::inRange<std::size_t>(0, max_columns + 1);
    for (std::size_t i = 0; i < n; ++i) s.columns.push_back(gen_column_spec(allow_errors));
    // An absent schema with values present cannot be serialized: keep it rare.
    for (ColumnSpec& c : s.columns)
        if (!c.type && s.values && !(allow_errors && one_in(4))) s.values = false;
    s.seed = *rc::gen::arbitrary<std::uint64_t>();
    return s;
}

// ---- filling the cells from the seed --------------------------------------------------------------

class Filler {
public:
    explicit Filler(std::uint64_t seed) : rng_(seed) {}

    std::uint64_t u64() { return rng_(); }
    std::uint32_t u32() { return static_cast<std::uint32_t>(rng_()); }
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(rng_() % n); }
    bool chance(unsigned n) { return below(n) == 0; }

    template <class T, std::size_t N>
    T pick(const T (&pool)[N]) {
        return pool[below(N)];
    }

    std::string text() {
        static const char* const kPool[] = {"",   "a",  "b",  "ab", "ba",     "xy",         "root.sg.d1",
                                            "é",  "温度", "你好", "😀", "naïve", "\xce\xbb", "tag_1"};
        switch (below(5)) {
            case 0: return pick(kPool);
            case 1: {  // ASCII of any length up to 12
                std::string s(below(13), ' ');
                for (char& c : s) c = static_cast<char>('a' + below(26));
                return s;
            }
            case 2: {  // multi-byte UTF-8
                std::string s;
                for (std::size_t i = 0, n = 1 + below(5); i < n; ++i) s += pick(kPool);
                return s;
            }
            case 3: {  // any bytes, often not UTF-8
                std::string s(below(9), '\0');
                for (char& c : s) c = static_cast<char>(u32());
                return s;
            }
            default: {  // one of a few equal-length strings: consecutive cells differ at equal length
                static const char* const kSameLength[] = {"aa", "ab", "ba", "bb"};
                return pick(kSameLength);
            }
        }
    }
    String string() { return chance(8) ? std::nullopt : String(text()); }

private:
    std::mt19937_64 rng_;
};

inline bool is_null_row(const ColumnSpec& c, std::int32_t row, Filler& f) {
    switch (c.nulls) {
        case Nulls::none: return false;
        case Nulls::all: return true;
        case Nulls::some: return f.chance(2);
        case Nulls::sparse: return f.chance(13) || row == 0;
    }
    return false;
}

inline Date gen_date(Filler& f, Values style) {
    static const Date kEdges[] = {{1000, 1, 1}, {9999, 12, 31}, {2000, 2, 29}, {2024, 2, 29},
                                  {1970, 1, 1}, {2026, 7, 13},  {1600, 2, 29}, {9999, 1, 1}};
    if (style != Values::random && f.chance(2)) return f.pick(kEdges);
    static constexpr std::int32_t kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    Date d{1000 + static_cast<std::int32_t>(f.below(9000)), 1 + static_cast<std::int32_t>(f.below(12)), 1};
    d.day = 1 + static_cast<std::int32_t>(f.below(static_cast<std::size_t>(kDays[d.month - 1])));
    return d;
}

inline std::uint32_t gen_float_bits(Filler& f, Values style) {
    static const std::uint32_t kSpecial[] = {0x7fc00000u, 0x7f800001u, 0xffc00001u, 0x7fbfffffu, 0xff800001u,
                                             0x80000000u, 0x00000000u, 0x7f800000u, 0xff800000u, 0x00000001u,
                                             0x00800000u, 0x3f800000u, 0xffffffffu, 0x7fffffffu};
    if (style == Values::special || style == Values::extremes) return f.pick(kSpecial);
    if (style == Values::random) return f.u32();
    const float v = static_cast<float>(f.below(100000)) / 8.0f;
    return std::bit_cast<std::uint32_t>(v);
}

inline std::uint64_t gen_double_bits(Filler& f, Values style) {
    static const std::uint64_t kSpecial[] = {0x7ff8000000000000u, 0x7ff0000000000001u, 0xfff8000000000001u,
                                             0x7ff7ffffffffffffu, 0xfff0000000000001u, 0x8000000000000000u,
                                             0x0000000000000000u, 0x7ff0000000000000u, 0xfff0000000000000u,
                                             0x0000000000000001u, 0x0010000000000000u, 0xffffffffffffffffu};
    if (style == Values::special || style == Values::extremes) return f.pick(kSpecial);
    if (style == Values::random) return f.u64();
    return std::bit_cast<std::uint64_t>(static_cast<double>(f.below(1000000)) / 16.0);
}

inline std::int64_t gen_int(Filler& f, Values style, bool wide) {
    const std::int64_t lo = wide ? std::numeric_limits<std::int64_t>::min() : std::numeric_limits<std::int32_t>::min();
    const std::int64_t hi = wide ? std::numeric_limits<std::int64_t>::max() : std::numeric_limits<std::int32_t>::max();
    switch (style) {
        case Values::extremes: {
            const std::int64_t pool[] = {lo, lo + 1, hi, hi - 1, 0, -1, 1};
            return f.pick(pool);
        }
        case Values::random: return wide ? static_cast<std::int64_t>(f.u64()) : static_cast<std::int32_t>(f.u32());
        case Values::special: return static_cast<std::int64_t>(f.below(3)) - 1;
        case Values::typical: break;
    }
    return wide ? 1'600'000'000'000 + static_cast<std::int64_t>(f.below(1'000'000'000))
                : static_cast<std::int64_t>(f.below(200'000)) - 100'000;
}

// The Java array of `type` with `length` cells; `nulls` marks the null rows below `rows`.
inline Column fill_column(const ColumnSpec& c, DataType type, std::size_t length, const std::vector<bool>& nulls,
                          Filler& f) {
    const auto is_null = [&](std::size_t i) { return i < nulls.size() && nulls[i]; };
    switch (type) {
        case DataType::BOOLEAN: {
            BooleanCells v(length);
            for (std::size_t i = 0; i < length; ++i)
                v[i] = static_cast<std::uint8_t>(is_null(i) ? 0 : c.values == Values::random ? f.u32() : f.below(2));
            return v;
        }
        case DataType::INT32: {
            Int32Cells v(length);
            for (std::size_t i = 0; i < length; ++i)
                v[i] = is_null(i) ? std::numeric_limits<std::int32_t>::min()  // Integer.MIN_VALUE placeholder
                                  : static_cast<std::int32_t>(gen_int(f, c.values, false));
            return v;
        }
        case DataType::INT64:
        case DataType::TIMESTAMP: {
            Int64Cells v(length);
            for (std::size_t i = 0; i < length; ++i)
                v[i] = is_null(i) ? std::numeric_limits<std::int64_t>::min() : gen_int(f, c.values, true);
            return v;
        }
        case DataType::FLOAT: {
            FloatCells v(length);
            for (std::size_t i = 0; i < length; ++i) v[i] = is_null(i) ? 0x00000001u : gen_float_bits(f, c.values);
            return v;
        }
        case DataType::DOUBLE: {
            DoubleCells v(length);
            for (std::size_t i = 0; i < length; ++i) v[i] = is_null(i) ? 0x1u : gen_double_bits(f, c.values);
            return v;
        }
        case DataType::DATE: {
            DateCells v(length);
            for (std::size_t i = 0; i < length; ++i) {
                if (is_null(i)) {
                    if (!c.null_cells_absent) v[i] = Date{1000, 1, 1};  // EMPTY_DATE placeholder
                } else if (!f.chance(20)) {
                    v[i] = gen_date(f, c.values);
                }
            }
            if (c.bad_date && length != 0) v[f.below(length)] = Date{f.chance(2) ? 999 : 10000, 1, 1};
            return v;
        }
        default: {  // TEXT, STRING, BLOB, OBJECT
            BinaryCells v(length);
            for (std::size_t i = 0; i < length; ++i) {
                if (is_null(i)) {
                    if (!c.null_cells_absent) v[i].emplace();  // Binary.EMPTY_VALUE placeholder
                } else if (!f.chance(16)) {
                    const std::string s = f.text();
                    v[i].emplace(s.begin(), s.end());
                }
            }
            return v;
        }
    }
}

inline BitMap fill_bitmap(const ColumnSpec& c, std::int32_t rows, std::int32_t max_rows, const std::vector<bool>& nulls,
                          Filler& f) {
    BitMap bm{max_rows, Bytes(static_cast<std::size_t>(max_rows / 8 + 1), 0)};
    const auto mark = [&](std::int32_t i) { bm.bytes[static_cast<std::size_t>(i >> 3)] |= static_cast<std::uint8_t>(1u << (i & 7)); };
    const std::int32_t bits = static_cast<std::int32_t>(bm.bytes.size() * 8);
    for (std::int32_t i = rows; i < bits; ++i) {
        switch (c.padding) {
            case Padding::zeros: break;
            case Padding::ones: mark(i); break;  // markAll() first, as API-mode tablets do
            case Padding::random:
                if (f.chance(2)) mark(i);
                break;
            case Padding::marks_beyond_rows:
                if (i < max_rows && f.chance(3)) mark(i);
                break;
        }
    }
    for (std::int32_t i = 0; i < rows; ++i)
        if (nulls[static_cast<std::size_t>(i)]) mark(i);
    return bm;
}

inline Tablet build(const TabletSpec& s) {
    Filler f(s.seed);
    Tablet t;
    t.target = f.string();
    t.row_size = s.rows;
    const std::int32_t max_rows = s.rows + s.extra;
    const std::size_t length = static_cast<std::size_t>(f.chance(3) ? s.rows : max_rows);
    if (s.schemas) t.schemas.emplace();
    if (s.timestamps) {
        t.timestamps.emplace(length);
        std::int64_t ts = gen_int(f, Values::typical, true);
        for (std::int64_t& v : *t.timestamps) v = ts += static_cast<std::int64_t>(f.below(2000));
        if (!t.timestamps->empty() && f.chance(4)) (*t.timestamps)[0] = std::numeric_limits<std::int64_t>::min();
    }
    if (s.bitmaps) t.bitmaps.emplace();
    if (s.values) t.values.emplace();
    for (const ColumnSpec& c : s.columns) {
        const DataType type = c.type.value_or(DataType::INT32);
        if (t.schemas) {
            if (c.type) {
                Schema schema;
                schema.name = f.string();
                schema.type = static_cast<std::uint8_t>(type);
                schema.encoding = static_cast<std::uint8_t>(f.below(12));
                schema.compressor = static_cast<std::uint8_t>(f.below(9));
                for (std::size_t i = 0, n = f.chance(2) ? 0 : f.below(4); i < n; ++i)
                    schema.props.push_back({f.string(), f.string()});
                schema.category = static_cast<ColumnCategory>(f.below(3));
                t.schemas->push_back(schema);
            } else {
                t.schemas->emplace_back();
            }
        }
        std::vector<bool> nulls(static_cast<std::size_t>(s.rows));
        for (std::int32_t i = 0; i < s.rows; ++i) nulls[static_cast<std::size_t>(i)] = is_null_row(c, i, f);
        if (t.bitmaps)
            t.bitmaps->push_back(c.has_bitmap ? std::optional<BitMap>(fill_bitmap(c, s.rows, max_rows, nulls, f)) : std::nullopt);
        if (t.values)
            t.values->push_back(c.has_values ? std::optional<Column>(fill_column(c, type, length, nulls, f)) : std::nullopt);
    }
    return t;
}

inline Tablet gen_tablet() { return build(gen_spec()); }

// Small tablets (at most 24 rows, 4 columns) that Java can serialize: for checks that cost
// O(size²), such as cutting the bytes at every position.
inline Tablet gen_small_valid_tablet() { return build(gen_spec(24, 4, false)); }

}  // namespace tsc::tsfile::test
