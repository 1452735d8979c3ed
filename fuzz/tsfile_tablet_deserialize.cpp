// Raw bytes against every TsFile Tablet deserializer.
// Input: byte 0 bit 0 = layout (0 newest, 1 v15201a9d), other bits zero in seeds; the rest = the
// serialized tablet. corpora/tools/vectors_to_seeds.py writes the seed corpus in this format.
#include <cstddef>
#include <cstdint>

#include "conformance/harness/tsfile_tablet_checks.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace tsc::tsfile;
    if (size < 1) return 0;
    const Layout layout = kLayouts[data[0] & 1u];
    tsc::fuzz::require_no_failures("tsfile_tablet_deserialize", check_deserialize({data + 1, size - 1}, layout));
    return 0;
}
