// The table of a family's profile rules (reference/common/profile_rule.hpp), as `tsconform <family> profiles`
// prints it and as conformance/PROFILES.md holds it: one source, the model's rule lists.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "reference/common/profile_rule.hpp"

namespace tsc {

// A family whose model lists its profiles' rules.
template <class F>
concept HasProfileRules = requires { F::profile_rules(); };

// The family's section of PROFILES.md: a `## <family>` heading and a Markdown table, one row per rule.
std::string profile_table(std::string_view family, std::span<const ProfileRule> rules);

}  // namespace tsc
