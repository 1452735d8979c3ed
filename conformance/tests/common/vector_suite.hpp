// The golden-vector test every family runs: each vector of corpora/vectors/<family>.json against
// the reference and every selected subject, through expect<Op> (so each failure carries its check
// name, signature and reproduce command).
#pragma once

#include <array>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "conformance/harness/vectors.hpp"

namespace tsc::test {

template <class Family>
void expect_every_vector() {
    const std::vector<Vector> vectors = load_vectors<Family>();
    ASSERT_FALSE(vectors.empty()) << vector_file(Family::family);
    for (auto* subject : reference_and_subjects<typename Family::Subject>()) {
        const std::vector<Failure> failures = expect_vectors<Family>(*subject, vectors);
        EXPECT_TRUE(failures.empty()) << failures.size() << " failures in " << vector_file(Family::family).string()
                                      << "\n" << describe_all(failures);
    }
}

// A vector file's coverage: every value of an enumeration (error classes) was expected somewhere.
template <class Enum, std::size_t N>
void expect_every_value(const std::set<Enum>& seen, const std::array<std::string_view, N>& names, std::string_view what) {
    for (std::size_t i = 0; i < N; ++i)
        EXPECT_TRUE(seen.count(static_cast<Enum>(i))) << "no vector for " << what << " " << names[i];
}

// ... and every profile of an operation was named by some vector.
inline void expect_every_name(const std::set<std::string>& seen, const std::vector<std::string_view>& names,
                              std::string_view what) {
    for (std::string_view n : names) EXPECT_TRUE(seen.count(std::string(n))) << "no vector for " << what << " " << n;
}

}  // namespace tsc::test
