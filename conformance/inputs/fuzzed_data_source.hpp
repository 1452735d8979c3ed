// A source over libFuzzer's FuzzedDataProvider: the fuzz targets' inputs, so that the fuzzer's
// mutations steer the same shapes the properties draw. Header-only: only fuzz targets (and the
// tests that check this adapter) see FuzzedDataProvider.h.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include "conformance/inputs/source.hpp"

namespace tsc::inputs {

class FuzzedDataSource final : public Source {
public:
    explicit FuzzedDataSource(FuzzedDataProvider& in) : in_(in) {}

    std::int64_t range(std::int64_t lo, std::int64_t hi) override { return in_.ConsumeIntegralInRange(lo, hi); }
    std::uint64_t bits() override { return in_.ConsumeIntegral<std::uint64_t>(); }
    // ConsumeData would memcpy to an empty span's null pointer.
    std::size_t fill(std::span<std::uint8_t> out) override { return out.empty() ? 0 : in_.ConsumeData(out.data(), out.size()); }
    bool dry() override { return in_.remaining_bytes() == 0; }

private:
    FuzzedDataProvider& in_;
};

}  // namespace tsc::inputs
