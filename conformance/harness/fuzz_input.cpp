#include "conformance/harness/fuzz_input.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace tsc {

std::filesystem::path seed_folder() { return std::filesystem::path(TSC_SOURCE_DIR) / "corpora/seeds"; }

bool is_campaign_input(std::string_view file_name) {
    return file_name.size() == 40 && std::all_of(file_name.begin(), file_name.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

std::uint64_t little_endian_at(ByteView bytes, std::size_t at, std::size_t width) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < width; ++i) v |= static_cast<std::uint64_t>(bytes[at + i]) << (8 * i);
    return v;
}

void append_little_endian(Bytes& out, std::uint64_t value, std::size_t width) {
    for (std::size_t i = 0; i < width; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

void write_file(const std::filesystem::path& path, ByteView bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

Bytes read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::invalid_argument("cannot open " + path.string());
    return Bytes(std::istreambuf_iterator<char>(in), {});
}

}  // namespace tsc
