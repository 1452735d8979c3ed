// The choices the conform runner shrinks: a range's answers ranked by closeness to zero, every rank
// one answer and back, so that a smaller choice is a simpler answer and a replay gives the recording.
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "conformance/inputs/choice_source.hpp"

namespace tsc::inputs {
namespace {

constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

std::vector<std::int64_t> answers_by_rank(std::int64_t lo, std::int64_t hi) {
    const RangeRanks ranks(lo, hi);
    std::vector<std::int64_t> out;
    for (std::uint64_t r = 0; r <= ranks.below + ranks.above; ++r) out.push_back(ranks.answer(r));
    return out;
}

TEST(RangeRanks, AnswersGoOutwardFromZero) {
    EXPECT_EQ(answers_by_rank(-3, 3), (std::vector<std::int64_t>{0, 1, -1, 2, -2, 3, -3}));
    EXPECT_EQ(answers_by_rank(-1, 4), (std::vector<std::int64_t>{0, 1, -1, 2, 3, 4}));
    EXPECT_EQ(answers_by_rank(-4, 1), (std::vector<std::int64_t>{0, 1, -1, -2, -3, -4}));
    EXPECT_EQ(answers_by_rank(5, 8), (std::vector<std::int64_t>{5, 6, 7, 8}));
    EXPECT_EQ(answers_by_rank(-8, -5), (std::vector<std::int64_t>{-5, -6, -7, -8}));
}

TEST(RangeRanks, EveryAnswerHasOneRankAndBack) {
    for (auto [lo, hi] : {std::pair{-5, 9}, std::pair{-9, 5}, std::pair{0, 0}, std::pair{-7, -7}, std::pair{3, 40}})
        for (std::int64_t v = lo; v <= hi; ++v) {
            const RangeRanks ranks(lo, hi);
            EXPECT_EQ(ranks.answer(ranks.rank(v)), v) << "[" << lo << ", " << hi << "] answer " << v;
            EXPECT_LE(ranks.rank(v), ranks.below + ranks.above);
        }
    const RangeRanks all(kMin, kMax);
    for (std::int64_t v : {kMin, kMin + 1, std::int64_t{-1}, std::int64_t{0}, std::int64_t{1}, kMax - 1, kMax})
        EXPECT_EQ(all.answer(all.rank(v)), v) << v;
    EXPECT_EQ(all.answer(all.below + all.above), kMin);
}

TEST(ReplaySource, ReplaysWhatWasRecordedAndAnswersZeroWhenDry) {
    const Choices recorded{RangeRanks(-3, 3).rank(-2), RangeRanks(kMin, kMax).rank(kMin), RangeRanks(10, 20).rank(17)};
    ReplaySource replay(recorded);
    EXPECT_EQ(replay.range(-3, 3), -2);
    EXPECT_EQ(replay.range(kMin, kMax), kMin);
    EXPECT_EQ(replay.range(10, 20), 17);
    EXPECT_FALSE(replay.dry());
    EXPECT_EQ(replay.range(-3, 3), 0);
    EXPECT_EQ(replay.range(10, 20), 10);
    EXPECT_TRUE(replay.dry());
}

}  // namespace
}  // namespace tsc::inputs
