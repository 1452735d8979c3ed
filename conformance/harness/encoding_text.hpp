// Text forms of bytes for reports, vectors and the CLI: hex and base64.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "reference/common/bytes.hpp"

namespace tsc {

std::string to_hex(ByteView bytes);
// Accepts upper or lower case and ignores spaces; nullopt on any other character or an odd count.
std::optional<Bytes> from_hex(std::string_view text);
std::string to_base64(ByteView bytes);

}  // namespace tsc
