#include "conformance/harness/failure.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>

#include <fmt/format.h>

#include "conformance/harness/encoding_text.hpp"

namespace tsc {
namespace {

constexpr std::size_t kShownChars = 400;
constexpr std::size_t kCommandLineLimit = 2000;

std::string& current_input_path() {
    static std::string path;
    return path;
}

std::string shorten(std::string s) {
    if (s.size() > kShownChars) s = s.substr(0, kShownChars) + fmt::format("… ({} chars)", s.size());
    return s;
}

std::string input_argument(const Json& input) {
    const std::string text = input.dump();
    if (text.size() <= kCommandLineLimit) return shell_quoted(text);
    return "@" + saved_report_file("tsconform-input", text).string();
}

}  // namespace

std::filesystem::path saved_report_file(std::string_view stem, std::string_view text) {
    const char* folder = std::getenv("TSCONFORM_REPORT_DIR");
    const std::filesystem::path dir = folder != nullptr && *folder != '\0' ? folder : std::filesystem::temp_directory_path();
    std::filesystem::create_directories(dir);
    const auto path = dir / fmt::format("{}-{:016x}.json", stem, std::hash<std::string_view>{}(text));
    std::ofstream(path) << text;
    return path;
}

std::string shell_quoted(std::string_view s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

void set_current_input_path(std::string path) { current_input_path() = std::move(path); }

std::string command_name(std::string_view family) {
    std::string name(family);
    for (char& c : name)
        if (c == '_') c = '-';
    return name;
}

std::string reproduce_command(std::string_view family, std::string_view operation, std::string_view subject,
                              std::string_view profile, const Json& input) {
    return fmt::format("tsconform {} {} --subject {}{} {}", command_name(family), operation, subject,
                       profile.empty() ? "" : fmt::format(" --profile {}", profile), input_argument(input));
}

std::string Failure::signature() const {
    return fmt::format("{}-reference-{}-{}-difference", subject, family, operation);
}

std::string Failure::describe() const {
    std::string out = signature() + "\n";
    if (!check.empty()) out += fmt::format("  check:     {}\n", check);
    out += fmt::format("  subject:   {}\n  profile:   {}\n", subject, profile.empty() ? "-" : profile);
    if (!current_input_path().empty()) out += fmt::format("  file:      {}\n", current_input_path());
    if (input_bytes) {
        out += fmt::format("  input:     {}\n  base64:    {}\n", input_bytes->empty() ? "(empty)" : shorten(to_hex(*input_bytes)),
                           shorten(to_base64(*input_bytes)));
    } else {
        out += fmt::format("  input:     {}\n", shorten(input.dump()));
    }
    out += fmt::format("  differs:   {}\n  expected:  {}\n  actual:    {}\n", difference.where, difference.expected,
                       difference.actual);
    out += fmt::format("  reproduce: {}\n", command);
    return out;
}

std::string describe_all(const std::vector<Failure>& failures) {
    std::string out;
    for (const Failure& f : failures) out += f.describe();
    return out;
}

void append(std::vector<Failure>& to, std::vector<Failure> more) {
    to.insert(to.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
}

std::vector<Failure> as_operation(std::vector<Failure> failures, std::string_view operation) {
    for (Failure& f : failures) f.operation = operation;
    return failures;
}

}  // namespace tsc
