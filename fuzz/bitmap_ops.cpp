// BitMap operation sequences against every subject. The input is a bitmap size, optional initial bytes
// and a list of operations (format: decode_fuzz_input in conformance/harness/bitmap_program.cpp, and
// corpora/tools/vectors_to_seeds.py, which writes the seed corpus); every subject that supports the size
// runs them next to the reference and is compared after each operation (check_program).
#include <cstddef>
#include <cstdint>

#include "conformance/harness/bitmap_checks.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const tsc::bitmap::Program program = tsc::bitmap::decode_fuzz_input({data, size});
    tsc::fuzz::require_no_failures("bitmap_ops", tsc::bitmap::check_program(program));
    return 0;
}
