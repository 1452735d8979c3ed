// Each hard delta-of-delta placed after 0-69 zero codes, so that it crosses every position of a
// 64-bit bit buffer, as QuestDB's QwpEgressGorillaEncoderTest does.
#include <gtest/gtest.h>

#include "conformance/tests/qwp_gorilla/generators.hpp"

namespace tsc::qwp::test {
namespace {

TEST(QwpGorillaAlignment, HardDodAfterEveryNumberOfZeroCodes) {
    for (std::int64_t hard : kBoundaryDods)
        for (int zeros = 0; zeros < 70; ++zeros) {
            std::vector<std::int64_t> dods(static_cast<std::size_t>(zeros), 0);
            dods.insert(dods.end(), {hard, -hard, 0, hard, 1});
            const std::vector<std::int64_t> ts = series_from_dods(1'700'000'000'000'000, 1'700'000'000'001'000, dods);
            std::vector<std::optional<std::int64_t>> rows(ts.begin(), ts.end());
            const Column column = make_column(rows);
            const std::vector<Failure> failures = check_roundtrip(column, true);
            EXPECT_TRUE(failures.empty()) << "hard DoD " << hard << " after " << zeros << " zero codes\n"
                                          << describe_all(failures);
        }
}

}  // namespace
}  // namespace tsc::qwp::test
