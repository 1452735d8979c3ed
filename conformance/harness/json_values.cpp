#include "conformance/harness/json_values.hpp"

#include <charconv>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "conformance/harness/encoding_text.hpp"

namespace tsc {
namespace {

[[noreturn]] void mistyped(std::string_view expected, const Json& found) {
    std::string shown = found.dump();
    if (shown.size() > 80) shown = shown.substr(0, 80) + "…";
    throw std::invalid_argument("expected " + std::string(expected) + ", found " + shown);
}

template <class Int>
Int decimal_of(const Json& j, std::string_view what) {
    if (!j.is_string()) mistyped(std::string(what) + " as a decimal string", j);
    const std::string& s = j.get_ref<const std::string&>();
    Int value{};
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc() || end != s.data() + s.size() || s.empty()) mistyped(what, j);
    return value;
}

}  // namespace

const Json& field(const Json& object, std::string_view key) {
    if (!object.is_object()) mistyped("an object with field `" + std::string(key) + "`", object);
    const auto it = object.find(key);
    if (it == object.end()) throw std::invalid_argument("missing field `" + std::string(key) + "`");
    return *it;
}

bool has_field(const Json& object, std::string_view key) { return object.is_object() && object.contains(key); }

std::string string_field(const Json& object, std::string_view key) {
    const Json& j = field(object, key);
    if (!j.is_string()) mistyped("field `" + std::string(key) + "` as a string", j);
    return j.get<std::string>();
}

bool bool_field(const Json& object, std::string_view key) {
    const Json& j = field(object, key);
    if (!j.is_boolean()) mistyped("field `" + std::string(key) + "` as true or false", j);
    return j.get<bool>();
}

std::int64_t int64_of(const Json& j) { return decimal_of<std::int64_t>(j, "an int64"); }
std::uint64_t uint64_of(const Json& j) { return decimal_of<std::uint64_t>(j, "a uint64"); }
Json int64_json(std::int64_t value) { return std::to_string(value); }
Json uint64_json(std::uint64_t value) { return std::to_string(value); }

Bytes bytes_of(const Json& j) {
    if (!j.is_string()) mistyped("bytes as a hex string", j);
    const auto bytes = from_hex(j.get_ref<const std::string&>());
    if (!bytes) mistyped("bytes as a hex string", j);
    return *bytes;
}

Json bytes_json(ByteView bytes) { return to_hex(bytes); }

Json parse_json_argument(const std::string& text) {
    if (!text.starts_with('@')) return Json::parse(text);
    std::ifstream in(text.substr(1));
    if (!in) throw std::invalid_argument("cannot open " + text.substr(1));
    std::stringstream content;
    content << in.rdbuf();
    return Json::parse(content.str());
}

}  // namespace tsc
