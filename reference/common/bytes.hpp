// Model types shared by references and subjects: byte buffers and views.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace tsc {

using Bytes = std::vector<std::uint8_t>;
using ByteView = std::span<const std::uint8_t>;

}  // namespace tsc
