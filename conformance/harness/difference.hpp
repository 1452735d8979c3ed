// How two outcomes differ, as a person reads it: where, and both sides. Every family's divergence
// policy is written with these.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "reference/common/bytes.hpp"

namespace tsc {

struct Difference {
    std::string where;     // a byte offset or a field path, e.g. `values byte 17`, `columns[2] row 5`
    std::string expected;  // the reference's side (or the vector's)
    std::string actual;    // the subject's side
};

// The first differing byte of two byte strings: its offset, both bytes, and a window of bytes
// around it with the total lengths, so that a report on a large buffer stays readable. `what` names
// the buffer (`bytes`, `timestamps`, `getByteArray`).
std::optional<Difference> compare_bytes(std::string_view what, ByteView expected, ByteView actual);

// The error-class-first rule every divergence policy starts with: outcomes of different error
// classes differ as a whole (shown by `describe`); two failures of the same class are equal; only two
// successes go on to `content()`, which compares what they produced.
template <class Outcome, class Describe, class Content>
std::optional<Difference> compare_outcomes(const Outcome& expected, const Outcome& actual, Describe describe,
                                           Content content) {
    if (expected.error != actual.error) return Difference{"outcome", describe(expected), describe(actual)};
    if (!expected.ok()) return std::nullopt;
    return content();
}

// A field compared by value: nullopt when equal, else a Difference showing both with `show`.
template <class T, class Show>
std::optional<Difference> compare_field(std::string where, const T& expected, const T& actual, Show show) {
    if (expected == actual) return std::nullopt;
    return Difference{std::move(where), show(expected), show(actual)};
}

}  // namespace tsc
