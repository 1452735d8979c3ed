// Bytes requested from the global operator new, which allocation_counter.cpp replaces in every
// binary that links it (the test binaries and the benchmarks). Lets a hostile-input test prove that
// a decoder sized no storage from an untrusted count, and a benchmark report bytes per call.
#pragma once

#include <cstddef>

namespace tsc::allocation {

// What a decoder may allocate on a hostile input that declares a huge count: 1 MB.
inline constexpr std::size_t kHostileInputLimit = 1 << 20;

void reset();
std::size_t bytes();

// What f() allocated, in bytes (frees are not subtracted).
template <class F>
std::size_t bytes_allocated_by(F&& f) {
    reset();
    f();
    return bytes();
}

}  // namespace tsc::allocation
