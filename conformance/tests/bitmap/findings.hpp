// Findings: where a profile that models an upstream implementation answers differently from another
// profile (usually the spec's own, tsfile). Each one is a vector of corpora/vectors/bitmap.json with a
// `finding` block (conformance/harness/findings.hpp; its own fields: operation, class, first_example):
// the vector is the first example's program under the finding's profile (checked by the golden-vector
// test like any vector). The suite re-detects each
// one by searching a fixed space of bitmaps and calls in a fixed order (findings_test.cpp).
//
// The space: sizes 0 to 72 (capped by both profiles' max_size), five bitmap states per size (none
// marked; markAll; markRange 0 size; markAll then unmarkRange 0 size, i.e. only the padding bits; the
// last position marked), and every call of the compared operation with arguments around the bitmap:
// containsMarkedBit(start, len) for start, len in [-2, size+2], isAllUnmarked(r) for r in [-9, 137].
// A call's class comes from the spec (profile tsfile): "out-of-range" when it is an error there,
// "len-0" when its length (or r) is 0, otherwise "in-range". Two answers agree when they are equal or
// both errors: every failure modelled here is a Java IndexOutOfBoundsException.
#pragma once

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "conformance/harness/vectors.hpp"
#include "reference/bitmap/model.hpp"

namespace tsc::bitmap {

struct Comparison {
    std::string profile;    // the upstream behaviour
    std::string against;    // what it is compared with
    std::string operation;  // containsMarkedBit | isAllUnmarked

    bool operator<(const Comparison& o) const {
        return std::tie(profile, against, operation) < std::tie(o.profile, o.against, o.operation);
    }
    bool operator==(const Comparison&) const = default;
};

struct Example {
    std::int32_t size = 0;
    std::string setup;     // operations that make the bitmap state
    std::string call;      // the diverging call
    std::string expected;  // the `against` profile's answer
    std::string actual;    // the profile's answer

    bool operator==(const Example&) const = default;
};

// A finding of the common format (conformance/harness/findings.hpp) as this search reads it.
struct Finding {
    std::string vector;  // the name of the vector that holds it
    std::string id;
    Comparison comparison;
    std::string call_class;
    std::string condition;
    Example first_example;
};

// The findings of the family's vectors (the vectors with a `finding` block), in file order.
std::vector<Finding> findings_of(const std::vector<Vector>& vectors);
// The comparisons the findings name, each once: the ones the suite searches.
std::vector<Comparison> comparisons_of(const std::vector<Finding>& findings);

// The first diverging call of each class, in the search order above.
std::map<std::string, Example> first_divergences(const Comparison& comparison);

}  // namespace tsc::bitmap
