// Sources that remember their answers as a list of choices, and play a list back: how the
// cross-language runner shrinks a failing generated case without knowing its family. A producer's
// input is a function of the answers it was given, so a shorter or smaller list of answers gives a
// smaller input of the same shape (Hypothesis's choice-sequence shrinking).
//
// A choice is the answer's rank in its range by closeness to zero (`range`: see range_choice), the
// 64 bits (`bits`) or one byte (`fill`, a choice per byte): 0 is always the simplest answer.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "conformance/inputs/source.hpp"

namespace tsc::inputs {

using Choices = std::vector<std::uint64_t>;

// A range's answers ranked by closeness to zero, so that shrinking a choice moves its answer toward
// zero: from s, the answer of [lo, hi] nearest zero, the ranks go s, s+1, s-1, s+2, s-2, ... while
// both sides have room, then on along the side that has. range(-3, 3) ranks 0, 1, -1, 2, -2, 3, -3;
// a range of positives keeps the distance from its low end. Unsigned arithmetic: a range may be
// all of int64.
struct RangeRanks {
    std::int64_t simplest;
    std::uint64_t below;  // answers under `simplest`
    std::uint64_t above;  // answers over it

    RangeRanks(std::int64_t lo, std::int64_t hi)
        : simplest(std::clamp<std::int64_t>(0, lo, hi)),
          below(static_cast<std::uint64_t>(simplest) - static_cast<std::uint64_t>(lo)),
          above(static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(simplest)) {}

    std::uint64_t alternating() const { return std::min(below, above); }

    std::uint64_t rank(std::int64_t v) const {
        const bool up = v >= simplest;
        const std::uint64_t distance = up ? static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(simplest)
                                          : static_cast<std::uint64_t>(simplest) - static_cast<std::uint64_t>(v);
        if (distance == 0) return 0;
        if (distance <= alternating()) return 2 * distance - (up ? 1 : 0);
        return alternating() + distance;
    }

    // The answer of rank `r`, for r no larger than below + above.
    std::int64_t answer(std::uint64_t r) const {
        if (r == 0) return simplest;
        std::uint64_t distance = 0;
        bool up = above > below;
        if (r <= 2 * alternating()) {
            distance = (r + 1) / 2;
            up = r % 2 == 1;
        } else {
            distance = r - alternating();
        }
        return static_cast<std::int64_t>(up ? static_cast<std::uint64_t>(simplest) + distance
                                            : static_cast<std::uint64_t>(simplest) - distance);
    }
};

// Answers from another source, recorded.
class RecordingSource final : public Source {
public:
    explicit RecordingSource(Source& inner) : inner_(inner) {}

    std::int64_t range(std::int64_t lo, std::int64_t hi) override {
        const std::int64_t v = inner_.range(lo, hi);
        choices_.push_back(RangeRanks(lo, hi).rank(v));
        return v;
    }
    std::uint64_t bits() override { return choices_.emplace_back(inner_.bits()); }
    std::size_t fill(std::span<std::uint8_t> out) override {
        const std::size_t n = inner_.fill(out);
        choices_.insert(choices_.end(), out.begin(), out.begin() + static_cast<std::ptrdiff_t>(n));
        return n;
    }
    bool dry() override { return inner_.dry(); }

    const Choices& choices() const { return choices_; }

private:
    Source& inner_;
    Choices choices_;
};

// Answers from a list of choices, each clamped into the range asked for. Past the end of the list
// every answer is the simplest, and from then on the source is dry.
class ReplaySource final : public Source {
public:
    explicit ReplaySource(const Choices& choices) : choices_(choices) {}

    std::int64_t range(std::int64_t lo, std::int64_t hi) override {
        const RangeRanks ranks(lo, hi);
        return ranks.answer(std::min(next(), ranks.below + ranks.above));
    }
    std::uint64_t bits() override { return next(); }
    std::size_t fill(std::span<std::uint8_t> out) override {
        std::size_t n = 0;
        while (n < out.size() && !dry()) out[n++] = static_cast<std::uint8_t>(std::min<std::uint64_t>(next(), 0xff));
        return n;
    }
    // Only once a draw went past the end: until then a replay answers exactly as the recording did.
    bool dry() override { return overrun_; }

private:
    std::uint64_t next() {
        if (at_ < choices_.size()) return choices_[at_++];
        overrun_ = true;
        return 0;
    }

    const Choices& choices_;
    std::size_t at_ = 0;
    bool overrun_ = false;
};

}  // namespace tsc::inputs
