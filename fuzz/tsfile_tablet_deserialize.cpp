// Raw bytes against every TsFile Tablet deserializer, in the layout of
// conformance/harness/tsfile_tablet/operations.hpp (the layout byte first).
#include <cstddef>
#include <cstdint>

#include "conformance/harness/tsfile_tablet/operations.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using Layout = tsc::tsfile::DeserializeFuzzInput;
    if (const auto input = Layout::decode({data, size}))
        tsc::fuzz::require_no_failures(Layout::targets[0], tsc::check<Layout::Op>(*input));
    return 0;
}
