// What every fuzz target shares: a divergence is printed for a person, then the target aborts
// so that libFuzzer keeps the input and the replay driver stops with a non-zero status.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

#include <fuzzer/FuzzedDataProvider.h>
#include <string_view>
#include <vector>

#include "conformance/harness/failure.hpp"

namespace tsc::fuzz {

// The most rows a tablet built from this input may have, in three tiers the input picks: most inputs
// stop at 16 rows (every bitmap tail, whole swap blocks of 4- and 8-byte values), one in nine goes up to
// 80 (whole 64-row bitmap words with every tail after them, past four swap blocks), one in 64 up to
// 2,000; never more rows than input bytes. A check's cost grows with its cells, so the rare large
// tablets would otherwise set the fuzzer's speed (a 2,000-row tablet costs as much as a thousand small ones).
inline std::size_t max_rows(FuzzedDataProvider& in, std::size_t input_size) {
    const unsigned tier = in.ConsumeIntegralInRange<unsigned>(0, 63);
    return std::min<std::size_t>(tier == 0 ? 2000 : tier < 8 ? 80 : 16, input_size);
}

inline void require_no_failures(std::string_view target, const std::vector<Failure>& failures) {
    if (failures.empty()) return;
    std::fprintf(stderr, "%s\n  replay:    build/dev/replay_%.*s <input file>\n", describe_all(failures).c_str(),
                 static_cast<int>(target.size()), target.data());
    std::abort();
}

}  // namespace tsc::fuzz
