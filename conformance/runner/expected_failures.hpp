// A testee's expected-failure list (protobuf conformance's failure list): one check name or glob per
// line, then the reason, `#` comments and blank lines ignored:
//
//   qwp_gorilla/decode/vector/dod_bucket_edge_*   the 7-bit bucket edge is off by one (issue 12)
//
// A listed check that fails is an expected failure; one that passes is an unexpected pass and fails
// the run, so that a fixed bug removes its line.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tsc::runner {

struct ExpectedFailure {
    std::string pattern;
    std::string reason;
    int line = 0;
};

class ExpectedFailures {
public:
    ExpectedFailures() = default;
    // An InputError naming the file and line of an entry without a reason.
    static ExpectedFailures load(const std::filesystem::path& file);

    // The entry covering a check, if any.
    const ExpectedFailure* find(const std::string& check) const;
    // Entries that matched no check of the run: stale lines, reported so they can be removed.
    std::vector<ExpectedFailure> unused() const;

private:
    std::vector<ExpectedFailure> entries_;
    mutable std::vector<bool> used_;
};

}  // namespace tsc::runner
