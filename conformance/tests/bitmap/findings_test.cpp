// The findings registry (corpora/findings/bitmap.json) against what the suite detects now: for every
// registered comparison of two profiles, the classes of calls on which they diverge and the first
// diverging example of each must be exactly the registered findings. A finding that disappears, a new
// divergence and a changed first example all fail here.
#include <set>

#include <gtest/gtest.h>

#include "conformance/harness/bitmap_findings.hpp"

namespace tsc::bitmap {
namespace {

std::string show(const Comparison& c) { return c.profile + " vs " + c.against + " on " + c.operation; }

std::string show(const Example& e) {
    return "size " + std::to_string(e.size) + ", setup \"" + e.setup + "\", " + e.call + ": expected " + e.expected +
           ", actual " + e.actual;
}

TEST(BitmapFindings, RegistryNamesKnownProfilesAndComparisons) {
    const FindingsRegistry r = load_bitmap_findings();
    ASSERT_FALSE(r.findings.empty());
    std::set<Comparison> comparisons(r.comparisons.begin(), r.comparisons.end());
    for (const Finding& f : r.findings) {
        EXPECT_EQ(f.family, "bitmap") << f.id;
        EXPECT_TRUE(find_profile(f.comparison.profile)) << f.id;
        EXPECT_TRUE(find_profile(f.comparison.against)) << f.id;
        EXPECT_TRUE(comparisons.count(f.comparison)) << f.id << ": " << show(f.comparison) << " is not a listed comparison";
    }
}

TEST(BitmapFindings, SuiteStillDetectsExactlyTheRegisteredFindings) {
    const FindingsRegistry r = load_bitmap_findings();
    for (const Comparison& c : r.comparisons) {
        const auto found = first_divergences(c);
        std::set<std::string> registered;
        for (const Finding& f : r.findings) {
            if (f.comparison.profile != c.profile || f.comparison.against != c.against ||
                f.comparison.operation != c.operation)
                continue;
            registered.insert(f.call_class);
            const auto it = found.find(f.call_class);
            if (it == found.end()) {
                ADD_FAILURE() << "finding " << f.id << " (" << show(c) << ", " << f.call_class << ") is no longer detected";
                continue;
            }
            EXPECT_EQ(it->second, f.first_example)
                << "finding " << f.id << ": first example changed\n  registered: " << show(f.first_example)
                << "\n  now:        " << show(it->second);
        }
        for (const auto& [cls, example] : found)
            EXPECT_TRUE(registered.count(cls)) << "unregistered divergence, " << show(c) << ", class " << cls << ": "
                                               << show(example);
    }
}

// Seed 002 (apache/iotdb PR #18358): its prefix path, !isAllUnmarked(length) for start 0, answers every
// in-range call with length >= 1 exactly as the legacy byte scanner does, on every long-backed size.
// The divergences it does have (length 0, out of range) are registered findings above.
TEST(BitmapFindings, Seed002PrefixPathMatchesTheLegacyScanInRange) {
    const auto found = first_divergences({"iotdb-pr18358", "iotdb-legacy", "containsMarkedBit"});
    EXPECT_FALSE(found.count("in-range")) << show(found.at("in-range"));
}

}  // namespace
}  // namespace tsc::bitmap
