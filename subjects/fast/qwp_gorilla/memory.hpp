// Memory access of the fast QWP codec (qwp_gorilla/codec.hpp): little-endian loads and stores of
// int64 values in the two variants, and the storage both halves reuse from one column to the next.
//
// kPortable = false: a memcpy load on little-endian hosts, memcpy + __builtin_bswap64 on big-endian
// hosts, bulk memcpy of raw values on little-endian hosts. kPortable = true: every multi-byte value
// is assembled or split one byte at a time.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

#include "subjects/api/mutant.hpp"
#include "subjects/fast/common/grow_buffer.hpp"
#include "subjects/fast/qwp_gorilla/thresholds.hpp"

#if defined(__GNUC__) || defined(__clang__)
#define TSC_QWP_INLINE inline __attribute__((always_inline))
// For a lambda over the decoder's running state: were it left out of line (GCC does so for the
// portable variant, whose byte-wise loads look bigger to the inliner), that state would live in
// memory for the whole loop.
#define TSC_QWP_LAMBDA_INLINE __attribute__((always_inline))
#define TSC_QWP_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define TSC_QWP_INLINE inline
#define TSC_QWP_LAMBDA_INLINE
#define TSC_QWP_UNLIKELY(x) (x)
#endif

namespace tsc::subjects::TSC_SUBJECT_NS {

namespace qwp_detail {

namespace limits = tsc::thresholds::qwp_gorilla;

static_assert(std::endian::native == std::endian::little || std::endian::native == std::endian::big,
              "mixed-endian hosts are not supported");

inline constexpr bool kLittleHost = std::endian::native == std::endian::little;

// ---- little-endian loads and stores -------------------------------------------------------------

template <bool kPortable>
TSC_QWP_INLINE std::uint64_t load_le64(const std::uint8_t* p) {
    if constexpr (!kPortable && kLittleHost) {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        return v;
    } else if constexpr (!kPortable) {  // big-endian host
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        if constexpr (tsc::mutant("qwp_big_endian_swap_skipped")) {
            return v;  // MUTANT qwp_big_endian_swap_skipped: the byte swap is forgotten
        } else {
            return __builtin_bswap64(v);
        }
    } else {
        // One byte at a time, written out so that compilers may still fuse it into one load.
        return static_cast<std::uint64_t>(p[0]) | static_cast<std::uint64_t>(p[1]) << 8 |
               static_cast<std::uint64_t>(p[2]) << 16 | static_cast<std::uint64_t>(p[3]) << 24 |
               static_cast<std::uint64_t>(p[4]) << 32 | static_cast<std::uint64_t>(p[5]) << 40 |
               static_cast<std::uint64_t>(p[6]) << 48 | static_cast<std::uint64_t>(p[7]) << 56;
    }
}

template <bool kPortable>
TSC_QWP_INLINE void store_le64(std::uint8_t* p, std::uint64_t v) {
    if constexpr (!kPortable && kLittleHost) {
        std::memcpy(p, &v, 8);
    } else if constexpr (!kPortable) {
        v = __builtin_bswap64(v);
        std::memcpy(p, &v, 8);
    } else {
        p[0] = static_cast<std::uint8_t>(v);
        p[1] = static_cast<std::uint8_t>(v >> 8);
        p[2] = static_cast<std::uint8_t>(v >> 16);
        p[3] = static_cast<std::uint8_t>(v >> 24);
        p[4] = static_cast<std::uint8_t>(v >> 32);
        p[5] = static_cast<std::uint8_t>(v >> 40);
        p[6] = static_cast<std::uint8_t>(v >> 48);
        p[7] = static_cast<std::uint8_t>(v >> 56);
    }
}

// n little-endian int64 values from `in` to `out` (decoder, raw payload).
template <bool kPortable>
inline void load_values_le(std::int64_t* out, const std::uint8_t* in, std::size_t n) {
    if constexpr (!kPortable && kLittleHost) {
        if (n != 0) std::memcpy(out, in, n * 8);
    } else {
        for (std::size_t k = 0; k < n; ++k) out[k] = static_cast<std::int64_t>(load_le64<kPortable>(in + 8 * k));
    }
}

// n int64 values to `out` as little-endian bytes (encoder, raw payload).
template <bool kPortable>
inline void store_values_le(std::uint8_t* out, const std::int64_t* in, std::size_t n) {
    if constexpr (!kPortable && kLittleHost) {
        if (n != 0) std::memcpy(out, in, n * 8);
    } else {
        for (std::size_t k = 0; k < n; ++k) store_le64<kPortable>(out + 8 * k, static_cast<std::uint64_t>(in[k]));
    }
}

// Storage that is grown, never shrunk, never value-initialized (common/grow_buffer.hpp): every array
// carries limits::kSlack spare elements so that unrolled loops may overshoot the end by a few elements
// without a remainder loop, and grows by at least half, since arrays are sized one column at a time.
template <class T>
using GrowBuffer = common::GrowBuffer<T, limits::kSlack, true>;

}  // namespace qwp_detail

}  // namespace tsc::subjects::TSC_SUBJECT_NS
