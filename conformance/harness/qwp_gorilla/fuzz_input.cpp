#include "conformance/harness/qwp_gorilla/fuzz_input.hpp"

#include <limits>

namespace tsc::qwp {
namespace {

constexpr std::size_t kHeader = 5;

std::size_t profile_index(const Profile& p) {
    for (std::size_t i = 0; i < kProfiles.size(); ++i)
        if (kProfiles[i].name == p.name) return i;
    return 0;
}

}  // namespace

std::optional<Decode::Input> DecodeFuzzInput::decode(ByteView bytes) {
    if (bytes.size() < kHeader) return std::nullopt;
    const std::uint64_t rows = little_endian_at(bytes, 1, 4);
    return Decode::Input{Bytes(bytes.begin() + kHeader, bytes.end()),
                         {rows, (bytes[0] & 1u) != 0},
                         kProfiles[((bytes[0] >> 1) & 7u) % kProfiles.size()]};
}

std::optional<Bytes> DecodeFuzzInput::encode(const Decode::Input& in) {
    if (in.framing.row_count > std::numeric_limits<std::uint32_t>::max()) return std::nullopt;
    Bytes out{static_cast<std::uint8_t>((in.framing.gorilla_flag ? 1u : 0u) | (profile_index(in.profile) << 1))};
    append_little_endian(out, in.framing.row_count, 4);
    out.insert(out.end(), in.body.begin(), in.body.end());
    return out;
}

}  // namespace tsc::qwp
