// What every fuzz target shares: a divergence is printed for a person, then the target aborts
// so that libFuzzer keeps the input and the replay driver stops with a non-zero status.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "conformance/harness/failure.hpp"

namespace tsc::fuzz {

inline void require_no_failures(std::string_view target, const std::vector<Failure>& failures) {
    if (failures.empty()) return;
    std::fprintf(stderr, "%s\n  replay:    build/dev/replay_%.*s <input file>\n", describe_all(failures).c_str(),
                 static_cast<int>(target.size()), target.data());
    std::abort();
}

}  // namespace tsc::fuzz
