// Golden vectors: language-neutral JSON files under corpora/vectors/ (int64 as decimal strings,
// bytes as hex), read at run time so that a new case is a file, not a recompile.
#pragma once

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "reference/common/bytes.hpp"

namespace tsc {

// corpora/vectors/<family>.json of the source tree (TSCONFORM_VECTORS overrides the folder).
std::filesystem::path vector_file(const std::string& family);
nlohmann::json load_vectors(const std::string& family);

std::int64_t parse_int64(const nlohmann::json& decimal_string);
std::uint64_t parse_uint64(const nlohmann::json& decimal_string);
// A hex string's bytes; throws std::runtime_error when it is not hex.
Bytes parse_hex(const nlohmann::json& hex_string);

}  // namespace tsc
