// Raw bytes against a TsFile Tablet deserializer the input picks (one_subject), in the layout of
// conformance/harness/tsfile_tablet/operations.hpp (the layout byte first).
#include <cstddef>
#include <cstdint>

#include "conformance/harness/tsfile_tablet/operations.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using Layout = tsc::tsfile::DeserializeFuzzInput;
    if (const auto input = Layout::decode({data, size}))
        tsc::fuzz::require_no_failures(Layout::targets[0], tsc::check<Layout::Op>(tsc::fuzz::one_subject<Layout::Op::Subject>({data, size}), *input));
    return 0;
}
