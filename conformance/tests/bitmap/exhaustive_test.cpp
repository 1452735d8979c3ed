// Every (start, length) range of every bitmap size 0-130, on every subject, for a few bit patterns per
// size: the range queries on four patterns (none marked, markAll, only the padding bits, pseudo-random
// bytes), the updates, merges from and to every offset, and the AlignedTVList OR on two of them. Each is
// a `program` checked with check<RunProgram> under the subject's profile: the queries of one pattern are
// one program on one bitmap (they leave it as it is), each update a program of its own on a fresh bitmap.
// Past 130, up to four words and a tail and on to sixteen (subjects/fast/bitmap/thresholds.hpp), the
// ranges are those that start and end at every word's edges (its first, second, eighth, ninth and
// last position, and the one before it). Sizes a subject gives no result for are skipped (fast-long
// stops at 64), and counted.
#include <algorithm>
#include <cstdio>

#include <gtest/gtest.h>

#include "conformance/harness/bitmap/operations.hpp"
#include "subjects/fast/bitmap/thresholds.hpp"

namespace tsc::bitmap {
namespace {

constexpr std::int32_t kLargestSize = 130;
constexpr auto kWord = static_cast<std::int32_t>(tsc::thresholds::bitmap::kWordBits);
constexpr std::int32_t kWordEdgeSizes[] = {4 * kWord - 1, 4 * kWord, 4 * kWord + 1, 4 * kWord + 9, 16 * kWord + 3};
constexpr std::size_t kShownFailures = 3;

std::size_t bytes_for(std::int32_t n) { return static_cast<std::size_t>(n / 8 + 1); }

// xorshift: the same "random" bytes on every run and every host.
Bytes pseudo_random_bytes(std::size_t count, std::uint32_t seed) {
    Bytes out(count);
    std::uint32_t x = seed * 2654435761u + 1u;
    for (std::uint8_t& b : out) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        b = static_cast<std::uint8_t>(x >> 24);
    }
    return out;
}

Value zero(std::int32_t n) { return {n, Bytes(bytes_for(n), 0x00)}; }
Value all_ones(std::int32_t n) { return {n, Bytes(bytes_for(n), 0xFF)}; }
Value random_value(std::int32_t n, std::uint32_t salt) {
    return {n, pseudo_random_bytes(bytes_for(n), static_cast<std::uint32_t>(n) * 31u + salt)};
}
// Only the padding bits past n are set: what markAll then unmarkRange(0, n) leaves.
Value padding_only(std::int32_t n) {
    Value v = all_ones(n);
    for (std::int32_t p = 0; p < n; ++p) v.bytes[static_cast<std::size_t>(p >> 3)] &= static_cast<std::uint8_t>(~(1u << (p & 7)));
    return v;
}

// Checks programs on one subject under its profile and keeps the first failures.
class Runner {
public:
    explicit Runner(Subject& s) : subject_(s), profile_(profile_of(s)) {}

    void check(const Value& start, std::vector<Op> ops) {
        ++checks_;
        for (const Failure& f : tsc::check<RunProgram>(subject_, {{start.size, start.bytes, std::move(ops)}, profile_}))
            if (failures_++ < kShownFailures) report_ += f.describe();
    }

    bool supports(std::int32_t n) { return !RunProgram::run(subject_, {{n, std::nullopt, {}}, profile_}).unsupported; }

    std::size_t checks() const { return checks_; }
    std::size_t failures() const { return failures_; }
    const std::string& report() const { return report_; }

private:
    Subject& subject_;
    const Profile& profile_;
    std::size_t checks_ = 0;
    std::size_t failures_ = 0;
    std::string report_;
};

Op op(OpKind kind, std::int32_t a, std::int32_t b = 0, std::int32_t c = 0) { return Op{kind, {a, b, c}, {}, {}}; }

// Calls f(start, length) for start in [-1, n+1] and every length from -1 to one past what fits.
template <class F>
void for_each_range(std::int32_t n, F f) {
    for (std::int32_t start = -1; start <= n + 1; ++start)
        for (std::int32_t length = -1; length <= n - std::max(start, 0) + 1; ++length) f(start, length);
}

// Calls f(start, length) for every range from one word edge to another (and the one-past-the-end
// and negative cases around them).
template <class F>
void for_each_word_edge_range(std::int32_t n, F f) {
    std::vector<std::int32_t> edges{-1};
    for (std::int32_t word = 0; word * kWord <= n + 1; ++word)
        for (std::int32_t offset : {-1, 0, 1, 7, 8, kWord - 1})
            if (const std::int32_t p = word * kWord + offset; p >= 0 && p <= n + 1) edges.push_back(p);
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    for (std::int32_t start : edges)
        for (std::int32_t end : edges)
            if (end >= start - 1) f(start, end - start + 1);
}

// Every range of a small size; the word-edge ranges of a large one.
template <class F>
void for_each_checked_range(std::int32_t n, F f) {
    if (n <= kLargestSize) {
        for_each_range(n, f);
    } else {
        for_each_word_edge_range(n, f);
    }
}

void check_queries(Runner& runner, const Value& pattern, const Value& other) {
    const std::int32_t n = pattern.size;
    std::vector<Op> ops;
    for_each_checked_range(n, [&](std::int32_t start, std::int32_t length) {
        for (OpKind k : {OpKind::is_range_any_marked, OpKind::is_range_all_marked, OpKind::is_range_none_marked})
            ops.push_back(op(k, start, length));
    });
    for_each_checked_range(n, [&](std::int32_t r, std::int32_t length) {
        if (length != 0) return;  // once per position
        ops.push_back(op(OpKind::is_all_unmarked_prefix, r));
        ops.push_back(op(OpKind::truncated_byte_array, r));
        Op eq = op(OpKind::equals_in_range, r);
        eq.operand = other;
        ops.push_back(std::move(eq));
    });
    for (OpKind k : {OpKind::is_all_unmarked, OpKind::is_all_marked}) ops.push_back(op(k, 0));
    runner.check(pattern, std::move(ops));
}

void check_updates(Runner& runner, const Value& pattern, const Value& source) {
    const std::int32_t n = pattern.size;
    for_each_checked_range(n, [&](std::int32_t start, std::int32_t length) {
        runner.check(pattern, {op(OpKind::mark_range, start, length)});
        runner.check(pattern, {op(OpKind::unmark_range, start, length)});
        Op from = op(OpKind::merge, start, 0, length);  // source offset, destination prefix
        from.operand = source;
        runner.check(pattern, {from});
        Op to = op(OpKind::merge, 0, start, length);  // source prefix, destination offset
        to.operand = source;
        runner.check(pattern, {to});
        Op rows = op(OpKind::or_failed_rows, start, length);
        rows.rows = pseudo_random_bytes(length > 0 ? static_cast<std::size_t>(length + 7) / 8 : 0,
                                        static_cast<std::uint32_t>(start) * 131u + static_cast<std::uint32_t>(length));
        runner.check(pattern, {rows});
    });
}

TEST(BitmapExhaustive, EveryRangeUpTo130AndEveryWordEdgeRangePastFourWordsOnEverySubject) {
    const auto subjects = subjects_under_test<Subject>();
    ASSERT_FALSE(subjects.empty());
    for (Subject* s : subjects) {
        Runner runner(*s);
        std::vector<std::int32_t> skipped;
        std::vector<std::int32_t> sizes;
        for (std::int32_t n = 0; n <= kLargestSize; ++n) sizes.push_back(n);
        sizes.insert(sizes.end(), std::begin(kWordEdgeSizes), std::end(kWordEdgeSizes));
        for (std::int32_t n : sizes) {
            if (!runner.supports(n)) {
                skipped.push_back(n);
                continue;
            }
            const Value other = random_value(n, 7);
            for (const Value& pattern : {zero(n), all_ones(n), padding_only(n), random_value(n, 1)})
                check_queries(runner, pattern, other);
            for (const Value& pattern : {zero(n), random_value(n, 1)}) check_updates(runner, pattern, random_value(n, 3));
        }
        EXPECT_EQ(runner.failures(), 0u) << "subject " << s->name() << ": " << runner.failures() << " of "
                                         << runner.checks() << " programs failed; the first ones:\n"
                                         << runner.report();
        EXPECT_GT(runner.checks(), 0u) << "subject " << s->name() << " supports no size checked";
        std::printf("%.*s: %zu programs, %zu sizes without a result\n", static_cast<int>(s->name().size()),
                    s->name().data(), runner.checks(), skipped.size());
    }
}

}  // namespace
}  // namespace tsc::bitmap
