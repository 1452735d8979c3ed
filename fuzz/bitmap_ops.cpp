// BitMap operation sequences against every subject, in the layout of
// conformance/harness/bitmap/operations.hpp (a size, optional initial bytes, then operations): every
// subject that supports the size runs them next to the reference under the profile it claims and is
// compared after each operation (check_program).
#include <cstddef>
#include <cstdint>

#include "conformance/harness/bitmap/operations.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using Layout = tsc::bitmap::ProgramFuzzInput;
    if (const auto input = Layout::decode({data, size}))
        tsc::fuzz::require_no_failures(Layout::targets[0], tsc::bitmap::check_program(input->program));
    return 0;
}
