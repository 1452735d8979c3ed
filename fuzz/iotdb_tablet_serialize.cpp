// A tablet and client state built from the input by FuzzedDataProvider: every subject must serialize it to
// the reference's bytes under every profile, every subject must parse those bytes as the reference does under
// both parser profiles, and the server must read them back to the tablet (or a registered finding explains
// why not).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>

#include "conformance/harness/iotdb_tablet/checks.hpp"
#include "fuzz/fuzz_support.hpp"

namespace {

using namespace tsc::iotdb;

// IEEE-754 bit patterns that short inputs should reach: NaN payloads, -0.0, infinities, the sentinels.
constexpr std::uint32_t kFloatEdges[] = {0x7fc00001u, 0x7f800001u, 0xffc00000u, 0x80000000u, 0x7f800000u,
                                         0x00000001u, 0x00800000u};
constexpr std::uint64_t kDoubleEdges[] = {0x7ff8000000000001u, 0x7ff0000000000001u, 0xfff8000000000000u,
                                          0x8000000000000000u, 0x0000000000000001u, 0x0010000000000000u};

template <class U, std::size_t N>
U bits(FuzzedDataProvider& in, const U (&edges)[N]) {
    return in.ConsumeBool() ? in.PickValueInArray(edges) : in.ConsumeIntegral<U>();
}

Date date(FuzzedDataProvider& in) {
    return Date{in.ConsumeIntegralInRange<std::int32_t>(990, 10010), in.ConsumeIntegralInRange<std::uint8_t>(0, 13),
                in.ConsumeIntegralInRange<std::uint8_t>(0, 32)};
}

tsc::Bytes binary(FuzzedDataProvider& in, const std::vector<tsc::Bytes>& cells) {
    if (!cells.empty() && in.ConsumeBool()) return cells.back();  // runs of equal cells
    return in.ConsumeBytes<std::uint8_t>(in.ConsumeIntegralInRange<std::size_t>(0, 12));
}

Cells cells(FuzzedDataProvider& in, tsc::DataType type, std::size_t n) {
    auto fill = [n](auto next) {
        std::vector<decltype(next())> v;
        for (std::size_t i = 0; i < n; ++i) v.push_back(next());
        return v;
    };
    switch (type) {
        case tsc::DataType::BOOLEAN: return fill([&] { return static_cast<std::uint8_t>(in.ConsumeBool()); });
        case tsc::DataType::INT32: return fill([&] { return in.ConsumeIntegral<std::int32_t>(); });
        case tsc::DataType::INT64:
        case tsc::DataType::TIMESTAMP: return fill([&] { return in.ConsumeIntegral<std::int64_t>(); });
        case tsc::DataType::FLOAT: return fill([&] { return bits(in, kFloatEdges); });
        case tsc::DataType::DOUBLE: return fill([&] { return bits(in, kDoubleEdges); });
        case tsc::DataType::DATE: return fill([&] { return date(in); });
        default: {
            std::vector<tsc::Bytes> v;
            for (std::size_t i = 0; i < n; ++i) v.push_back(binary(in, v));
            return v;
        }
    }
}

tsc::Bytes nulls(FuzzedDataProvider& in, std::size_t n) {
    const int percent = in.PickValueInArray({0, 0, 10, 50, 100});
    tsc::Bytes marks(n, 0);
    for (std::uint8_t& m : marks) m = in.ConsumeIntegralInRange<int>(1, 100) <= percent;
    return marks;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    Tablet t;
    ClientState client;
    // No more rows than bytes left to fill them: an exhausted provider would otherwise pad most
    // inputs to 2,000 rows of zeros and the fuzzer would run a few inputs a second.
    const std::size_t n = std::min(in.ConsumeIntegralInRange<std::size_t>(0, 2000), in.remaining_bytes());
    const std::size_t columns = in.ConsumeIntegralInRange<std::size_t>(0, 6);
    client.bitmaps_allocated = in.ConsumeBool();
    const bool marks = in.ConsumeBool();
    for (std::size_t i = 0; i < n; ++i) t.timestamps.push_back(in.ConsumeIntegral<std::int64_t>());
    for (std::size_t j = 0; j < columns; ++j) {
        Column& c = t.columns.emplace_back();
        c.type = in.PickValueInArray(tsc::kTabletDataTypes);
        c.cells = cells(in, c.type, n);
        c.nulls = nulls(in, n);
        if (marks) client.columns.push_back({in.ConsumeIntegral<std::uint8_t>(), in.ConsumeBool()});
    }
    tsc::fuzz::require_no_failures("iotdb_tablet_serialize", check_tablet(t, client));
    return 0;
}
