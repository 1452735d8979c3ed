// The runner's results: one per check and testee, and the forms they are written in: the summary a
// person reads, JUnit XML for CI systems, JSON, and a Markdown matrix with a column per testee and
// profile (JSONTestSuite's results table).
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace tsc::runner {

// outside_domain: the testee answered that its client cannot hold the input (a profile's domain
// should keep such inputs away); neither a pass nor a failure, counted apart.
enum class Status { passed, failed, skipped, expected_failure, unexpected_pass, outside_domain };
std::string_view name_of(Status s);

struct Result {  // members initialized, so that a designated initializer names only what it sets
    std::string testee{};
    std::string check{};    // <family>/<op>/<kind>/<case>
    std::string profile{};  // the profile it ran under; empty for an operation without profiles
    Status status = Status::passed;
    std::string report{};   // why it failed, was skipped or expected to fail; empty when it passed
    std::string signature{};  // of a failure, expected or not (runner/signature.hpp); empty otherwise
    std::string finding{};    // of a failure a registered finding explains (conformance/harness/findings.hpp)
    std::string waived_by{};  // of an expected failure or unexpected pass: FILE:LINE: reason
    double seconds = 0;

    // <family>/<op>/<kind>: a row of the matrix, a JUnit test case's class.
    std::string group() const;
    // <family>/<op>: a JUnit test suite.
    std::string operation() const;
};

struct Tally {
    std::size_t passed = 0, failed = 0, skipped = 0, expected_failures = 0, unexpected_passes = 0, outside_domain = 0;
    void add(Status s);
    bool clean() const { return failed == 0 && unexpected_passes == 0; }
    // "N passed, N failed, N skipped" and, when there are any, the expected failures, unexpected
    // passes and inputs outside the testee's domain.
    std::string line() const;
};

Tally tally(const std::vector<Result>& results);
// Tallies by testee, then by `key` of the result (group or operation).
std::map<std::string, std::map<std::string, Tally>> tallies(const std::vector<Result>& results,
                                                            std::string (Result::*key)() const);

void write_junit(const std::vector<Result>& results, const std::filesystem::path& file);
void write_json(const std::vector<Result>& results, const std::filesystem::path& file);
void write_matrix(const std::vector<Result>& results, const std::vector<std::string>& testees,
                  const std::filesystem::path& file);

}  // namespace tsc::runner
