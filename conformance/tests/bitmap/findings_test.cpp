// The findings (vectors of corpora/vectors/bitmap.json with a `finding` block) against what the suite
// detects now: for every comparison of two profiles the findings name, the classes of calls on which
// they diverge and the first diverging example of each must be exactly the recorded findings. A finding
// that disappears, a new divergence and a changed first example all fail here; the vector itself (the
// example's program under the finding's profile) is checked by the golden-vector test.
#include <set>

#include <gtest/gtest.h>

#include "conformance/tests/bitmap/findings.hpp"
#include "conformance/harness/bitmap/operations.hpp"

namespace tsc::bitmap {
namespace {

std::string show(const Comparison& c) { return c.profile + " vs " + c.against + " on " + c.operation; }

std::string show(const Example& e) {
    return "size " + std::to_string(e.size) + ", setup \"" + e.setup + "\", " + e.call + ": expected " + e.expected +
           ", actual " + e.actual;
}

std::vector<Finding> findings() { return findings_of(load_vectors<Family>()); }

TEST(BitmapFindings, EachFindingIsTheVectorOfItsExampleUnderItsProfile) {
    const std::vector<Vector> vectors = load_vectors<Family>();
    const std::vector<Finding> found = findings_of(vectors);
    ASSERT_FALSE(found.empty());
    for (const Finding& f : found) {
        EXPECT_NO_THROW(profile_named(f.comparison.profile)) << f.id;
        EXPECT_NO_THROW(profile_named(f.comparison.against)) << f.id;
        const auto v = std::find_if(vectors.begin(), vectors.end(), [&](const Vector& x) { return x.name == f.vector; });
        ASSERT_NE(v, vectors.end());
        EXPECT_EQ(v->profiles, std::vector<std::string>{f.comparison.profile}) << f.id;
        const RunProgram::Input in = RunProgram::input_of(v->input, f.comparison.profile);
        EXPECT_EQ(in.program.size, f.first_example.size) << f.id;
        EXPECT_FALSE(in.program.initial) << f.id;
        const std::string call = f.first_example.setup.empty() ? f.first_example.call
                                                                : f.first_example.setup + "; " + f.first_example.call;
        EXPECT_EQ(to_text(in.program.ops), call) << f.id;
        const RunProgram::Outcome expect = RunProgram::outcome_of(v->expect);
        ASSERT_FALSE(expect.steps.empty()) << f.id;
        EXPECT_EQ(describe(expect.steps.back().observation), f.first_example.actual) << f.id;
    }
}

TEST(BitmapFindings, SuiteStillDetectsExactlyTheRecordedFindings) {
    const std::vector<Finding> recorded = findings();
    for (const Comparison& c : comparisons_of(recorded)) {
        const auto found = first_divergences(c);
        std::set<std::string> classes;
        for (const Finding& f : recorded) {
            if (!(f.comparison == c)) continue;
            classes.insert(f.call_class);
            const auto it = found.find(f.call_class);
            if (it == found.end()) {
                ADD_FAILURE() << "finding " << f.id << " (" << show(c) << ", " << f.call_class << ") is no longer detected";
                continue;
            }
            EXPECT_EQ(it->second, f.first_example)
                << "finding " << f.id << ": first example changed\n  recorded: " << show(f.first_example)
                << "\n  now:      " << show(it->second);
        }
        for (const auto& [cls, example] : found)
            EXPECT_TRUE(classes.count(cls)) << "unrecorded divergence, " << show(c) << ", class " << cls << ": "
                                            << show(example);
    }
}

// Seed 002 (apache/iotdb PR #18358): its prefix path, !isAllUnmarked(length) for start 0, answers every
// in-range call with length >= 1 exactly as the legacy byte scanner does, on every long-backed size.
// The divergences it does have (length 0, out of range) are recorded findings above.
TEST(BitmapFindings, Seed002PrefixPathMatchesTheLegacyScanInRange) {
    const auto found = first_divergences({"iotdb-pr18358", "iotdb-legacy", "containsMarkedBit"});
    EXPECT_FALSE(found.count("in-range")) << show(found.at("in-range"));
}

}  // namespace
}  // namespace tsc::bitmap
