#include "conformance/harness/difference.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "conformance/harness/encoding_text.hpp"

namespace tsc {
namespace {

constexpr std::size_t kWindow = 16;  // bytes shown on each side of a first difference
constexpr std::size_t kBriefLength = 240;  // characters of a JSON value a report shows
constexpr std::size_t kShortBytes = 8;     // hex strings up to this many bytes are shown whole

bool is_hex_bytes(const Json& j) {
    if (!j.is_string()) return false;
    const auto& s = j.get_ref<const std::string&>();
    return s.size() > 2 * kShortBytes && s.size() % 2 == 0 &&
           s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

std::string member(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

std::string window(ByteView bytes, std::size_t at) {
    const std::size_t from = at > kWindow ? at - kWindow : 0;
    const std::size_t to = std::min(bytes.size(), at + kWindow + 1);
    return fmt::format("{} bytes; [{}..{}): {}{}{}", bytes.size(), from, to, from > 0 ? "…" : "",
                       to_hex(bytes.subspan(from, to - from)), to < bytes.size() ? "…" : "");
}

}  // namespace

std::string brief(const Json& json) {
    std::string text = json.dump(-1, ' ', false, Json::error_handler_t::replace);
    if (text.size() > kBriefLength) text = text.substr(0, kBriefLength) + fmt::format("… ({} characters)", text.size());
    return text;
}

std::optional<Difference> compare_json(const Json& e, const Json& a, const std::string& path) {
    const std::string where = path.empty() ? "outcome" : path;
    if (e.type() != a.type() && !(e.is_number() && a.is_number())) return Difference{where, brief(e), brief(a)};
    if (e.is_object()) {
        for (const auto& [key, value] : e.items()) {
            if (!a.contains(key)) return Difference{member(path, key), brief(value), "(no such field)"};
            if (auto d = compare_json(value, a[key], member(path, key))) return d;
        }
        for (const auto& [key, value] : a.items())
            if (!e.contains(key)) return Difference{member(path, key), "(no such field)", brief(value)};
        return std::nullopt;
    }
    if (e.is_array()) {
        for (std::size_t i = 0; i < e.size() && i < a.size(); ++i)
            if (auto d = compare_json(e[i], a[i], fmt::format("{}[{}]", path, i))) return d;
        if (e.size() != a.size())
            return Difference{fmt::format("{} length (first {} equal)", where, std::min(e.size(), a.size())),
                              std::to_string(e.size()), std::to_string(a.size())};
        return std::nullopt;
    }
    if (e == a) return std::nullopt;
    if (is_hex_bytes(e) && is_hex_bytes(a))
        return compare_bytes(where, *from_hex(e.get<std::string>()), *from_hex(a.get<std::string>()));
    return Difference{where, brief(e), brief(a)};
}

std::optional<Difference> compare_bytes(std::string_view what, ByteView e, ByteView a) {
    // memcmp first: in a fuzz build the byte loop costs an instrumented compare a byte.
    if (e.size() == a.size() && (e.empty() || std::memcmp(e.data(), a.data(), e.size()) == 0)) return std::nullopt;
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
