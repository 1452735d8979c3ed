// Raw buffers against an IoTDB insertTablet parser the input picks (one_subject), in the layout of
// conformance/harness/iotdb_tablet/operations.hpp (parser profile, column types and row count first).
#include <cstddef>
#include <cstdint>

#include "conformance/harness/iotdb_tablet/operations.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    tsc::fuzz::check_decoded<tsc::iotdb::ParseFuzzInput>({data, size});
    return 0;
}
