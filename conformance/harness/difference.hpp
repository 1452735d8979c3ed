// How two outcomes differ, as a person reads it: where, and both sides. Every family's divergence
// policy is written with these.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "conformance/harness/json_values.hpp"
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

// The first place two JSON forms differ, as a path (`tablet.columns[2].values[5]`, objects in key
// order, arrays by index, then their lengths) with both values. Two strings of lowercase hex longer
// than a few bytes are compared as bytes (compare_bytes), so that a long buffer shows a window.
std::optional<Difference> compare_json(const Json& expected, const Json& actual, const std::string& path = "");

// A JSON value on one line, cut to a length a report can show.
std::string brief(const Json& json);

// Two model values that must be equal in every field: nullopt when they are, else the first field
// where their JSON forms (`to_json`) differ, or the whole values when the difference is one the
// JSON form does not show (a non-canonical byte, a cell of the wrong kind).
template <class T, class ToJson>
std::optional<Difference> compare_as_json(const T& expected, const T& actual, ToJson to_json) {
    if (expected == actual) return std::nullopt;
    const Json e = to_json(expected), a = to_json(actual);
    if (auto d = compare_json(e, a)) return d;
    return Difference{"a model field its JSON form does not show", brief(e), brief(a)};
}

}  // namespace tsc
