#include "conformance/harness/report.hpp"

#include <fmt/format.h>

namespace tsc {
namespace {
std::string& current_input_path() {
    static std::string path;
    return path;
}
}  // namespace

void set_current_input_path(std::string path) { current_input_path() = std::move(path); }

std::string Failure::describe() const {
    std::string out = fmt::format("{}-reference-{}-{}-difference\n", subject, family, operation);
    out += fmt::format("  subject:   {}\n  profile:   {}\n", subject, profile);
    if (!current_input_path().empty()) out += fmt::format("  file:      {}\n", current_input_path());
    out += fmt::format("  input:     {}\n  base64:    {}\n", input_hex.empty() ? "(empty)" : input_hex, input_b64);
    out += fmt::format("  differs:   {}\n  expected:  {}\n  actual:    {}\n", where, expected, actual);
    out += fmt::format("  reproduce: {}\n", reproduce);
    return out;
}

std::string describe_all(const std::vector<Failure>& failures) {
    std::string out;
    for (const Failure& f : failures) out += f.describe();
    return out;
}

}  // namespace tsc
