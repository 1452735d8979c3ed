#include "conformance/harness/json_values.hpp"

#include <cctype>
#include <charconv>
#include <fstream>
#include <sstream>

#include "conformance/harness/encoding_text.hpp"

namespace tsc {
namespace {

constexpr std::size_t kShownChars = 80;

std::string shown(const Json& j) {
    std::string text = j.dump();
    if (text.size() > kShownChars) text = text.substr(0, kShownChars) + "…";
    return text;
}

std::string where(const std::string& path) { return path.empty() ? "the document" : "`" + path + "`"; }

}  // namespace

void JsonAt::mistyped(std::string_view expected) const {
    throw InputError(where(path_) + ": expected " + std::string(expected) + ", found " + shown(*json_));
}

void JsonAt::invalid(std::string_view what) const { throw InputError(where(path_) + ": " + std::string(what)); }

JsonAt JsonAt::operator[](std::string_view key) const {
    if (!json_->is_object()) mistyped("an object with field `" + std::string(key) + "`");
    const auto it = json_->find(key);
    const std::string path = path_.empty() ? std::string(key) : path_ + "." + std::string(key);
    if (it == json_->end()) throw InputError(where(path) + ": missing field");
    return JsonAt(*it, path);
}

std::optional<JsonAt> JsonAt::optional(std::string_view key) const {
    if (!has(key)) {
        if (!json_->is_object()) mistyped("an object");
        return std::nullopt;
    }
    return (*this)[key];
}

std::vector<JsonAt> JsonAt::elements(std::optional<std::size_t> size) const {
    if (!json_->is_array()) mistyped(size ? "an array of " + std::to_string(*size) : std::string("an array"));
    if (size && json_->size() != *size) mistyped("an array of " + std::to_string(*size));
    std::vector<JsonAt> out;
    out.reserve(json_->size());
    for (std::size_t i = 0; i < json_->size(); ++i) out.emplace_back((*json_)[i], path_ + "[" + std::to_string(i) + "]");
    return out;
}

std::string JsonAt::string() const {
    if (!json_->is_string()) mistyped("a string");
    return json_->get<std::string>();
}

bool JsonAt::boolean() const {
    if (!json_->is_boolean()) mistyped("true or false");
    return json_->get<bool>();
}

Bytes JsonAt::bytes() const {
    const auto b = json_->is_string() ? from_hex(json_->get_ref<const std::string&>()) : std::nullopt;
    if (!b) mistyped("bytes as a hex string");
    return *b;
}

JsonAt::Integer JsonAt::integer() const {
    if (json_->is_number_unsigned()) return {false, json_->get<std::uint64_t>()};
    if (!json_->is_number_integer()) mistyped("an integer");
    const std::int64_t v = json_->get<std::int64_t>();
    return {v < 0, v < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v)};
}

JsonAt::Integer JsonAt::decimal_text() const {
    if (!json_->is_string()) mistyped("an integer as a decimal string");
    std::string_view s = json_->get_ref<const std::string&>();
    Integer v;
    v.negative = s.starts_with('-');
    if (v.negative) s.remove_prefix(1);
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v.magnitude);
    if (s.empty() || !std::isdigit(static_cast<unsigned char>(s[0])) || end != s.data() + s.size())
        mistyped("an integer as a decimal string");
    if (ec != std::errc()) mistyped("an integer within 64 bits");
    return v;
}

const Json& field(const Json& object, std::string_view key) { return JsonAt(object)[key].json(); }

bool has_field(const Json& object, std::string_view key) { return object.is_object() && object.contains(key); }

std::string string_field(const Json& object, std::string_view key) { return JsonAt(object)[key].string(); }

Json int64_json(std::int64_t value) { return std::to_string(value); }
Json uint64_json(std::uint64_t value) { return std::to_string(value); }
Json bytes_json(ByteView bytes) { return to_hex(bytes); }

Json parse_json_text(const std::string& text, std::string_view what) {
    try {
        return Json::parse(text);
    } catch (const Json::exception& e) {  // a syntax error, or a number beyond a double (out_of_range)
        throw InputError(std::string(what) + " is not valid JSON: " + e.what());
    }
}

Json parse_json_argument(const std::string& text) {
    if (!text.starts_with('@')) return parse_json_text(text, "the input");
    std::ifstream in(text.substr(1));
    if (!in) throw InputError("cannot open " + text.substr(1));
    std::stringstream content;
    content << in.rdbuf();
    return parse_json_text(content.str(), text.substr(1));
}

}  // namespace tsc
