// The one JSON spelling of the values every family shares (Arrow integration's rules): int64 and
// uint64 as decimal strings, bytes as lowercase hex, enums by their model names. Vectors, the
// protocol, the CLI and failure dumps all read and write through these. A missing or mistyped
// field throws std::invalid_argument naming the field and what was found.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "reference/common/bytes.hpp"

namespace tsc {

using Json = nlohmann::json;

// object[key], or an error naming the key and the object's keys.
const Json& field(const Json& object, std::string_view key);
bool has_field(const Json& object, std::string_view key);

std::string string_field(const Json& object, std::string_view key);
bool bool_field(const Json& object, std::string_view key);

// Decimal strings, checked for range: "-1" is not a uint64, "99999999999999999999" is no integer here.
std::int64_t int64_of(const Json& decimal_string);
std::uint64_t uint64_of(const Json& decimal_string);
Json int64_json(std::int64_t value);
Json uint64_json(std::uint64_t value);

// Lowercase hex; any case is read.
Bytes bytes_of(const Json& hex_string);
Json bytes_json(ByteView bytes);

// A JSON document from text, or from the file named after an `@` (the CLI's long inputs).
Json parse_json_argument(const std::string& text);

}  // namespace tsc
