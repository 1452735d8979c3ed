// Gorilla codes read from 64-bit windows, the pieces of the fast QWP decoder (qwp_gorilla/decoder.hpp)
// that know the code layout (spec qwp-gorilla.md §2.3):
//   - the 16-entry table indexed by the low 4 bits of a window: code length and the two shifts that
//     extract and sign-extend the payload;
//   - Uniform<bucket>: one mask test for the K codes of a bucket that fit in a window, and their
//     payloads extracted by constant shifts;
//   - runs of zero codes: counted with count-trailing-zeros, emitted by a 4-lane arithmetic fill.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "subjects/api/mutant.hpp"
#include "subjects/fast/qwp_gorilla/memory.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {
namespace qwp_detail {

// ---- Gorilla code table (§2.3) --------------------------------------------------------------------

// Indexed by the low 4 bits of the window (the first four bits of the code, in read order).
//   len: total code length (prefix + payload);
//   lsh, rsh: payload = int64(window << lsh) >> rsh: the left shift drops everything above the
//   code, the arithmetic right shift drops the prefix and sign-extends bit width−1 (§2.3).
// The zero code "0" uses lsh = rsh = 63: bit 0 of the window is the prefix bit itself, 0, so the
// result is 0 with no special case and no shift by 64.
struct CodeEntry {
    std::uint8_t len;
    std::uint8_t lsh;
    std::uint8_t rsh;
    std::uint8_t pad;
};

constexpr CodeEntry code_entry(unsigned low4) {
    unsigned prefix = 0;  // prefix length
    unsigned width = 0;   // payload width
    if ((low4 & 1u) == 0) {
        return CodeEntry{1, 63, 63, 0};  // "0": DoD == 0
    } else if ((low4 & 3u) == 1) {
        prefix = 2, width = 7;   // "10"
    } else if ((low4 & 7u) == 3) {
        prefix = 3, width = 9;   // "110"
    } else if ((low4 & 15u) == 7) {
        prefix = 4, width = 12;  // "1110"
    } else {
        prefix = 4, width = 32;  // "1111"
    }
    return CodeEntry{static_cast<std::uint8_t>(prefix + width), static_cast<std::uint8_t>(64 - prefix - width),
                     static_cast<std::uint8_t>(64 - width), 0};
}

struct CodeTable {
    CodeEntry e[limits::kCodeTableSize];
};

constexpr CodeTable make_code_table() {
    CodeTable t{};
    for (unsigned i = 0; i < limits::kCodeTableSize; ++i) t.e[i] = code_entry(i);
    return t;
}

inline constexpr CodeTable kCodeTable = make_code_table();

// The longest code is 36 bits. A window loaded at bit offset sh (0..7) holds 64 − sh ≥ 57 valid
// bits, so a code that starts at most 57 − 36 = 21 bits into a window lies wholly inside it.
inline constexpr unsigned kMaxCode = limits::kMaxCodeBits;
inline constexpr unsigned kWindowBits = limits::kWindowBits;
inline constexpr unsigned kSafeStart = limits::kSafeStartBits;  // 21

// The low bits of a window that are all zero when it starts a counted zero run.
inline constexpr std::uint64_t kCountedZeroRunMask = (std::uint64_t{1} << limits::kCountedZeroRunMin) - 1;

// Sign-extends the payload that `top` holds in its highest bits (payload = top >> rsh, §2.3).
TSC_QWP_INLINE std::uint64_t sign_extend_top(std::uint64_t top, unsigned rsh) {
    if constexpr (tsc::mutant("qwp_no_sign_extension")) {
        return top >> rsh;  // MUTANT qwp_no_sign_extension: logical shift, the payload is not sign-extended
    } else {
        return static_cast<std::uint64_t>(static_cast<std::int64_t>(top) >> rsh);
    }
}

TSC_QWP_INLINE std::uint64_t extract_dod(std::uint64_t window, const CodeEntry& e) {
    return sign_extend_top(window << e.lsh, e.rsh);
}

// Uniform windows. Real timestamp columns keep one bucket for long stretches (a jittered interval
// stays in the 9-bit code, an irregular one in the 36-bit code). For each non-zero bucket, one mask
// test tells how many of the K codes that surely fit in a window (K·len ≤ 57) carry that bucket's
// prefix. Their payloads sit at fixed offsets and are extracted by shifts that do not depend on one
// another, and when all K match, the bit position advances by the constant K·len: the next load's
// address waits only for a well-predicted branch, not for the decoded data.
template <unsigned kBucket>
struct Uniform {
    static constexpr unsigned kPrefix = kBucket == 0 ? 2 : kBucket == 1 ? 3 : 4;
    static constexpr std::uint64_t kPattern = kBucket == 0 ? 0b01 : kBucket == 1 ? 0b011 : kBucket == 2 ? 0b0111 : 0b1111;
    static constexpr unsigned kWidth = kBucket == 0 ? 7 : kBucket == 1 ? 9 : kBucket == 2 ? 12 : 32;
    static constexpr unsigned kLen = kPrefix + kWidth;
    static constexpr unsigned kCount = kWindowBits / kLen;  // 6, 4, 3, 1
    static constexpr std::uint64_t mask_sum(std::uint64_t v) {
        std::uint64_t m = 0;
        for (unsigned j = 0; j < kCount; ++j) m |= v << (j * kLen);
        return m;
    }
    static constexpr std::uint64_t kFirstMask = (std::uint64_t{1} << kPrefix) - 1;
    static constexpr std::uint64_t kMask = mask_sum(kFirstMask);
    static constexpr std::uint64_t kExpect = mask_sum(kPattern);

    // Whether all kCount codes of w belong to this bucket.
    static TSC_QWP_INLINE bool matches(std::uint64_t w) { return (w & kMask) == kExpect; }

    // How many leading codes of w (1..kCount) belong to this bucket, given that the first one does.
    static TSC_QWP_INLINE unsigned leading(std::uint64_t w) {
        const std::uint64_t mismatch = ((w & kMask) ^ kExpect) | (std::uint64_t{1} << (kCount * kLen));
        return static_cast<unsigned>(std::countr_zero(mismatch)) / kLen;
    }

    // Emits all kCount codes of w into out[0, kCount): constant shifts, fully unrolled.
    static TSC_QWP_INLINE void emit_all(std::uint64_t w, std::int64_t* out, std::uint64_t& ts, std::uint64_t& delta) {
        [&]<unsigned... j>(std::integer_sequence<unsigned, j...>) {
            const std::uint64_t dods[] = {sign_extend_top(w << (64 - (j + 1) * kLen), 64 - kWidth)...};
            ((delta += dods[j], ts += delta, out[j] = static_cast<std::int64_t>(ts)), ...);
        }(std::make_integer_sequence<unsigned, kCount>{});
    }

    // Emits the first g (< kCount) codes of w.
    static TSC_QWP_INLINE void emit_some(std::uint64_t w, unsigned g, std::int64_t* out, std::uint64_t& ts,
                                         std::uint64_t& delta) {
        for (unsigned j = 0; j < g; ++j) {
            delta += sign_extend_top((w >> (j * kLen)) << (64 - kLen), 64 - kWidth);
            ts += delta;
            out[j] = static_cast<std::int64_t>(ts);
        }
    }
};

// out[k] = ts + (k+1)·delta for k in [0, run): two 2-lane vectors (GCC/clang vector extension,
// lowered to scalars where the target has no vector unit), 4 values per step; may write up to 3
// elements past `run` (into storage slack or into slots that are written again later).
TSC_QWP_INLINE void fill_run(std::int64_t* out, std::uint64_t run, std::uint64_t ts, std::uint64_t delta) {
    static_assert(limits::kFillStep == 4, "four values per step below");
#if defined(__GNUC__) || defined(__clang__)
    using V2 = std::uint64_t __attribute__((vector_size(16)));
    V2 a = {ts + delta, ts + 2 * delta};
    V2 b = {ts + 3 * delta, ts + 4 * delta};
    V2 step = {4 * delta, 4 * delta};
    if constexpr (tsc::mutant("qwp_fill_step_two_lanes")) {
        step = V2{2 * delta, 2 * delta};  // MUTANT qwp_fill_step_two_lanes: the step of a 2-lane fill
    }
    for (std::uint64_t k = 0; k < run; k += limits::kFillStep) {
        std::memcpy(out + k, &a, 16);
        std::memcpy(out + k + 2, &b, 16);
        a += step;
        b += step;
    }
#else
    std::uint64_t a = ts + delta, b = a + delta, c = b + delta, d = c + delta;
    const std::uint64_t step = delta * 4;
    for (std::uint64_t k = 0; k < run; k += limits::kFillStep) {
        out[k + 0] = static_cast<std::int64_t>(a);
        out[k + 1] = static_cast<std::int64_t>(b);
        out[k + 2] = static_cast<std::int64_t>(c);
        out[k + 3] = static_cast<std::int64_t>(d);
        a += step, b += step, c += step, d += step;
    }
#endif
}

// z (0..3) zero codes: three unconditional stores, the state advanced by z·delta.
TSC_QWP_INLINE void emit_zeros3(std::int64_t* out, unsigned z, std::uint64_t& ts, std::uint64_t delta) {
    out[0] = static_cast<std::int64_t>(ts + delta);
    out[1] = static_cast<std::int64_t>(ts + 2 * delta);
    out[2] = static_cast<std::int64_t>(ts + 3 * delta);
    ts += z * delta;
}

// A window: the 64 bits at bit offset `bitpos` of s, as one 8-byte little-endian load. The caller
// guarantees the 8 bytes are inside the input; the low 64 − (bitpos & 7) ≥ 57 bits are valid.
template <bool kPortable>
TSC_QWP_INLINE std::uint64_t window_at(const std::uint8_t* s, std::uint64_t bitpos) {
    return load_le64<kPortable>(s + (bitpos >> 3)) >> (bitpos & 7);
}

// The length of the run of zero codes at bit `bitpos` of s (w is the window there), at most
// `remaining`: counted with count-trailing-zeros, eight bytes at a time, while 8-byte loads fit.
template <bool kPortable>
std::uint64_t zero_run_length(const std::uint8_t* s, std::uint64_t bitpos, std::uint64_t w, std::uint64_t remaining,
                              std::size_t last_load) {
    constexpr unsigned kBits = limits::kZeroRunBitsPerLoad;
    unsigned z = static_cast<unsigned>(std::countr_zero(w | (std::uint64_t{1} << kBits)));  // ≤ 56 valid bits
    std::uint64_t run = z;
    while (z == kBits && run < remaining) {
        const std::uint64_t q = bitpos + run;
        if ((q >> 3) > last_load) break;
        if constexpr (tsc::mutant("qwp_zero_run_unmasked_reload")) {
            // MUTANT qwp_zero_run_unmasked_reload: a later load counts all 64 bits, the up to 7 zeros
            // shifted in above its valid bits included
            z = static_cast<unsigned>(std::countr_zero(window_at<kPortable>(s, q)));
        } else {
            z = static_cast<unsigned>(std::countr_zero(window_at<kPortable>(s, q) | (std::uint64_t{1} << kBits)));
        }
        run += z;
    }
    return run < remaining ? run : remaining;
}

}  // namespace qwp_detail
}  // namespace tsc::subjects::TSC_SUBJECT_NS
