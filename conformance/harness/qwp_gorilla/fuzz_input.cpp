#include "conformance/harness/qwp_gorilla/operations.hpp"

#include <limits>

namespace tsc::qwp {
constexpr std::size_t kHeader = 5;

std::optional<Decode::Input> DecodeFuzzInput::decode(ByteView bytes) {
    if (bytes.size() < kHeader) return std::nullopt;
    const std::uint64_t rows = little_endian_at(bytes, 1, 4);
    return Decode::Input{Bytes(bytes.begin() + kHeader, bytes.end()),
                         {rows, (bytes[0] & 1u) != 0},
                         kProfiles[((bytes[0] >> 1) & 7u) % kProfiles.size()]};
}

std::optional<Bytes> DecodeFuzzInput::encode(const Decode::Input& in) {
    if (in.framing.row_count > std::numeric_limits<std::uint32_t>::max()) return std::nullopt;
    Bytes out{static_cast<std::uint8_t>((in.framing.gorilla_flag ? 1u : 0u) | (index_named(kProfiles, in.profile.name) << 1))};
    append_little_endian(out, in.framing.row_count, 4);
    out.insert(out.end(), in.body.begin(), in.body.end());
    return out;
}

}  // namespace tsc::qwp
