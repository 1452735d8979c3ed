// Raw bytes against a TsFile Tablet deserializer the input picks (one_subject), in the layout of
// conformance/harness/tsfile_tablet/operations.hpp (the layout byte first).
#include <cstddef>
#include <cstdint>

#include "conformance/harness/tsfile_tablet/operations.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    tsc::fuzz::check_decoded<tsc::tsfile::DeserializeFuzzInput>({data, size});
    return 0;
}
