// The QWP Gorilla input producer: timestamp columns for the encoder (and the round trip), and column
// bodies for the decoder. Their shapes come from the spec (every bucket edge of §2.3, int64
// extremes and wrap-around, NULLs anywhere, fewer than three values) and from the fast codec's
// thresholds (subjects/fast/qwp_gorilla/thresholds.hpp): columns shorter and longer than its fast
// region, zero runs below, at and far past its counted-run and load widths, runs of 36-bit codes
// longer than its wide-code step, null bitmaps of 8 bytes or more whose padding bits are set.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "conformance/harness/qwp_gorilla/operations.hpp"
#include "conformance/inputs/producer.hpp"

namespace tsc::qwp::inputs {

using tsc::inputs::Source;

// Every bucket edge of spec §2.3 and §4 D1, and the first values outside int32.
extern const std::vector<std::int64_t> kBoundaryDods;

std::int64_t wrap_add(std::int64_t a, std::int64_t b);
// Timestamps from t0, t1 and a list of delta-of-deltas, all wrapping.
std::vector<std::int64_t> series_from_dods(std::int64_t t0, std::int64_t t1, const std::vector<std::int64_t>& dods);
// A first timestamp: mostly microseconds of this era, sometimes anything, sometimes an int64 extreme.
std::int64_t start(Source& s);

// A canonical column and the FLAG_GORILLA of its message, for an encoder profile whose domain holds it.
struct ColumnProducer {
    using Value = Encode::Input;
    static Value build(Source& s, const EncodeProfile& profile = kCanonicalEncodeProfile);
    static std::vector<std::string> classes();
    static std::vector<std::string> classes_of(const Value& in);
};

// A column body as a decoder receives it: an encoded column, as it is or with its padding bits set,
// cut short or with a byte changed, or bytes of no column at all; under any profile.
struct BodyProducer {
    using Value = Decode::Input;
    static Value build(Source& s);
    static std::vector<std::string> classes();
    static std::vector<std::string> classes_of(const Value& in);
};

}  // namespace tsc::qwp::inputs
