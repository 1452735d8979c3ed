// A source over RapidCheck, for the properties: every draw is a generator of its own, so a failing
// case shrinks draw by draw towards each range's low end (shorter, smaller, the first choice).
// Draws ignore RapidCheck's size parameter (which would squeeze every range, and so every choice of
// shape, towards its low end in early runs): the producer's own weights decide how often large
// inputs come. Call only inside a property or rc::gen::exec.
#pragma once

#include <algorithm>
#include <limits>

#include <rapidcheck.h>

#include "conformance/inputs/source.hpp"

namespace tsc::inputs {

class RapidCheckSource final : public Source {
public:
    std::int64_t range(std::int64_t lo, std::int64_t hi) override {
        if (hi == std::numeric_limits<std::int64_t>::max()) {
            if (lo == std::numeric_limits<std::int64_t>::min()) return *whole(rc::gen::arbitrary<std::int64_t>());
            const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
            return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + *whole(rc::gen::inRange<std::uint64_t>(0, span + 1)));
        }
        return *whole(rc::gen::inRange<std::int64_t>(lo, hi + 1));
    }
    std::uint64_t bits() override { return *whole(rc::gen::arbitrary<std::uint64_t>()); }
    std::size_t fill(std::span<std::uint8_t> out) override {
        const Bytes drawn = *whole(rc::gen::container<Bytes>(out.size(), rc::gen::arbitrary<std::uint8_t>()));
        std::copy(drawn.begin(), drawn.end(), out.begin());
        return drawn.size();
    }

private:
    template <class T>
    static rc::Gen<T> whole(rc::Gen<T> gen) { return rc::gen::resize(rc::kNominalSize, std::move(gen)); }
};

}  // namespace tsc::inputs
