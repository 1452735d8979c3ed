// Storage that is grown, never shrunk, and never value-initialized: a fast subject's output buffer
// or working arrays, reused across calls so that a steady state allocates nothing, and not zeroed
// because every element handed out is written before it is read.
//   kSlack:     spare elements past the logical capacity, so that an unrolled loop may overshoot the
//               end by a few elements without a remainder loop;
//   kGeometric: grow by at least half the current capacity (amortized growth for arrays sized one
//               column at a time), rather than to exactly what is asked (one allocation of the exact
//               size, for a buffer sized once per call from a computed total).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace tsc::subjects::common {

template <class T = std::uint8_t, std::size_t kSlack = 0, bool kGeometric = false>
class GrowBuffer {
public:
    T* data() { return data_.get(); }
    const T* data() const { return data_.get(); }
    std::size_t capacity() const { return capacity_; }

    // Room for at least n elements (plus kSlack); the old contents are not kept when it grows.
    void grow_to(std::size_t n) {
        if (n <= capacity_) return;
        const std::size_t cap = kGeometric ? std::max(n, capacity_ + capacity_ / 2) : n;
        data_ = std::make_unique_for_overwrite<T[]>(cap + kSlack);
        capacity_ = cap;
    }

private:
    std::unique_ptr<T[]> data_;
    std::size_t capacity_ = 0;
};

}  // namespace tsc::subjects::common
