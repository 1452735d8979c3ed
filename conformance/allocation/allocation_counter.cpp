#include "conformance/allocation/allocation_counter.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
// Relaxed: the count is read by the thread that made the allocations it cares about.
std::atomic<std::size_t> g_allocated{0};
}  // namespace

// Never inlined: gcc would then pair malloc/free with new/delete and warn (-Wmismatched-new-delete).
[[gnu::noinline]] void* operator new(std::size_t size) {
    g_allocated.fetch_add(size, std::memory_order_relaxed);
    if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
    throw std::bad_alloc();
}
// The nothrow form too (std::stable_sort's temporary buffer takes it): a sanitizer runtime's own
// would hand out memory its allocator then sees freed here with free() (alloc-dealloc-mismatch).
[[gnu::noinline]] void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    g_allocated.fetch_add(size, std::memory_order_relaxed);
    return std::malloc(size == 0 ? 1 : size);
}
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace tsc::allocation {

void reset() { g_allocated.store(0, std::memory_order_relaxed); }
std::size_t bytes() { return g_allocated.load(std::memory_order_relaxed); }

}  // namespace tsc::allocation
