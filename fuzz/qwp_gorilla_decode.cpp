// Raw column bodies against every QWP Gorilla decoder, in the layout of
// conformance/harness/qwp_gorilla/operations.hpp (profile, FLAG_GORILLA and row count first).
#include <cstddef>
#include <cstdint>

#include "conformance/harness/qwp_gorilla/operations.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using Layout = tsc::qwp::DecodeFuzzInput;
    if (const auto input = Layout::decode({data, size}))
        tsc::fuzz::require_no_failures(Layout::targets[0], tsc::check<Layout::Op>(*input));
    return 0;
}
