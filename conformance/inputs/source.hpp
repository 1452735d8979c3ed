// Where the checks' inputs come from. Every family has one producer (conformance/inputs/<family>.hpp)
// that builds its columns, tablets or programs from a Source; the RapidCheck properties, the fuzz
// targets and the cross-language runner each adapt their own randomness to this one interface, so
// every check draws from the same shapes, sizes and edge values.
//
// A source answers three questions: an integer in a range, some arbitrary bits, some arbitrary bytes.
// Everything else (picking an element, weighted choices, coin flips) is built on `range` here, once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>

#include "reference/common/bytes.hpp"

namespace tsc::inputs {

class Source {
public:
    virtual ~Source() = default;

    // An integer in [lo, hi], lo <= hi. A source that has run dry answers lo.
    virtual std::int64_t range(std::int64_t lo, std::int64_t hi) = 0;
    // 64 arbitrary bits (0 from a dry source).
    virtual std::uint64_t bits() = 0;
    // Arbitrary bytes written into `out`, as many as it holds (its storage is the caller's, so that a
    // producer can draw cell after cell into one buffer); fewer, their count returned, only from a
    // source that has run dry.
    virtual std::size_t fill(std::span<std::uint8_t> out) = 0;
    // True when every further answer is a dry one: builders stop adding rows and cells, so that a
    // short fuzz input does not become thousands of rows of zeros.
    virtual bool dry() { return false; }

    // n arbitrary bytes; fewer only from a source that has run dry.
    Bytes bytes(std::size_t n) {
        Bytes out(n);
        out.resize(fill(out));
        return out;
    }
    // An index in [0, n), n > 0.
    std::size_t choose(std::size_t n) { return static_cast<std::size_t>(range(0, static_cast<std::int64_t>(n) - 1)); }
    bool flip() { return range(0, 1) == 1; }
    // True with probability about percent/100.
    bool percent(int percent) { return range(0, 99) < percent; }
    // An index into `weights`, each chosen in proportion to its weight.
    std::size_t weighted(std::initializer_list<unsigned> weights);
    template <class Container>
    const typename Container::value_type& pick(const Container& values) { return values[choose(values.size())]; }
    template <class T, std::size_t N>
    const T& pick(const T (&values)[N]) { return values[choose(N)]; }
    std::size_t size_in(std::size_t lo, std::size_t hi) {
        return static_cast<std::size_t>(range(static_cast<std::int64_t>(lo), static_cast<std::int64_t>(hi)));
    }
};

}  // namespace tsc::inputs
