// Every (start, length) range of every bitmap size 0-130, on every subject, for a few bit patterns per
// size: the range queries on four patterns (none marked, markAll, only the padding bits, pseudo-random
// bytes), the updates, merges from and to every offset, and the AlignedTVList OR on two of them.
// Sizes a subject gives no result for are skipped (fast-long stops at 64), and counted.
#include <gtest/gtest.h>

#include "conformance/harness/bitmap_checks.hpp"

namespace tsc::bitmap {
namespace {

constexpr std::int32_t kMaxSize = 130;
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

// Runs single operations on fresh or shared bitmaps of one subject and keeps the first failures.
class Runner {
public:
    explicit Runner(Subject& s) : subject_(s) {}

    // A query on a bitmap of `start` that the query leaves as it is.
    void query(Bitmap& bitmap, reference::Bitmap& ref, const Program& history, const Op& op) {
        record(check_step(subject_, bitmap, ref, history, op).failures);
    }

    // An update on a fresh bitmap of `start`.
    void update(const Value& start, const Op& op) {
        const Program history{start.size, start.bytes, {}};
        auto bitmap = subject_.create(start);
        auto ref = reference::Bitmap::make(start);
        ASSERT_TRUE(bitmap && ref);
        record(check_step(subject_, *bitmap, *ref, history, op).failures);
    }

    std::size_t checks() const { return checks_; }
    std::size_t failures() const { return failures_; }
    const std::string& report() const { return report_; }

private:
    void record(const std::vector<Failure>& failures) {
        ++checks_;
        for (const Failure& f : failures)
            if (failures_++ < kShownFailures) report_ += f.describe();
    }

    Subject& subject_;
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

void check_queries(Runner& runner, Subject& s, const Value& pattern, const Value& other) {
    const std::int32_t n = pattern.size;
    auto bitmap = s.create(pattern);
    auto ref = reference::Bitmap::make(pattern);
    ASSERT_TRUE(bitmap && ref);
    const Program history{n, pattern.bytes, {}};
    for_each_range(n, [&](std::int32_t start, std::int32_t length) {
        for (OpKind k : {OpKind::is_range_any_marked, OpKind::is_range_all_marked, OpKind::is_range_none_marked})
            runner.query(*bitmap, *ref, history, op(k, start, length));
    });
    for (std::int32_t r = -1; r <= n + 1; ++r) {
        runner.query(*bitmap, *ref, history, op(OpKind::is_all_unmarked_prefix, r));
        runner.query(*bitmap, *ref, history, op(OpKind::truncated_byte_array, r));
        Op eq = op(OpKind::equals_in_range, r);
        eq.operand = other;
        runner.query(*bitmap, *ref, history, eq);
    }
    for (OpKind k : {OpKind::is_all_unmarked, OpKind::is_all_marked}) runner.query(*bitmap, *ref, history, op(k, 0));
}

void check_updates(Runner& runner, const Value& pattern, const Value& source) {
    const std::int32_t n = pattern.size;
    for_each_range(n, [&](std::int32_t start, std::int32_t length) {
        runner.update(pattern, op(OpKind::mark_range, start, length));
        runner.update(pattern, op(OpKind::unmark_range, start, length));
        Op from = op(OpKind::merge, start, 0, length);  // source offset, destination prefix
        from.operand = source;
        runner.update(pattern, from);
        Op to = op(OpKind::merge, 0, start, length);  // source prefix, destination offset
        to.operand = source;
        runner.update(pattern, to);
        Op rows = op(OpKind::or_failed_rows, start, length);
        rows.rows = pseudo_random_bytes(length > 0 ? static_cast<std::size_t>(length + 7) / 8 : 0,
                                        static_cast<std::uint32_t>(start) * 131u + static_cast<std::uint32_t>(length));
        runner.update(pattern, rows);
    });
}

TEST(BitmapExhaustive, EveryRangeOfEverySizeUpTo130OnEverySubject) {
    const auto subjects = subjects_under_test();
    ASSERT_FALSE(subjects.empty());
    for (Subject* s : subjects) {
        Runner runner(*s);
        std::vector<std::int32_t> skipped;
        for (std::int32_t n = 0; n <= kMaxSize; ++n) {
            if (s->create(n) == nullptr) {
                skipped.push_back(n);
                continue;
            }
            const Value other = random_value(n, 7);
            for (const Value& pattern : {zero(n), all_ones(n), padding_only(n), random_value(n, 1)})
                check_queries(runner, *s, pattern, other);
            for (const Value& pattern : {zero(n), random_value(n, 1)}) check_updates(runner, pattern, random_value(n, 3));
        }
        EXPECT_EQ(runner.failures(), 0u) << "subject " << s->name() << ": " << runner.failures() << " of "
                                         << runner.checks() << " checks failed; the first ones:\n"
                                         << runner.report();
        EXPECT_GT(runner.checks(), 0u) << "subject " << s->name() << " supports no size in 0-" << kMaxSize;
        std::printf("%.*s: %zu checks, %zu sizes without a result\n", static_cast<int>(s->name().size()),
                    s->name().data(), runner.checks(), skipped.size());
    }
}

}  // namespace
}  // namespace tsc::bitmap
