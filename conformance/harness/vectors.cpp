#include "conformance/harness/vectors.hpp"

#include <charconv>
#include <fstream>
#include <stdexcept>

#include "conformance/harness/encoding_text.hpp"

namespace tsc {

std::filesystem::path vector_file(const std::string& family) {
    const char* dir = std::getenv("TSCONFORM_VECTORS");
    const std::filesystem::path base = dir && *dir ? dir : std::filesystem::path(TSC_SOURCE_DIR) / "corpora/vectors";
    return base / (family + ".json");
}

nlohmann::json load_vectors(const std::string& family) {
    const std::filesystem::path path = vector_file(family);
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open vector file " + path.string());
    return nlohmann::json::parse(in);
}

namespace {
template <class Int>
Int parse_decimal(const nlohmann::json& j) {
    const std::string& s = j.get_ref<const std::string&>();
    Int value{};
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc() || end != s.data() + s.size()) throw std::runtime_error("not a decimal integer: " + s);
    return value;
}
}  // namespace

std::int64_t parse_int64(const nlohmann::json& j) { return parse_decimal<std::int64_t>(j); }
std::uint64_t parse_uint64(const nlohmann::json& j) { return parse_decimal<std::uint64_t>(j); }

Bytes parse_hex(const nlohmann::json& j) {
    const auto bytes = from_hex(j.get<std::string>());
    if (!bytes) throw std::runtime_error("not hex: " + j.dump());
    return *bytes;
}

}  // namespace tsc
