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

}  // namespace

std::string profile_table(std::string_view family, std::span<const ProfileRule> rules) {
    std::string out = fmt::format("## {}\n\n| profile | part | rule | behaviour | source |\n|---|---|---|---|---|\n", family);
    for (const ProfileRule& r : rules)
        out += fmt::format("| {} | {} | `{}` | {} | {} |\n", cell(r.profile), name_of(r.part), cell(r.rule),
                           cell(r.behaviour), cell(r.source));
    return out;
}

}  // namespace tsc
