// RapidCheck generators of QWP timestamp columns: series with constant, jittered and irregular
// intervals, delta-of-deltas on every bucket boundary, int64 extremes and wrap-around, 0-3 values,
// and NULLs anywhere. Call only inside a property.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include <rapidcheck.h>

#include "conformance/harness/qwp_gorilla/operations.hpp"

namespace tsc::qwp::test {

inline constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();
inline constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
inline constexpr std::int64_t kInt32Min = std::numeric_limits<std::int32_t>::min();
inline constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();

// Every bucket edge of spec §2.3 and §4 D1, and the first values outside int32.
inline const std::vector<std::int64_t> kBoundaryDods{
    0,    1,     -1,    63,   64,    65,    -63,   -64,       -65,       255,           256,          257,
    -255, -256, -257,  2047, 2048,  2049,  -2047, -2048,     -2049,     kInt32Max,     kInt32Min,    kInt32Max - 1,
    kInt32Min + 1,      65536, -1000000, kInt32Max + 1LL, kInt32Min - 1LL};

inline const std::vector<std::int64_t> kExtremes{kInt64Min, kInt64Min + 1, kInt64Max - 1, kInt64Max, -1, 0, 1};

inline std::int64_t wrap_add(std::int64_t a, std::int64_t b) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}

// Timestamps from t0, t1 and a list of delta-of-deltas, all wrapping.
inline std::vector<std::int64_t> series_from_dods(std::int64_t t0, std::int64_t t1, const std::vector<std::int64_t>& dods) {
    std::vector<std::int64_t> ts{t0, t1};
    std::int64_t delta = static_cast<std::int64_t>(static_cast<std::uint64_t>(t1) - static_cast<std::uint64_t>(t0));
    for (std::int64_t dod : dods) {
        delta = wrap_add(delta, dod);
        ts.push_back(wrap_add(ts.back(), delta));
    }
    return ts;
}

inline std::int64_t gen_start() {
    return *rc::gen::weightedOneOf<std::int64_t>({
        {4, rc::gen::inRange<std::int64_t>(1'600'000'000'000'000, 1'800'000'000'000'000)},
        {2, rc::gen::arbitrary<std::int64_t>()},
        {1, rc::gen::elementOf(kExtremes)},
    });
}

// The dense non-null timestamps.
inline std::vector<std::int64_t> gen_series() {
    const std::size_t n = *rc::gen::weightedOneOf<std::size_t>({
        {3, rc::gen::inRange<std::size_t>(0, 4)},
        {6, rc::gen::inRange<std::size_t>(4, 80)},
        {1, rc::gen::inRange<std::size_t>(80, 700)},
    });
    const int kind = *rc::gen::inRange(0, 5);
    const std::int64_t t0 = gen_start();
    std::vector<std::int64_t> ts;
    switch (kind) {
        case 0: {  // constant interval
            const std::int64_t step = *rc::gen::inRange<std::int64_t>(-1'000'000, 1'000'000);
            for (std::size_t i = 0; i < n; ++i) ts.push_back(wrap_add(t0, static_cast<std::int64_t>(i) * step));
            break;
        }
        case 1: {  // jittered interval: the 7-bit bucket
            const std::int64_t step = *rc::gen::inRange<std::int64_t>(1, 1'000'000);
            for (std::size_t i = 0; i < n; ++i)
                ts.push_back(wrap_add(t0, static_cast<std::int64_t>(i) * step + *rc::gen::inRange(-20, 21)));
            break;
        }
        case 2: {  // irregular intervals, up to beyond int32 delta-of-deltas
            std::int64_t t = t0;
            const std::int64_t spread = *rc::gen::elementOf(std::vector<std::int64_t>{1000, 1LL << 20, 1LL << 33, 1LL << 62});
            for (std::size_t i = 0; i < n; ++i) {
                ts.push_back(t);
                t = wrap_add(t, *rc::gen::inRange<std::int64_t>(-spread, spread));
            }
            break;
        }
        case 3: {  // delta-of-deltas on bucket boundaries
            if (n < 2) {
                for (std::size_t i = 0; i < n; ++i) ts.push_back(wrap_add(t0, static_cast<std::int64_t>(i)));
                break;
            }
            std::vector<std::int64_t> dods;
            for (std::size_t i = 2; i < n; ++i) dods.push_back(*rc::gen::elementOf(kBoundaryDods));
            ts = series_from_dods(t0, wrap_add(t0, *rc::gen::inRange<std::int64_t>(-5000, 5000)), dods);
            break;
        }
        default: {  // int64 extremes, wrap-around, any values at all
            for (std::size_t i = 0; i < n; ++i)
                ts.push_back(*rc::gen::weightedOneOf<std::int64_t>({
                    {1, rc::gen::elementOf(kExtremes)},
                    {1, rc::gen::arbitrary<std::int64_t>()},
                }));
            break;
        }
    }
    return ts;
}

// A canonical column: the series with NULL rows inserted anywhere.
inline Column gen_column() {
    const std::vector<std::int64_t> ts = gen_series();
    const int null_percent = *rc::gen::element(0, 0, 10, 50, 90);
    std::vector<std::optional<std::int64_t>> rows;
    for (std::int64_t t : ts) {
        // Bounded on purpose: at size 0 RapidCheck's ranges yield their minimum every time.
        const int gap = *rc::gen::inRange(0, 100) < null_percent ? *rc::gen::inRange(1, 4) : 0;
        rows.insert(rows.end(), static_cast<std::size_t>(gap), std::nullopt);
        rows.push_back(t);
    }
    const bool all_null_tail = *rc::gen::inRange(0, 10) == 0;
    for (int i = all_null_tail ? *rc::gen::inRange(1, 17) : 0; i > 0; --i) rows.push_back(std::nullopt);
    return make_column(rows, *rc::gen::inRange(0, 4) == 0);
}

}  // namespace tsc::qwp::test
