// What every fuzz target shares: a divergence is printed for a person, then the target aborts
// so that libFuzzer keeps the input and the replay driver stops with a non-zero status.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <numeric>

#include <fuzzer/FuzzedDataProvider.h>
#include <span>
#include <string_view>
#include <vector>

#include "conformance/harness/failure.hpp"
#include "conformance/harness/operation.hpp"
#include "conformance/harness/registry.hpp"
#include "reference/common/bytes.hpp"

namespace tsc::fuzz {

// The most rows a tablet built from this input may have, in three tiers the input picks: most inputs
// stop at 16 rows (every bitmap tail, whole swap blocks of 4- and 8-byte values), one in nine goes up to
// 80 (whole 64-row bitmap words with every tail after them, past four swap blocks), one in 64 up to
// 2,000; and every row costs four input bytes. A check's cost grows with its cells, and past 64 rows
// they come from a seeded generator, so without that price a 250-byte input could be a 250-row tablet
// of 90 KB that costs as much as a hundred small ones, and the fuzzer would keep such inputs for their
// hit counts: the price keeps a check's cost in step with its input's length (libFuzzer's -len_control
// grows inputs as coverage stalls), and a 2,000-row tablet is 8,000 bytes, within -max_len.
inline std::size_t max_rows(FuzzedDataProvider& in, std::size_t input_size) {
    const unsigned tier = in.ConsumeIntegralInRange<unsigned>(0, 63);
    return std::min<std::size_t>(tier == 0 ? 2000 : tier < 8 ? 80 : 16, input_size / 4);
}

// One of the subjects under test, picked by the input (none when the family has none selected). An
// input checks one subject against the reference, which halves its cost with the two fast subjects,
// and the fuzzer still reaches each: its coverage tells their paths apart (the portable subject's
// byte-at-a-time loops, the native one's word loads and swaps).
template <class Subject>
std::span<Subject* const> one_subject(FuzzedDataProvider& in) {
    const std::vector<Subject*>& all = subjects_under_test<Subject>();
    if (all.empty()) return {};
    return std::span(all).subspan(in.ConsumeIntegralInRange<std::size_t>(0, all.size() - 1), 1);
}

// The same for a target whose input layout has no byte to spare for the choice (the decode targets
// read the layout of the golden vectors' fuzz inputs): the sum of the input's bytes picks, so that an
// input always picks the same subject, in the fuzzer and in the replay driver, and any mutation may
// move it to another.
template <class Subject>
std::span<Subject* const> one_subject(ByteView input) {
    const std::vector<Subject*>& all = subjects_under_test<Subject>();
    if (all.empty()) return {};
    const std::size_t sum = std::accumulate(input.begin(), input.end(), std::size_t{0});
    return std::span(all).subspan(sum % all.size(), 1);
}

inline void require_no_failures(std::string_view target, const std::vector<Failure>& failures) {
    if (failures.empty()) return;
    std::fprintf(stderr, "%s\n  replay:    build/dev/replay_%.*s <input file>\n", describe_all(failures).c_str(),
                 static_cast<int>(target.size()), target.data());
    std::abort();
}

// A decode target's whole work: the input read in the layout `FuzzInput` (a family's DecodeFuzzInput,
// ParseFuzzInput, ...), checked against one subject the input picks; an input the layout cannot
// read is skipped.
template <class FuzzInput>
void check_decoded(ByteView data) {
    using Op = typename FuzzInput::Op;
    if (const auto input = FuzzInput::decode(data))
        require_no_failures(FuzzInput::targets[0], check<Op>(one_subject<typename Op::Subject>(data), *input));
}

}  // namespace tsc::fuzz
