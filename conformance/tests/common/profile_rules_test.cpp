// The profile rules of every family (conformance/PROFILES.md): each rule names profiles its family's
// operations have, rule names are unique in a family, every rule says what the implementation does and
// where that is written, and every profile names the upstream version it models.
#include <set>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "conformance/harness/profile_table.hpp"
#include "families.hpp"

namespace tsc {
namespace {

// "a, b" -> {"a", "b"}: a rule may hold for several profiles.
std::set<std::string> profiles_of(std::string_view list) {
    std::set<std::string> out;
    for (std::size_t at = 0; at <= list.size();) {
        const std::size_t end = std::min(list.find(", ", at), list.size());
        out.emplace(list.substr(at, end - at));
        at = end + 2;
    }
    return out;
}

template <class F>
void expect_rules_of_family() {
    std::set<std::string> profiles;  // a contract profile ("client:parser") is a pair of these
    F::each([&]<class Op>() {
        for (std::string_view p : Op::profiles())
            if (p.find(':') == std::string_view::npos) profiles.emplace(p);
    });
    std::set<std::string> names;
    std::set<std::string> versioned;
    for (const ProfileRule& r : F::profile_rules()) {
        EXPECT_TRUE(names.emplace(r.rule).second) << F::family << ": rule " << r.rule << " is listed twice";
        EXPECT_FALSE(r.behaviour.empty() || r.source.empty()) << F::family << ": rule " << r.rule << " has no behaviour or source";
        for (const std::string& p : profiles_of(r.profile)) {
            EXPECT_TRUE(profiles.count(p)) << F::family << ": rule " << r.rule << " names " << p << ", not a profile";
            if (r.part == RulePart::version) versioned.insert(p);
        }
    }
    for (const std::string& p : profiles)
        EXPECT_TRUE(versioned.count(p)) << F::family << ": profile " << p << " names no upstream version";
}

TEST(ProfileRules, NameProfilesTheirSourcesAndEveryProfilesVersion) {
    AllFamilies::each([&]<class F>() {
        if constexpr (HasProfileRules<F>)
            expect_rules_of_family<F>();
        else
            ADD_FAILURE() << F::family << " lists no profile rules (profile_rules())";
    });
}

}  // namespace
}  // namespace tsc
