// Bytes requested from the global operator new, which hostile_test.cpp replaces for the whole
// test binary. Lets a test prove that a deserializer sized no storage from an untrusted count.
#pragma once

#include <cstddef>

namespace tsc::tsfile::test {

void reset_allocated_bytes();
std::size_t allocated_bytes();

inline constexpr std::size_t kAllocationLimit = 1 << 20;  // 1 MB

}  // namespace tsc::tsfile::test
