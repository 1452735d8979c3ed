#include "conformance/harness/difference.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "conformance/harness/encoding_text.hpp"

namespace tsc {
namespace {

constexpr std::size_t kWindow = 16;  // bytes shown on each side of a first difference

std::string window(ByteView bytes, std::size_t at) {
    const std::size_t from = at > kWindow ? at - kWindow : 0;
    const std::size_t to = std::min(bytes.size(), at + kWindow + 1);
    return fmt::format("{} bytes; [{}..{}): {}{}{}", bytes.size(), from, to, from > 0 ? "…" : "",
                       to_hex(bytes.subspan(from, to - from)), to < bytes.size() ? "…" : "");
}

}  // namespace

std::optional<Difference> compare_bytes(std::string_view what, ByteView e, ByteView a) {
    const std::size_t common = std::min(e.size(), a.size());
    for (std::size_t i = 0; i < common; ++i)
        if (e[i] != a[i])
            return Difference{fmt::format("{} byte {}", what, i), fmt::format("{:02x} ({})", e[i], window(e, i)),
                              fmt::format("{:02x} ({})", a[i], window(a, i))};
    if (e.size() != a.size())
        return Difference{fmt::format("{} length (first {} bytes equal)", what, common), window(e, common),
                          window(a, common)};
    return std::nullopt;
}

}  // namespace tsc
