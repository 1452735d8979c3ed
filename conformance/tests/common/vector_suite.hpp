// The golden-vector test every family runs: each vector of corpora/vectors/<family>.json against
// the reference and every selected subject, through expect<Op> (so each failure carries its check
// name, signature and reproduce command).
#pragma once

#include <gtest/gtest.h>

#include "conformance/harness/vectors.hpp"

namespace tsc::test {

template <class Family>
void expect_every_vector() {
    const std::vector<Vector> vectors = load_vectors(Family::family);
    ASSERT_FALSE(vectors.empty()) << vector_file(Family::family);
    for (auto* subject : reference_and_subjects<typename Family::Subject>()) {
        const std::vector<Failure> failures = expect_vectors<Family>(*subject, vectors);
        EXPECT_TRUE(failures.empty()) << failures.size() << " failures in " << vector_file(Family::family).string()
                                      << "\n" << describe_all(failures);
    }
}

}  // namespace tsc::test
