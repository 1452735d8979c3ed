#include "conformance/harness/tsfile_tablet/operations.hpp"

namespace tsc::tsfile {

std::optional<Deserialize::Input> DeserializeFuzzInput::decode(ByteView bytes) {
    if (bytes.empty()) return std::nullopt;
    return Deserialize::Input{Bytes(bytes.begin() + 1, bytes.end()), kLayouts[bytes[0] & 1u]};
}

std::optional<Bytes> DeserializeFuzzInput::encode(const Deserialize::Input& in) {
    Bytes out{static_cast<std::uint8_t>(in.layout == kLayouts[1] ? 1u : 0u)};
    out.insert(out.end(), in.bytes.begin(), in.bytes.end());
    return out;
}

}  // namespace tsc::tsfile
