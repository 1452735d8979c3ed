// Byte reversal of whole arrays of 4- or 8-byte lanes with AVX2, for the big-endian wire formats'
// fast subjects on little-endian x86-64 hosts. Why: neither gcc nor clang vectorizes a bswap loop
// for the baseline x86-64 ISA, and the scalar loop runs at about a third of memcpy speed; one
// shuffle per 32 bytes writes a DOUBLE column at copy speed. Chosen at run time (host_has_avx2), so
// the build stays baseline. Shared by the subjects, never by the reference; no seeded bug lives
// here (a family that seeds one in its lane order calls these functions differently).
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define TSC_LANE_SWAP_AVX2 1

namespace tsc::subjects::common::lane_swap {

// Bytes per step: one 256-bit register.
inline constexpr std::size_t kBlockBytes = 32;

inline bool host_has_avx2() {
    static const bool yes = __builtin_cpu_supports("avx2");
    return yes;
}

// Reverses the bytes of every W-byte lane of the whole 32-byte blocks of n values; returns how many
// values it did (the caller does the rest). With kCanonicalNaN, a lane holding a NaN of the IEEE
// format of its width becomes the canonical NaN first (Java's floatToIntBits / doubleToLongBits):
// the lane without its sign bit compares above the infinity pattern exactly when it is a NaN, and a
// signed compare is right for it because that top bit is clear.
template <unsigned W, bool kCanonicalNaN = false>
__attribute__((target("avx2"))) std::size_t reverse_avx2(std::uint8_t* out, const std::uint8_t* in,
                                                         std::size_t n) {
    static_assert(W == 4 || W == 8);
    const __m256i order = W == 8
                              ? _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3,
                                                 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8)
                              : _mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, 3, 2, 1, 0, 7,
                                                 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    static_assert(sizeof(__m256i) == kBlockBytes);
    const std::size_t blocks = n * W / kBlockBytes;
    for (std::size_t k = 0; k < blocks; ++k) {
        __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + kBlockBytes * k));
        if constexpr (kCanonicalNaN) {  // constants: hoisted out of the loop
            const __m256i magnitude = W == 8 ? _mm256_set1_epi64x(0x7fffffffffffffff) : _mm256_set1_epi32(0x7fffffff);
            const __m256i infinity = W == 8 ? _mm256_set1_epi64x(0x7ff0000000000000) : _mm256_set1_epi32(0x7f800000);
            const __m256i canonical = W == 8 ? _mm256_set1_epi64x(0x7ff8000000000000) : _mm256_set1_epi32(0x7fc00000);
            const __m256i m = _mm256_and_si256(v, magnitude);
            const __m256i nan = W == 8 ? _mm256_cmpgt_epi64(m, infinity) : _mm256_cmpgt_epi32(m, infinity);
            v = _mm256_blendv_epi8(v, canonical, nan);
        }
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + kBlockBytes * k), _mm256_shuffle_epi8(v, order));
    }
    return blocks * kBlockBytes / W;
}

}  // namespace tsc::subjects::common::lane_swap
#endif
