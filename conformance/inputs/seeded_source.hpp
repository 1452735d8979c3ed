// A source from a 64-bit seed, the same sequence on every host: the cross-language runner sends
// its inputs to programs in other languages and names the seed that reproduces them.
#pragma once

#include <random>

#include "conformance/inputs/source.hpp"

namespace tsc::inputs {

class SeededSource final : public Source {
public:
    explicit SeededSource(std::uint64_t seed) : engine_(seed) {}

    std::int64_t range(std::int64_t lo, std::int64_t hi) override {
        // mt19937_64's output is fixed by the standard; the distributions are not, so reduce by hand.
        const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
        const std::uint64_t r = span == ~std::uint64_t{0} ? engine_() : engine_() % (span + 1);
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + r);
    }
    std::uint64_t bits() override { return engine_(); }
    Bytes bytes(std::size_t n) override {
        Bytes out(n);
        for (std::uint8_t& b : out) b = static_cast<std::uint8_t>(engine_());
        return out;
    }

private:
    std::mt19937_64 engine_;
};

}  // namespace tsc::inputs
