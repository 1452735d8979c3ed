// RapidCheck generators of IoTDB tablets: every type of §1.1 mixed, 0–2,000 rows with every n % 8 equally
// likely, all-null and no-null columns, empty and multi-byte UTF-8 strings, runs of equal and of equal-length
// strings, NaN payloads, -0.0, int extremes, DATE bounds (and, rarely, dates out of range), slot values in null
// cells, and client state (bitmaps allocated, marks past n). Call only inside a property.
#pragma once

#include <cstdint>
#include <limits>
#include <ostream>
#include <vector>

#include <rapidcheck.h>

#include "conformance/harness/iotdb_tablet/checks.hpp"

namespace tsc {
// How RapidCheck shows these in counterexamples and RC_ASSERT expansions (found by argument-dependent lookup).
inline void showValue(DataType t, std::ostream& os) {
    if (static_cast<std::size_t>(t) < kDataTypeNames.size()) {
        os << name_of(t);
    } else {
        os << static_cast<int>(t);
    }
}
namespace iotdb {
inline void showValue(ErrorClass e, std::ostream& os) { os << name_of(e); }
}  // namespace iotdb
}  // namespace tsc

namespace tsc::iotdb::test {

struct Case {
    Tablet tablet;
    ClientState client;
};

// n = 8k + r with r uniform, so that every n % 8 is as likely as any other; k mostly small.
inline std::size_t gen_row_count(std::size_t max_rows) {
    const std::size_t r = *rc::gen::inRange<std::size_t>(0, 8);
    const std::size_t max_k = max_rows / 8;
    const std::size_t k = *rc::gen::weightedOneOf<std::size_t>({
        {6, rc::gen::inRange<std::size_t>(0, std::min<std::size_t>(3, max_k + 1))},
        {3, rc::gen::inRange<std::size_t>(0, std::min<std::size_t>(20, max_k + 1))},
        {1, rc::gen::inRange<std::size_t>(0, max_k + 1)},
    });
    return std::min(8 * k + r, max_rows);
}

inline std::int64_t gen_int64() {
    constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
    constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
    static const std::vector<std::int64_t> kEdges{kMin, kMin + 1, kMax, 0, -1, 1, -4294967296LL, -4294967297LL,
                                                  4294967295LL, 4294967296LL, -9007199254740991LL, 9007199254740991LL};
    return *rc::gen::weightedOneOf<std::int64_t>({
        {2, rc::gen::elementOf(kEdges)},
        {2, rc::gen::inRange<std::int64_t>(-100000, 100000)},
        {3, rc::gen::arbitrary<std::int64_t>()},
    });
}

inline std::int32_t gen_int32() {
    constexpr std::int32_t kMin = std::numeric_limits<std::int32_t>::min();
    constexpr std::int32_t kMax = std::numeric_limits<std::int32_t>::max();
    static const std::vector<std::int32_t> kEdges{kMin, kMax, 0, -1, 1};
    return *rc::gen::weightedOneOf<std::int32_t>({
        {1, rc::gen::elementOf(kEdges)},
        {3, rc::gen::arbitrary<std::int32_t>()},
    });
}

// IEEE-754 bits: NaN payloads (quiet and signalling, both signs), infinities, -0.0, subnormals, anything.
inline std::uint32_t gen_float_bits() {
    return *rc::gen::weightedOneOf<std::uint32_t>({
        {2, rc::gen::element<std::uint32_t>(0x7fc00000u, 0x7fc00001u, 0xffc00000u, 0x7f800001u, 0x7fbfffffu,
                                            0xffffffffu, 0x80000000u, 0x7f800000u, 0xff800000u, 0x00000001u,
                                            0x00800000u, 0x3f800000u)},
        {3, rc::gen::arbitrary<std::uint32_t>()},
    });
}

inline std::uint64_t gen_double_bits() {
    return *rc::gen::weightedOneOf<std::uint64_t>({
        {2, rc::gen::element<std::uint64_t>(0x7ff8000000000000u, 0x7ff8000000000001u, 0xfff8000000000000u,
                                            0x7ff0000000000001u, 0x7ff7ffffffffffffu, 0x8000000000000000u,
                                            0x7ff0000000000000u, 0xfff0000000000000u, 0x0000000000000001u,
                                            0x0010000000000000u, 0x3ff0000000000000u)},
        {3, rc::gen::arbitrary<std::uint64_t>()},
    });
}

inline Date make_date(std::int32_t year, std::uint8_t month, std::uint8_t day) { return Date{year, month, day}; }

inline Date gen_date(bool out_of_range_allowed) {
    if (out_of_range_allowed && *rc::gen::inRange(0, 20) == 0)
        return Date{*rc::gen::element<std::int32_t>(999, 10000, 0, -1, 2147483647, -2147483647 - 1), 1, 1};
    return *rc::gen::weightedOneOf<Date>({
        {1, rc::gen::element(Date{1000, 1, 1}, Date{9999, 12, 31}, Date{2024, 2, 29}, Date{2026, 7, 13})},
        {3, rc::gen::apply(make_date, rc::gen::inRange<std::int32_t>(1000, 10000), rc::gen::inRange<std::uint8_t>(1, 13),
                           rc::gen::inRange<std::uint8_t>(1, 32))},
        {1, rc::gen::apply(make_date, rc::gen::inRange<std::int32_t>(1000, 10000), rc::gen::inRange<std::uint8_t>(0, 100),
                           rc::gen::inRange<std::uint8_t>(0, 100))},
    });
}

inline Bytes utf8(const char* s) { return Bytes(s, s + std::char_traits<char>::length(s)); }

// Empty, ASCII, multi-byte UTF-8 (2, 3 and 4 bytes a character), equal-length pairs, OBJECT-like frames, anything.
inline Bytes gen_binary() {
    static const std::vector<Bytes> kPool{
        utf8(""),     utf8("a"),        utf8("ab"),       utf8("cd"),     utf8("\xc3\xa9"),  // é
        utf8("\xe4\xbd\xa0\xe5\xa5\xbd"),                                                   // 你好
        utf8("\xf0\x9f\x98\x80"),                                                           // an emoji
        utf8("r1"),   utf8("r2"),       utf8("device_42"), utf8("\x01\x00\x00\x00\x00\x00\x00\x02\x00\x7a"),
    };
    return *rc::gen::weightedOneOf<Bytes>({
        {4, rc::gen::elementOf(kPool)},
        {2, rc::gen::container<Bytes>(*rc::gen::inRange<std::size_t>(0, 40), rc::gen::arbitrary<std::uint8_t>())},
        {1, rc::gen::container<Bytes>(rc::gen::arbitrary<std::uint8_t>())},
    });
}

// One cell per row; `repeat` percent of the variable-width cells repeat the previous one (constant TAG columns).
inline Cells gen_cells(DataType type, std::size_t n, bool dates_out_of_range) {
    auto fill = [n](auto gen) {
        std::vector<decltype(gen())> v;
        v.reserve(n);
        for (std::size_t i = 0; i < n; ++i) v.push_back(gen());
        return v;
    };
    switch (type) {
        case DataType::BOOLEAN:  // true is any non-zero byte; 1 is only the canonical one
            return fill([] { return *rc::gen::weightedOneOf<std::uint8_t>({{8, rc::gen::element<std::uint8_t>(0, 1)},
                                                                          {1, rc::gen::element<std::uint8_t>(2, 0x80, 0xff)}}); });
        case DataType::INT32: return fill(gen_int32);
        case DataType::INT64:
        case DataType::TIMESTAMP: return fill(gen_int64);
        case DataType::FLOAT: return fill(gen_float_bits);
        case DataType::DOUBLE: return fill(gen_double_bits);
        case DataType::DATE: return fill([dates_out_of_range] { return gen_date(dates_out_of_range); });
        default: {
            const int repeat = *rc::gen::element(0, 30, 90);
            std::vector<Bytes> v;
            for (std::size_t i = 0; i < n; ++i)
                v.push_back(i > 0 && *rc::gen::inRange(0, 100) < repeat ? v.back() : gen_binary());
            return v;
        }
    }
}

inline Bytes gen_nulls(std::size_t n) {
    const int kind = *rc::gen::inRange(0, 6);
    Bytes nulls(n, 0);
    switch (kind) {
        case 0:
        case 1: break;                                   // no nulls
        case 2: std::fill(nulls.begin(), nulls.end(), 1); break;  // all null
        case 3:
            if (n > 0) nulls[*rc::gen::inRange<std::size_t>(0, n)] = 1;  // one null
            break;
        default: {
            const int percent = *rc::gen::element(10, 50, 90);
            for (std::uint8_t& m : nulls) m = *rc::gen::inRange(0, 100) < percent;
        }
    }
    // A null mark is any non-zero byte; 1 is only the canonical one.
    if (*rc::gen::inRange(0, 8) == 0)
        for (std::uint8_t& m : nulls)
            if (m != 0) m = *rc::gen::element<std::uint8_t>(1, 2, 0x80, 0xff);
    return nulls;
}

inline std::vector<std::int64_t> gen_timestamps(std::size_t n) {
    std::vector<std::int64_t> ts;
    if (*rc::gen::inRange(0, 3) == 0) {
        for (std::size_t i = 0; i < n; ++i) ts.push_back(gen_int64());
        return ts;
    }
    const std::int64_t start = *rc::gen::inRange<std::int64_t>(1'600'000'000'000, 1'800'000'000'000);
    for (std::size_t i = 0; i < n; ++i) ts.push_back(start + static_cast<std::int64_t>(i) * 1000);
    return ts;
}

inline ClientState gen_client(std::size_t columns) {
    ClientState s;
    if (*rc::gen::inRange(0, 10) < 6) return s;
    s.bitmaps_allocated = *rc::gen::arbitrary<bool>();
    if (*rc::gen::arbitrary<bool>()) return s;
    for (std::size_t j = 0; j < columns; ++j)
        s.columns.push_back(ColumnBitmapState{*rc::gen::element<std::uint8_t>(0, 0, 0xff, 0x80, 0x01, 0x5a),
                                              *rc::gen::inRange(0, 4) == 0});
    return s;
}

inline Case gen_case(std::size_t max_rows, std::size_t max_columns) {
    Case c;
    const std::size_t n = gen_row_count(max_rows);
    const std::size_t columns = *rc::gen::inRange<std::size_t>(0, max_columns + 1);
    const bool dates_out_of_range = *rc::gen::inRange(0, 10) == 0;
    c.tablet.timestamps = gen_timestamps(n);
    for (std::size_t j = 0; j < columns; ++j) {
        Column& col = c.tablet.columns.emplace_back();
        col.type = *rc::gen::elementOf(kTabletDataTypes);
        col.cells = gen_cells(col.type, n, dates_out_of_range);
        col.nulls = gen_nulls(n);
    }
    c.client = gen_client(columns);
    return c;
}

}  // namespace tsc::iotdb::test
