// The input layout of fuzz/bitmap_ops.cpp (conformance/harness/fuzz_input.hpp):
//
//   offset  size  field
//   0       2     size selector, uint16 little-endian (size = value % (kFuzzMaxSize + 1))
//   2       1     flags: bit 0 = initial bytes follow (size/8+1 of them); bits 1-3 = the profile index
//                 of the program's vector (reference/bitmap/model.hpp kProfiles); bits 4-7 ignored
//   3       n     the initial bytes, if flag bit 0
//   ...           operations to the end of the input, each: an opcode byte (bits 0-4 = index in kOps,
//                 mod its size; bit 7 = raw int32 LE arguments instead of scaled uint16 ones: u16 %
//                 (size + 3) - 1, i.e. -1 .. size + 1, where boundaries live), a bitmap value for
//                 merge/equals/equalsInRange (uint16 LE size selector, then size/8+1 bytes), the int
//                 arguments, and for orFailedRows up to ceil(length/8) row bytes. An operation the input
//                 ends inside is dropped.
//
// The target checks every subject under the profile it claims (check_program), whatever the profile
// bits say: they only let a seed name the vector it came from. Decoding never allocates more than the
// input holds. Seeds are written with raw arguments.
#pragma once

#include <array>
#include <optional>

#include "conformance/harness/bitmap/operations.hpp"

namespace tsc::bitmap {

inline constexpr std::int32_t kFuzzMaxSize = 8192;

struct ProgramFuzzInput {
    static constexpr std::string_view target = "bitmap_ops";
    static constexpr std::array<std::string_view, 1> also_seeds{"bitmap_programs"};
    using Op = RunProgram;
    static std::optional<RunProgram::Input> decode(ByteView bytes);
    static std::optional<Bytes> encode(const RunProgram::Input& input);
};

}  // namespace tsc::bitmap
