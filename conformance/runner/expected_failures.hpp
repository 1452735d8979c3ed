// A testee's expected-failure list (protobuf conformance's failure list, waiving by kind as well as
// by name). One entry per line, then the reason; `#` comments and blank lines ignored:
//
//   qwp_gorilla/decode/vector/dod_bucket_edge_*                 the 7-bit bucket edge is off by one
//   signature qwp_gorilla/decode@typescript:ok->invalid_encoding  writes raw past int32 (spec D4)
//   finding legacy_contains_marked_bit_len_0                     we keep the legacy scanner
//
// A check line names checks by name or glob: a listed check that fails is an expected failure, one
// that passes an unexpected pass, which fails the run so that a fixed bug removes its line. A
// signature line (runner/signature.hpp, globs allowed) waives every failure of that kind, whatever
// the seed or case number; a finding line every failure a registered finding explains (the testee
// answers as the finding's profile does, conformance/harness/findings.hpp). A line that matches
// nothing in a whole run is stale and fails it too.
// A reason `was: <text>` (what --write-expected-failures writes) is the first line the failure's
// report had; a waived failure whose first line is now another is reported as changed.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace tsc::runner {

struct ExpectedFailure {
    enum class Kind { check, signature, finding };
    Kind kind = Kind::check;
    std::string pattern;
    std::string reason;
    int line = 0;
    // The report's first line when the line was written (`was: ...`); empty otherwise.
    std::string was() const;
};

class ExpectedFailures {
public:
    ExpectedFailures() = default;
    // An InputError naming the file and line of an entry without a reason.
    static ExpectedFailures load(const std::filesystem::path& file);

    // The check line covering a check, if any: passing or failing, a listed check is expected to fail.
    const ExpectedFailure* find_check(const std::string& check) const;
    // The line waiving a failure: a check line, else a finding line (when a finding explains it), else a
    // signature line.
    const ExpectedFailure* find_failure(const std::string& check, const std::string& signature,
                                        const std::string& finding) const;
    // Entries that matched no check of the run: stale lines.
    std::vector<ExpectedFailure> unused() const;
    const std::string& file() const { return file_; }
    bool empty() const { return entries_.empty(); }

private:
    const ExpectedFailure* find(ExpectedFailure::Kind kind, const std::string& text) const;

    std::string file_;
    std::vector<ExpectedFailure> entries_;
    mutable std::vector<bool> used_;
};

}  // namespace tsc::runner
