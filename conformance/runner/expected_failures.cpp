#include "conformance/runner/expected_failures.hpp"

#include <fnmatch.h>

#include <fstream>
#include <tuple>

#include "conformance/harness/input_error.hpp"

namespace tsc::runner {
namespace {

constexpr std::string_view kSignature = "signature";
constexpr std::string_view kFinding = "finding";
constexpr std::string_view kWas = "was: ";
constexpr const char* kBlanks = " \t";

// The next blank-separated word of `line` from `at`, and where the text after it starts.
std::pair<std::string, std::size_t> word(const std::string& line, std::size_t at) {
    const std::size_t end = line.find_first_of(kBlanks, at);
    return {line.substr(at, end - at), end == std::string::npos ? end : line.find_first_not_of(kBlanks, end)};
}

}  // namespace

std::string ExpectedFailure::was() const { return reason.starts_with(kWas) ? reason.substr(kWas.size()) : ""; }

ExpectedFailures ExpectedFailures::load(const std::filesystem::path& file) {
    std::ifstream in(file);
    if (!in) throw InputError("cannot read the expected-failures file " + file.string());
    ExpectedFailures list;
    list.file_ = file.string();
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        const std::size_t start = line.find_first_not_of(kBlanks);
        if (start == std::string::npos || line[start] == '#') continue;
        const std::string where = file.string() + ":" + std::to_string(number) + ": `" + line.substr(start) + "`";
        ExpectedFailure entry{ExpectedFailure::Kind::check, "", "", number};
        auto [pattern, reason] = word(line, start);
        if (pattern == kSignature || pattern == kFinding) {
            if (reason == std::string::npos) throw InputError(where + " names no " + pattern + " (" + pattern + " NAME REASON)");
            entry.kind = pattern == kSignature ? ExpectedFailure::Kind::signature : ExpectedFailure::Kind::finding;
            std::tie(pattern, reason) = word(line, reason);
        }
        if (reason == std::string::npos)
            throw InputError(where + " has no reason (each line is: CHECK-OR-GLOB REASON, signature SIGNATURE REASON "
                                     "or finding ID REASON)");
        entry.pattern = pattern;
        entry.reason = line.substr(reason);
        list.entries_.push_back(std::move(entry));
    }
    list.used_.assign(list.entries_.size(), false);
    return list;
}

const ExpectedFailure* ExpectedFailures::find(ExpectedFailure::Kind kind, const std::string& text) const {
    for (std::size_t i = 0; i < entries_.size(); ++i)
        if (entries_[i].kind == kind && fnmatch(entries_[i].pattern.c_str(), text.c_str(), 0) == 0) {
            used_[i] = true;
            return &entries_[i];
        }
    return nullptr;
}

const ExpectedFailure* ExpectedFailures::find_check(const std::string& check) const {
    return find(ExpectedFailure::Kind::check, check);
}

const ExpectedFailure* ExpectedFailures::find_failure(const std::string& check, const std::string& signature,
                                                     const std::string& finding) const {
    if (const ExpectedFailure* listed = find_check(check)) return listed;
    if (!finding.empty())
        if (const ExpectedFailure* listed = find(ExpectedFailure::Kind::finding, finding)) return listed;
    return find(ExpectedFailure::Kind::signature, signature);
}

std::vector<ExpectedFailure> ExpectedFailures::unused() const {
    std::vector<ExpectedFailure> out;
    for (std::size_t i = 0; i < entries_.size(); ++i)
        if (!used_[i]) out.push_back(entries_[i]);
    return out;
}

}  // namespace tsc::runner
