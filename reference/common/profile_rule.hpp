// One rule of a profile (docs/design.md "Profile"): which part of the profile it belongs to, what the real
// implementation does, and where in the upstream source that is written. Data only; every family's
// model lists its rules, and `tsconform <family> profiles` and PROFILES.md print them.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace tsc {

enum class RulePart : std::uint8_t {
    domain,         // what the implementation's API can express; inputs outside it are not checked
    normalisation,  // what it does to a value before writing it, or the error class it raises instead
    comparison,     // how implementation-defined bits are compared
    layout,         // how it lays out the bytes (placeholders, bitmaps, flags)
    version,        // the upstream version the profile models
};

inline constexpr std::array kRulePartNames{std::string_view{"domain"}, std::string_view{"normalisation"},
                                           std::string_view{"comparison"}, std::string_view{"layout"},
                                           std::string_view{"version"}};

constexpr std::string_view name_of(RulePart p) { return kRulePartNames[static_cast<std::size_t>(p)]; }

struct ProfileRule {
    std::string_view profile;
    RulePart part;
    std::string_view rule;       // a short stable name
    std::string_view behaviour;  // what the implementation does
    std::string_view source;     // repository, path and commit
};

}  // namespace tsc
