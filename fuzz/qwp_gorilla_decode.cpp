// Raw column bodies against a QWP Gorilla decoder the input picks (one_subject), in the layout of
// conformance/harness/qwp_gorilla/operations.hpp (profile, FLAG_GORILLA and row count first).
#include <cstddef>
#include <cstdint>

#include "conformance/harness/qwp_gorilla/operations.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using Layout = tsc::qwp::DecodeFuzzInput;
    if (const auto input = Layout::decode({data, size}))
        tsc::fuzz::require_no_failures(Layout::targets[0], tsc::check<Layout::Op>(tsc::fuzz::one_subject<Layout::Op::Subject>({data, size}), *input));
    return 0;
}
