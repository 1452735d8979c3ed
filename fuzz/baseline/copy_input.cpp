// The floor every fuzz target is measured against (ci/fuzz-speed.sh): it copies its input into a
// vector and nothing more, so its exec/s is what the engine and the sanitizers cost on this machine.
#include <cstddef>
#include <cstdint>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static volatile std::uint8_t sink;  // the copy is read, so that it is not optimized away
    const std::vector<std::uint8_t> copy(data, data + size);
    if (!copy.empty()) sink = copy.back();
    return 0;
}
