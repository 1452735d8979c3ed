// A tablet built from the input by FuzzedDataProvider: every subject must serialize it to the
// reference's bytes (or fail with the reference's error class) at the drawn offset without touching
// the rest of the buffer, and read those bytes back as the reference does.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include <fuzzer/FuzzedDataProvider.h>

#include "conformance/harness/tsfile_tablet/operations.hpp"
#include "fuzz/fuzz_support.hpp"

namespace {

using namespace tsc::tsfile;

// Cells that reach the special cases with few input bytes.
constexpr std::uint32_t kFloats[] = {0x7fc00000u, 0x7f800001u, 0xffc00001u, 0x80000000u, 0x7f800000u, 0x00000001u};
constexpr std::uint64_t kDoubles[] = {0x7ff8000000000000u, 0x7ff0000000000001u, 0xfff8000000000001u,
                                      0x8000000000000000u, 0x7ff0000000000000u, 0x0000000000000001u};
constexpr tsc::DataType kTypes[] = {tsc::DataType::BOOLEAN,   tsc::DataType::INT32, tsc::DataType::INT64,
                                    tsc::DataType::FLOAT,     tsc::DataType::DOUBLE, tsc::DataType::TEXT,
                                    tsc::DataType::TIMESTAMP, tsc::DataType::DATE,  tsc::DataType::BLOB,
                                    tsc::DataType::STRING,    tsc::DataType::OBJECT, tsc::DataType::VECTOR};

String next_string(FuzzedDataProvider& in) {
    if (in.ConsumeIntegralInRange<int>(0, 15) == 0) return std::nullopt;
    return in.ConsumeRandomLengthString(24);
}

std::optional<Date> next_date(FuzzedDataProvider& in) {
    if (in.ConsumeIntegralInRange<int>(0, 15) == 0) return std::nullopt;
    return Date{in.ConsumeIntegralInRange<std::int32_t>(990, 10010), in.ConsumeIntegralInRange<std::int32_t>(1, 12),
                in.ConsumeIntegralInRange<std::int32_t>(1, 31)};
}

Column next_column(FuzzedDataProvider& in, tsc::DataType type, std::size_t length) {
    const auto cells = [&](auto v, auto next) {
        for (std::size_t i = 0; i < length; ++i) v.push_back(next());
        return Column(std::move(v));
    };
    switch (type) {
        case tsc::DataType::BOOLEAN: return cells(BooleanCells{}, [&] { return in.ConsumeIntegral<std::uint8_t>(); });
        case tsc::DataType::INT32: return cells(Int32Cells{}, [&] { return in.ConsumeIntegral<std::int32_t>(); });
        case tsc::DataType::FLOAT:
            return cells(FloatCells{}, [&] { return in.ConsumeBool() ? in.PickValueInArray(kFloats) : in.ConsumeIntegral<std::uint32_t>(); });
        case tsc::DataType::DOUBLE:
            return cells(DoubleCells{}, [&] { return in.ConsumeBool() ? in.PickValueInArray(kDoubles) : in.ConsumeIntegral<std::uint64_t>(); });
        case tsc::DataType::DATE: return cells(DateCells{}, [&] { return next_date(in); });
        case tsc::DataType::TEXT:
        case tsc::DataType::BLOB:
        case tsc::DataType::STRING:
        case tsc::DataType::OBJECT:
            return cells(BinaryCells{}, [&]() -> std::optional<tsc::Bytes> {
                const String s = next_string(in);
                return s ? std::optional<tsc::Bytes>(tsc::Bytes(s->begin(), s->end())) : std::nullopt;
            });
        default: return cells(Int64Cells{}, [&] { return in.ConsumeIntegral<std::int64_t>(); });  // INT64, TIMESTAMP, VECTOR
    }
}

Tablet next_tablet(FuzzedDataProvider& in) {
    Tablet t;
    t.target = next_string(in);
    // No more rows than bytes left to fill them: an exhausted provider would otherwise pad most
    // inputs to 2,000 rows of zeros and the fuzzer would run a few hundred inputs a second.
    t.row_size = std::min(in.ConsumeIntegralInRange<std::int32_t>(0, 2000),
                          static_cast<std::int32_t>(std::min<std::size_t>(2000, in.remaining_bytes())));
    const auto extra = in.ConsumeIntegralInRange<std::int32_t>(0, 9);
    const std::size_t length = static_cast<std::size_t>(t.row_size + extra);
    const auto columns = in.ConsumeIntegralInRange<std::size_t>(0, 8);
    if (in.ConsumeIntegralInRange<int>(0, 9) != 0) t.schemas.emplace();
    if (in.ConsumeBool()) {
        t.timestamps.emplace();
        for (std::size_t i = 0; i < length; ++i) t.timestamps->push_back(in.ConsumeIntegral<std::int64_t>());
    }
    if (in.ConsumeBool()) t.bitmaps.emplace();
    if (in.ConsumeIntegralInRange<int>(0, 7) != 0) t.values.emplace();
    for (std::size_t j = 0; j < columns; ++j) {
        const tsc::DataType type = in.PickValueInArray(kTypes);
        if (t.schemas) {
            if (in.ConsumeIntegralInRange<int>(0, 15) == 0) {
                t.schemas->emplace_back();
            } else {
                Schema s{next_string(in), static_cast<std::uint8_t>(type), in.ConsumeIntegral<std::uint8_t>(),
                         in.ConsumeIntegral<std::uint8_t>(), {}, static_cast<ColumnCategory>(in.ConsumeIntegralInRange<int>(0, 2))};
                for (int p = in.ConsumeIntegralInRange<int>(0, 2); p > 0; --p) s.props.push_back({next_string(in), next_string(in)});
                t.schemas->push_back(std::move(s));
            }
        }
        if (t.bitmaps) {
            if (in.ConsumeBool()) {
                BitMap bm{static_cast<std::int32_t>(length), in.ConsumeBytes<std::uint8_t>(length / 8 + 1)};
                bm.bytes.resize(length / 8 + 1);
                t.bitmaps->push_back(std::move(bm));
            } else {
                t.bitmaps->emplace_back();
            }
        }
        if (t.values) {
            if (in.ConsumeIntegralInRange<int>(0, 9) == 0) {
                t.values->emplace_back();
            } else {
                t.values->push_back(next_column(in, type, length));
            }
        }
    }
    return t;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    const Layout layout = kLayouts[in.ConsumeIntegralInRange<std::size_t>(0, kLayouts.size() - 1)];
    const auto offset = in.ConsumeIntegralInRange<std::size_t>(0, 64);
    const Tablet tablet = next_tablet(in);
    tsc::fuzz::require_no_failures("tsfile_tablet_roundtrip", check_roundtrip(tablet, layout, offset));
    return 0;
}
