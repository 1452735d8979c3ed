// The generated inputs of an operation, drawn from its family's producer (producer.hpp): what the
// cross-language runner sends besides the golden vectors. Each family specializes OperationInputs
// for its operations in conformance/inputs/<family>/operation_inputs.hpp:
//
//   static Op::Input generated(Source&, std::string_view profile);   // one case, under `profile`
//   static std::vector<Op::Input> truncations(Source&, std::string_view profile);   // decoders only:
//       one valid encoding cut to each of cut_lengths(its size), under `profile`
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "conformance/harness/operation.hpp"
#include "conformance/inputs/source.hpp"

namespace tsc::inputs {

template <class Op>
struct OperationInputs;  // no generated inputs unless a family specializes it

template <class Op>
concept HasGeneratedInputs = requires(Source& s, std::string_view p) {
    { OperationInputs<Op>::generated(s, p) } -> std::same_as<typename Op::Input>;
};

template <class Op>
concept HasTruncations = requires(Source& s, std::string_view p) {
    { OperationInputs<Op>::truncations(s, p) } -> std::same_as<std::vector<typename Op::Input>>;
};

// The input under another of its operation's profiles.
template <Operation Op>
typename Op::Input with_profile(const typename Op::Input& input, std::string_view profile) {
    return Op::input_of(Op::input_json(input), profile);
}

// The lengths a valid encoding of n bytes is cut to: every one of a short encoding, and of a long one
// the first and last 48 and 32 spread between (every field boundary of the head and the tail).
std::vector<std::size_t> cut_lengths(std::size_t n);

}  // namespace tsc::inputs
