// Raw column bodies against every QWP Gorilla decoder.
// Input: byte 0 bit 0 = FLAG_GORILLA, bits 1-3 = profile index (mod the profile count);
// bytes 1-4 = row_count, uint32 little-endian; the rest = the column body.
// corpora/tools/vectors_to_seeds.py writes the seed corpus in this format.
#include <cstddef>
#include <cstdint>

#include "conformance/harness/qwp_gorilla/operations.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace tsc::qwp;
    if (size < 5) return 0;
    const Profile& profile = kProfiles[((data[0] >> 1) & 7u) % kProfiles.size()];
    std::uint64_t rows = 0;
    for (int i = 0; i < 4; ++i) rows |= static_cast<std::uint64_t>(data[1 + i]) << (8 * i);
    const Framing framing{rows, (data[0] & 1u) != 0};
    tsc::fuzz::require_no_failures("qwp_gorilla_decode", tsc::check<Decode>({tsc::Bytes(data + 5, data + size), framing, profile}));
    return 0;
}
