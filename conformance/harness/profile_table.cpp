#include "conformance/harness/profile_table.hpp"

#include <fmt/format.h>

namespace tsc {
namespace {

// A table cell: a `|` would end the cell.
std::string cell(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '|') out += '\\';
        out += c;
    }
    return out;
}

// `a`, `b`, `c`
std::string code_list(std::span<const std::string_view> names) {
    std::string out;
    for (std::string_view n : names) out += fmt::format("{}`{}`", out.empty() ? "" : ", ", n);
    return out;
}

}  // namespace

std::string profile_table(std::string_view family, std::span<const ProfileRule> rules) {
    std::string out = fmt::format("## {}\n\n| profile | part | rule | behaviour | source |\n|---|---|---|---|---|\n", family);
    for (const ProfileRule& r : rules)
        out += fmt::format("| {} | {} | `{}` | {} | {} |\n", cell(r.profile), name_of(r.part), cell(r.rule),
                           cell(r.behaviour), cell(r.source));
    return out;
}

std::string operation_table(std::string_view family, const std::vector<OperationProfiles>& operations,
                            std::span<const std::string_view> error_classes) {
    std::string out = fmt::format("#### {}\n\n| operation | profiles (the first is the default) |\n|---|---|\n", family);
    for (const auto& [op, profiles] : operations)
        out += fmt::format("| `{}` | {} |\n", op, profiles.empty() ? "none: no `profile` is sent" : code_list(profiles));
    return out + fmt::format("\nError classes (`error` of an outcome): {}.\n", code_list(error_classes.subspan(1)));
}

}  // namespace tsc
