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

// The most rows a tablet built from this input may have: one input in 16 may go up to 2,000 rows,
// the rest stop at 256, which still has every fast-path shape (whole 64-row bitmap words, every
// tail, several swap blocks); no more rows than input bytes. The check's cost grows with the rows,
// so small tablets keep the fuzzer fast while large ones stay reachable.
inline std::size_t max_rows(FuzzedDataProvider& in, std::size_t input_size) {
    const bool large = in.ConsumeIntegralInRange<unsigned>(0, 15) == 0;
    return std::min<std::size_t>(large ? 2000 : 256, input_size);
}

inline void require_no_failures(std::string_view target, const std::vector<Failure>& failures) {
    if (failures.empty()) return;
    std::fprintf(stderr, "%s\n  replay:    build/dev/replay_%.*s <input file>\n", describe_all(failures).c_str(),
                 static_cast<int>(target.size()), target.data());
    std::abort();
}

}  // namespace tsc::fuzz
