// A column built from the input by FuzzedDataProvider: every subject must encode it to the
// reference's bytes, and decode those back to the column under every profile.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>

#include "conformance/harness/qwp_gorilla/operations.hpp"
#include "fuzz/fuzz_support.hpp"

namespace {

// Delta-of-deltas that sit on the bucket edges of spec §2.3, so short inputs reach them.
constexpr std::int64_t kEdges[] = {0,    1,     -1,    63,    64,    -64,       -65,       255,
                                   256,  -256,  -257,  2047,  2048,  -2048,     -2049,     2147483647,
                                   -2147483648LL, 2147483648LL, -2147483649LL, 9223372036854775807LL};

std::int64_t wrap_add(std::int64_t a, std::int64_t b) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}

std::int64_t next_dod(FuzzedDataProvider& in) {
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
        case 0: return 0;
        case 1: return in.PickValueInArray(kEdges);
        case 2: return in.ConsumeIntegralInRange<std::int64_t>(-3000, 3000);
        default: return in.ConsumeIntegral<std::int64_t>();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    const bool gorilla_flag = in.ConsumeBool();
    const bool force_bitmap = in.ConsumeBool();
    const int null_percent = in.ConsumeIntegralInRange<int>(0, 100);
    const std::size_t rows = in.ConsumeIntegralInRange<std::size_t>(0, 2000);
    std::int64_t ts = in.ConsumeIntegral<std::int64_t>();
    std::int64_t delta = in.ConsumeIntegral<std::int64_t>();
    std::vector<std::optional<std::int64_t>> column;
    for (std::size_t i = 0; i < rows && in.remaining_bytes() > 0; ++i) {
        if (in.ConsumeIntegralInRange<int>(1, 100) <= null_percent) {
            column.push_back(std::nullopt);
            continue;
        }
        column.push_back(ts);
        delta = wrap_add(delta, next_dod(in));
        ts = wrap_add(ts, delta);
    }
    tsc::fuzz::require_no_failures("qwp_gorilla_roundtrip",
                                   tsc::qwp::check_roundtrip(tsc::qwp::make_column(column, force_bitmap), gorilla_flag));
    return 0;
}
