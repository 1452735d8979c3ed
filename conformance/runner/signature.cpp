#include "conformance/runner/signature.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace tsc::runner {

std::string outcome_class(const Json& outcome) {
    if (outcome.is_object() && outcome.contains("error") && outcome["error"].is_string())
        return outcome["error"].get<std::string>();
    return "ok";
}

std::string field_path(std::string_view where) {
    // `columns[2].values[5] byte 3 (of 40)` is `columns[].values[]`, and `operation 3 `merge 0a 4`:
    // result` is `operation_merge_result`: the numbers, an operation's arguments, the offset inside a
    // value and the parenthesized detail vary from case to case; the field does not.
    where = where.substr(0, where.find('('));
    std::string out, word;
    bool quoted = false, first_quoted_word = false;
    auto end_word = [&] {
        if (!word.empty() && word != "byte" && word != "row") out += (out.empty() ? "" : "_") + word;
        word.clear();
    };
    for (char c : where) {
        if (c == '`') {
            end_word();
            quoted = !quoted;
            first_quoted_word = quoted;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            end_word();
            if (quoted) first_quoted_word = false;
        } else if (!std::isdigit(static_cast<unsigned char>(c)) && c != ':' && (!quoted || first_quoted_word)) {
            word += c;
        }
    }
    end_word();
    return out;
}

std::string signature(std::string_view family, std::string_view operation, std::string_view profile,
                      std::string_view expected_class, std::string_view actual_class, std::string_view field) {
    std::string s = fmt::format("{}/{}", family, operation);
    if (!profile.empty()) s += fmt::format("@{}", profile);
    s += fmt::format(":{}->{}", expected_class, actual_class);
    if (!field.empty()) s += fmt::format(":{}", field);
    return s;
}

}  // namespace tsc::runner
