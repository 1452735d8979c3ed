// The one format of findings (conformance/harness/findings.hpp): every family's findings load in it,
// each id once, and a block that leaves out a common field, holds for nothing, or differs from an
// earlier block of its id is refused with the vector named.
#include <set>

#include <gtest/gtest.h>

#include "conformance/harness/findings.hpp"
#include "conformance/harness/input_error.hpp"
#include "families.hpp"

namespace tsc {
namespace {

Json block() {
    return Json{{"id", "an_id"},        {"summary", "what"}, {"profiles", {"p"}},  {"against", "spec"},
                {"spec", "§1"},         {"upstream", "a/b"}, {"condition", "when"}};
}

Vector carrying(std::string name, Json finding) {
    Vector v;
    v.name = std::move(name);
    v.op = "op";
    v.finding = std::move(finding);
    return v;
}

void expect_refused(const std::vector<Vector>& vectors, const std::string& message) {
    try {
        findings_of("family", vectors);
        ADD_FAILURE() << "accepted; expected: " << message;
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
}

TEST(Findings, EveryFamilysFindingsAreInTheOneFormat) {
    AllFamilies::each([]<class F>() {
        const std::vector<Finding> findings = findings_of(F::family, load_vectors<F>());
        std::set<std::string> ids;
        for (const Finding& f : findings) {
            EXPECT_TRUE(ids.insert(f.id).second) << F::family << ": " << f.id << " twice";
            EXPECT_FALSE(f.vectors.empty()) << f.id;
        }
    });
}

TEST(Findings, OneFindingOfSeveralVectorsIsReadOnce) {
    const std::vector<Finding> f = findings_of("family", {carrying("a", block()), carrying("b", block())});
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].vectors, (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(f[0].profiles, std::vector<std::string>{"p"});
    EXPECT_EQ(f[0].against, "spec");
}

TEST(Findings, AMalformedBlockIsRefusedWithItsVector) {
    Json no_summary = block();
    no_summary.erase("summary");
    expect_refused({carrying("v", no_summary)}, "family/op/vector/v");
    expect_refused({carrying("v", no_summary)}, "summary");
    Json holds_for_nothing = block();
    holds_for_nothing["profiles"] = Json::array();
    expect_refused({carrying("v", holds_for_nothing)}, "holds_for");
    holds_for_nothing["holds_for"] = "upstream before abc123";
    EXPECT_EQ(findings_of("family", {carrying("v", holds_for_nothing)}).size(), 1u);
    Json empty_condition = block();
    empty_condition["condition"] = "";
    expect_refused({carrying("v", empty_condition)}, "condition");
    Json other = block();
    other["summary"] = "another";
    expect_refused({carrying("a", block()), carrying("b", other)}, "differs from its block in a");
}

}  // namespace
}  // namespace tsc
