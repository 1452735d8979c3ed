// A source from a 64-bit seed, the same sequence on every host: the cross-language runner sends
// its inputs to programs in other languages and names the seed that reproduces them.
#pragma once

#include <cstdint>

#include "conformance/inputs/source.hpp"

namespace tsc::inputs {

class SeededSource final : public Source {
public:
    explicit SeededSource(std::uint64_t seed) : state_(seed) {}

    std::int64_t range(std::int64_t lo, std::int64_t hi) override {
        const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
        const std::uint64_t r = span == ~std::uint64_t{0} ? next() : next() % (span + 1);
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + r);
    }
    std::uint64_t bits() override { return next(); }
    std::size_t fill(std::span<std::uint8_t> out) override {
        const std::size_t n = out.size();
        for (std::size_t i = 0; i < n; i += 8) {
            const std::uint64_t word = next();
            for (std::size_t k = i; k < n && k < i + 8; ++k) out[k] = static_cast<std::uint8_t>(word >> (8 * (k - i)));
        }
        return n;
    }

private:
    // splitmix64: its output is fixed by its arithmetic on every host, and seeding it is one store
    // (mt19937_64 fills 312 words, and the producers seed a source per long cell).
    std::uint64_t next() {
        std::uint64_t z = state_ += 0x9e3779b97f4a7c15u;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        return z ^ (z >> 31);
    }

    std::uint64_t state_;
};

}  // namespace tsc::inputs
