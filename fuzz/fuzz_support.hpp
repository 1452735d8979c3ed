// What every fuzz target shares: a divergence is printed for a person, then the target aborts
// so that libFuzzer keeps the input and the replay driver stops with a non-zero status.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "conformance/harness/failure.hpp"

namespace tsc::fuzz {

inline void require_no_failures(const char* target, const std::vector<Failure>& failures) {
    if (failures.empty()) return;
    std::fprintf(stderr, "%s\n  replay:    build/dev/replay_%s <input file>\n", describe_all(failures).c_str(), target);
    std::abort();
}

}  // namespace tsc::fuzz
