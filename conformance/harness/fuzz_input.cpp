#include "conformance/harness/fuzz_input.hpp"

#include <fstream>
#include <iterator>
#include <stdexcept>

namespace tsc {

std::filesystem::path seed_folder() { return std::filesystem::path(TSC_SOURCE_DIR) / "corpora/seeds"; }

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
