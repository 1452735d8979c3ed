// The runner's results: one per check and testee, and the forms they are written in: the summary a
// person reads, JUnit XML for CI systems, JSON, and a Markdown matrix with a column per testee
// (JSONTestSuite's results table).
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace tsc::runner {

enum class Status { passed, failed, skipped, expected_failure, unexpected_pass };
std::string_view name_of(Status s);

struct Result {
    std::string testee;
    std::string check;   // <family>/<op>/<kind>/<case>
    Status status = Status::passed;
    std::string report;  // why it failed, was skipped or expected to fail; empty when it passed
    double seconds = 0;

    // <family>/<op>/<kind>: a row of the matrix, a JUnit test case's class.
    std::string group() const;
    // <family>/<op>: a JUnit test suite.
    std::string operation() const;
};

struct Tally {
    std::size_t passed = 0, failed = 0, skipped = 0, expected_failures = 0, unexpected_passes = 0;
    void add(Status s);
    bool clean() const { return failed == 0 && unexpected_passes == 0; }
    // "N passed, N failed, N skipped" and, when there are any, the expected failures and
    // unexpected passes.
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
