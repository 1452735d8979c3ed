// The BitMap input producer: bitmap sizes, values and §4 operations, and whole programs. Sizes and
// arguments sit on the spec's edges (0, size, byte and word boundaries, just outside, the Java int
// extremes) and on the fast subjects' thresholds (subjects/fast/bitmap/thresholds.hpp): ranges that
// start and end in each of the first words and in the last one, of one bit to many words, on
// bitmaps from empty to thousands of positions.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "conformance/harness/bitmap/operations.hpp"
#include "conformance/inputs/producer.hpp"

namespace tsc::bitmap::inputs {

using tsc::inputs::Source;

std::int32_t size(Source& s);
// A value of `size` positions with any bytes, padding bits included.
Value value(Source& s, std::int32_t size);

// One operation of each group, against a bitmap of `size` positions (or its current value).
Op position_op(Source& s, std::int32_t size);
Op whole_op(Source& s);
Op range_update(Source& s, std::int32_t size);
Op range_query(Source& s, std::int32_t size);
Op merge(Source& s, std::int32_t size);
// equals / equalsInRange against the current value, a copy with one bit flipped, or any other value.
Op equality(Source& s, const Value& current);
Op failed_rows(Source& s, std::int32_t size);

// A program (size, initial bytes or none, 1-24 operations) under any profile, or under `profile` and
// inside its domain.
struct ProgramProducer {
    using Value = RunProgram::Input;
    static Value build(Source& s);
    static Value build(Source& s, const Profile& profile);
    static std::vector<std::string> classes();
    static std::vector<std::string> classes_of(const Value& in);
};

}  // namespace tsc::bitmap::inputs
