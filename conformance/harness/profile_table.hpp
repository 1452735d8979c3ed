// The table of a family's profile rules (reference/common/profile_rule.hpp), as `tsconform <family> profiles`
// prints it and as conformance/PROFILES.md holds it, and the table of its operations, as
// `tsconform operations` prints it and subjects/external/PROTOCOL.md holds it: one source, the model.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reference/common/profile_rule.hpp"

namespace tsc {

// A family whose model lists its profiles' rules.
template <class F>
concept HasProfileRules = requires { F::profile_rules(); };

// The family's section of PROFILES.md: a `## <family>` heading and a Markdown table, one row per rule.
std::string profile_table(std::string_view family, std::span<const ProfileRule> rules);

// One operation and its profiles, the default first.
using OperationProfiles = std::pair<std::string_view, std::vector<std::string_view>>;

// The family's section of PROTOCOL.md's operation list: a `#### <family>` heading, a table of its
// operations and their profiles, and its error classes.
std::string operation_table(std::string_view family, const std::vector<OperationProfiles>& operations,
                            std::span<const std::string_view> error_classes);

}  // namespace tsc
