// Sources that remember their answers as a list of choices, and play a list back: how the
// cross-language runner shrinks a failing generated case without knowing its family. A producer's
// input is a function of the answers it was given, so a shorter or smaller list of answers gives a
// smaller input of the same shape (Hypothesis's choice-sequence shrinking).
//
// A choice is the answer's distance from the low end of its range (`range`), the 64 bits (`bits`)
// or one byte (`fill`, a choice per byte): 0 is always the simplest answer.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "conformance/inputs/source.hpp"

namespace tsc::inputs {

using Choices = std::vector<std::uint64_t>;

// Answers from another source, recorded.
class RecordingSource final : public Source {
public:
    explicit RecordingSource(Source& inner) : inner_(inner) {}

    std::int64_t range(std::int64_t lo, std::int64_t hi) override {
        const std::int64_t v = inner_.range(lo, hi);
        choices_.push_back(static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(lo));
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
// every answer is the low end, and from then on the source is dry.
class ReplaySource final : public Source {
public:
    explicit ReplaySource(const Choices& choices) : choices_(choices) {}

    std::int64_t range(std::int64_t lo, std::int64_t hi) override {
        const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + std::min(next(), span));
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
