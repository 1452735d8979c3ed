// Golden vectors (corpora/vectors/qwp_gorilla.json) against the reference and every subject.
#include <set>

#include <gtest/gtest.h>

#include "conformance/harness/qwp_gorilla/operations.hpp"
#include "conformance/tests/common/vector_suite.hpp"

namespace tsc::qwp {
namespace {

TEST(QwpGorillaVectors, EverySubjectMeetsEveryVector) { test::expect_every_vector<Family>(); }

// The vector file must keep one case per error class of spec §3.1, cover every profile, and bound
// the allocation of the hostile sizes.
TEST(QwpGorillaVectors, CoverEveryErrorClassProfileAndHostileSize) {
    std::set<ErrorClass> errors;
    std::set<std::string> profiles;
    std::size_t hostile = 0;
    for (const Vector& v : load_vectors<Family>()) {
        if (v.op == Decode::name) errors.insert(Decode::outcome_of(v.expect).error);
        profiles.insert(v.profiles.begin(), v.profiles.end());
        hostile += v.limits.max_alloc_bytes.has_value();
    }
    test::expect_every_value(errors, kErrorClassNames, "error class");
    test::expect_every_name(profiles, Decode::profiles(), "profile");
    EXPECT_GE(hostile, 5u) << "the hostile sizes (4e9 rows in 20 bytes) are vectors with max_alloc_bytes";
}

}  // namespace
}  // namespace tsc::qwp
