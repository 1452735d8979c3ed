// Raw column bodies against a QWP Gorilla decoder the input picks (one_subject), in the layout of
// conformance/harness/qwp_gorilla/operations.hpp (profile, FLAG_GORILLA and row count first).
#include <cstddef>
#include <cstdint>

#include "conformance/harness/qwp_gorilla/operations.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    tsc::fuzz::check_decoded<tsc::qwp::DecodeFuzzInput>({data, size});
    return 0;
}
