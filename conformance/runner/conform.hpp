// `tsconform conform`: checks implementations in any language (testees) over the external protocol
// (subjects/external/PROTOCOL.md), modelled on the protocol buffers conformance runner and on
// JSONTestSuite's matrix. For every operation a testee claims in its `hello`, under each profile it
// claims: every golden vector of that profile, generated cases from the family's producer (a seeded
// source, so `--seed` reproduces them; a failing one is shrunk), every cut of a few valid encodings,
// and the inputs of the fuzz targets' seed and regression corpora. Written once over the operation
// descriptors: a family needs nothing here.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "conformance/runner/expected_failures.hpp"
#include "conformance/runner/results.hpp"

namespace tsc::runner {

struct TesteeSpec {
    std::string name;
    std::string command;  // a shell command, or builtin:<subject>
};

struct Options {
    std::vector<TesteeSpec> testees;
    std::string family, op;         // empty: every one
    std::string check = "*";        // a glob over check names
    std::size_t cases = 200;        // generated cases per operation and profile
    std::size_t truncated = 16;     // valid encodings cut at every length, per decoder and profile
    std::size_t shrink_tries = 400; // runs per shrunk case (the first failing case of each signature)
    std::uint64_t seed = 0;
    int timeout_ms = 10000;
    // Expected-failure lists by testee name; "" holds the list of every testee without its own.
    std::map<std::string, ExpectedFailures> expected;
    bool all_failures = false;      // a full report per failed check, not one per signature
    std::string write_expected;     // write the failures' signatures here as an expected-failure list
    std::string junit, json, report;

    // Whether every check runs: only then is an expected-failure line that matched nothing stale.
    bool whole_run() const { return family.empty() && op.empty() && check == "*"; }
};

// Runs every testee; prints progress, a summary per operation, the failures and the closing line;
// returns the results.
std::vector<Result> conform(const Options& options);

// The exit status: 0 only when nothing unexpected happened.
int exit_status(const std::vector<Result>& results);

}  // namespace tsc::runner
