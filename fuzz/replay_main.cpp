// Engine-free driver: runs a fuzz target once on every file named, or found under the folders
// named, in a stable order. Lets gcc, valgrind and qemu-s390x replay corpora as plain tests.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "conformance/harness/failure.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> inputs_in(const fs::path& arg) {
    std::vector<fs::path> files;
    if (fs::is_directory(arg)) {
        for (const auto& entry : fs::recursive_directory_iterator(arg))
            if (entry.is_regular_file()) files.push_back(entry.path());
        std::sort(files.begin(), files.end());
    } else {
        files.push_back(arg);
    }
    return files;
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t count = 0;
    for (int i = 1; i < argc; ++i)
        for (const fs::path& file : inputs_in(argv[i])) {
            std::ifstream in(file, std::ios::binary);
            if (!in) {
                std::fprintf(stderr, "cannot read %s\n", file.c_str());
                return 2;
            }
            // An exactly sized heap copy: a read past the end is a sanitizer error, as under libFuzzer.
            const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
            auto* data = new std::uint8_t[bytes.size()];
            std::copy(bytes.begin(), bytes.end(), data);
            tsc::set_current_input_path(file.string());
            LLVMFuzzerTestOneInput(data, bytes.size());
            delete[] data;
            ++count;
        }
    tsc::set_current_input_path("");
    std::printf("%s: replayed %zu inputs\n", argc > 0 ? argv[0] : "replay", count);
    return count > 0 ? 0 : 1;
}
