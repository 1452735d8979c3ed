// The optimized QWP timestamp column codec (spec qwp-gorilla.md §1.6, §2, §3, §4 D2/D3, §7).
//
// A subject: it shares only the model types with the reference, never its logic. Everything lives in
// namespace tsc::subjects::TSC_SUBJECT_NS so that a mutant build (subjects/api/mutant.hpp) compiles
// this same source into a namespace of its own.
//
// kPortable = false: native-endian fast paths (a memcpy load on little-endian hosts, memcpy +
// __builtin_bswap64 on big-endian hosts, bulk memcpy of raw values on little-endian hosts).
// kPortable = true: those paths are compiled out and every multi-byte value is assembled or split one
// byte at a time, so both variants are compared on every host (as xxHash forces each backend).
//
// Decoder
//   - bit reader: a 64-bit window loaded with one 8-byte little-endian load at the current bit
//     position, 57+ valid bits (byte-by-byte only for the last < 8 bytes of the input, through a
//     zero-padded copy);
//   - uniform windows: the first code of a window picks its bucket; one mask test tells whether the
//     K codes that fit in the window (6 × 9-bit, 4 × 12-bit, 3 × 16-bit) all share that bucket.
//     If so, their payloads are extracted by constant shifts, independent of one another, and the
//     bit position advances by a constant, so the next load does not wait for decoded data. The
//     bucket's loop runs while windows stay uniform; a window that is not gives the leading codes
//     of that bucket, and a jittered interval's occasional zero code after them is taken at once.
//     36-bit codes (one per window) are loaded four windows at a time;
//   - runs of zero codes (constant interval) are counted with count-trailing-zeros, eight bytes at a
//     time, and emitted in one step by a 4-lane arithmetic fill;
//   - the last 32 bytes / 16 codes: a 16-entry table indexed by the low 4 bits of the window gives
//     code length and the two shifts that extract and sign-extend the payload: a table load, two
//     shifts and two adds per code, no branch on the bucket; the last < 8 bytes go through a
//     zero-padded copy with an explicit bound;
//   - no storage is sized before the input is known to hold it: null bitmap, seeds, one bit per code
//     (Gorilla) or n×8 bytes (raw) are checked first, in the order that gives the reference's class;
//   - values and bitmap storage are members, grown when a later column is larger, never shrunk.
// Encoder
//   - one pass into a reused buffer; a 64-bit accumulator to which each code (prefix and payload
//     merged into one field of at most 36 bits) is added, followed by an unconditional 8-byte
//     little-endian store that advances by the whole bytes completed;
//   - the bucket and the int32 test come from one table load indexed by the highest set bit of the
//     delta-of-delta's magnitude; a value outside int32 rolls the column back to raw (§2.8);
//   - runs of zero delta-of-deltas are found four values at a time and emitted as one bit count.
// All arithmetic on timestamps wraps through uint64_t; no shift is ever by 64 or more.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <utility>

#include "reference/qwp_gorilla/model.hpp"
#include "subjects/fast/qwp_gorilla/thresholds.hpp"
#include "subjects/api/mutant.hpp"

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

// ---- storage that is grown, never shrunk, and never value-initialized ---------------------------

// Every array carries limits::kSlack spare elements past its logical capacity so that unrolled loops may
// overshoot the end by a few elements without a remainder loop.
template <class T>
class GrowBuffer {
public:
    T* data() { return data_.get(); }
    const T* data() const { return data_.get(); }
    std::size_t capacity() const { return capacity_; }
    // Makes room for n elements (plus slack), growing by at least half; old contents are not kept.
    void grow_to(std::size_t n) {
        if (n <= capacity_) return;
        const std::size_t cap = std::max(n, capacity_ + capacity_ / 2);
        data_ = std::make_unique_for_overwrite<T[]>(cap + limits::kSlack);
        capacity_ = cap;
    }

private:
    std::unique_ptr<T[]> data_;
    std::size_t capacity_ = 0;
};

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
    const V2 step = {4 * delta, 4 * delta};
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
        z = static_cast<unsigned>(std::countr_zero(window_at<kPortable>(s, q) | (std::uint64_t{1} << kBits)));
        run += z;
    }
    return run < remaining ? run : remaining;
}

// Decodes `codes` codes (n−2) of the bitstream s[0, len) into out[0, codes), starting from
// ts = t1 and delta = t1 − t0 (§2.1, §2.4).
// Precondition: codes ≤ 8·len (at least one bit per code, checked by the caller); out has codes + 8
// writable slots. Returns the number of bits read, or UINT64_MAX if the bitstream runs out (§3.1).
//
// Three regions:
//   fast:    while at least 16 codes and 32 bytes remain. The first code of a window picks its
//            bucket's loop over uniform windows (Uniform), or a zero run;
//   general: while an 8-byte load fits. Branch-free table decoding, and zero runs;
//   tail:    the last < 8 bytes, copied into a zero-padded buffer, decoded with an explicit bound.
template <bool kPortable>
std::uint64_t decode_codes(const std::uint8_t* s, std::size_t len, std::int64_t* out, std::uint64_t codes,
                           std::uint64_t ts, std::uint64_t delta) {
    const CodeEntry* const table = kCodeTable.e;
    std::uint64_t i = 0;
    std::uint64_t bitpos = 0;

    // Table decoding of the codes of window w that surely lie inside it (at least one); returns
    // the bits used. One table load and two shifts per code, no branch on the bucket.
    const auto table_codes = [&](std::uint64_t w) {
        unsigned used = 0;
        do {
            const CodeEntry e = table[w & 15u];
            delta += extract_dod(w, e);
            w >>= e.len;
            used += e.len;
            if constexpr (tsc::mutant("qwp_int32_carry_dropped")) {
                // MUTANT qwp_int32_carry_dropped: int64 added as two int32 halves, the low carry lost
                ts = (((ts >> 32) + (delta >> 32)) << 32) | ((ts + delta) & 0xffffffffu);
            } else {
                ts += delta;
            }
            out[i++] = static_cast<std::int64_t>(ts);
        } while (used <= kSafeStart && i < codes);
        bitpos += used;
    };

    // A run of zero codes starting at bitpos (w is the window there, its low byte zero), emitted
    // in one step. zero_run_length touches no decoder state: inlined or not, that stays in registers.
    const auto zero_run = [&](std::uint64_t w, std::size_t last_load) TSC_QWP_LAMBDA_INLINE {
        const std::uint64_t run = zero_run_length<kPortable>(s, bitpos, w, codes - i, last_load);
        fill_run(out + i, run, ts, delta);
        ts += run * delta;
        i += run;
        bitpos += run;
    };

    if (len >= limits::kLoadBytes) {
        const std::size_t last_load = len - limits::kLoadBytes;  // highest byte offset an 8-byte load may start at

        // Fast region: i + 16 ≤ codes and bytes [bitpos/8, bitpos/8 + 32) inside the input, so
        // that no step below needs a bound of its own.
        if (len >= limits::kFastRegionBytes && codes >= limits::kFastRegionCodes) {
            const std::uint64_t bit_limit = static_cast<std::uint64_t>(len - limits::kFastRegionBytes) * 8;
            const std::uint64_t code_limit = codes - limits::kFastRegionCodes;
            const auto in_fast_region = [&] { return i <= code_limit && bitpos <= bit_limit; };

            // Windows of bucket U, starting with v (whose first code is of bucket U), while they
            // are uniform; then the leading codes of bucket U of the next window, and the zero
            // codes (up to three) that may follow them: a jittered interval repeats itself now and
            // then, and this keeps the common case in the loop.
            const auto bucket_run = [&](auto bucket, std::uint64_t v) {
                using U = decltype(bucket);
                while (U::matches(v)) {
                    U::emit_all(v, out + i, ts, delta);
                    i += U::kCount;
                    bitpos += U::kCount * U::kLen;
                    if (!in_fast_region()) return;
                    v = window_at<kPortable>(s, bitpos);
                }
                if ((v & U::kFirstMask) != U::kPattern) return;
                const unsigned g = U::leading(v);  // 1 .. kCount−1
                U::emit_some(v, g, out + i, ts, delta);
                i += g;
                bitpos += g * U::kLen;
                // (kCount−1)·len + 3 ≤ 57: the bits of three more codes are still valid in v.
                const std::uint64_t rest = v >> (g * U::kLen);
                if ((rest & 1u) == 0 && (rest & kCountedZeroRunMask) != 0) {
                    constexpr std::uint64_t kStop = std::uint64_t{1} << limits::kZerosAfterBucketRun;
                    const unsigned z = static_cast<unsigned>(std::countr_zero(rest | kStop));  // 1..3
                    emit_zeros3(out + i, z, ts, delta);
                    i += z;
                    bitpos += z;
                }
            };

            while (in_fast_region()) {
                const std::uint64_t w = window_at<kPortable>(s, bitpos);
                const unsigned low = static_cast<unsigned>(w) & 15u;
                if (low == 0b1111) {
                    // 32-bit bucket (36-bit codes), one per window: the next windows' addresses are
                    // known without decoding; four are loaded and taken while all hold 36-bit codes.
                    using U = Uniform<3>;
                    U::emit_all(w, out + i, ts, delta);
                    i += 1;
                    bitpos += U::kLen;
                    static_assert(limits::kWideCodeWindowsPerStep == 4, "four windows below");
                    while (in_fast_region()) {
                        const std::uint64_t w0 = window_at<kPortable>(s, bitpos);
                        const std::uint64_t w1 = window_at<kPortable>(s, bitpos + U::kLen);
                        const std::uint64_t w2 = window_at<kPortable>(s, bitpos + 2 * U::kLen);
                        const std::uint64_t w3 = window_at<kPortable>(s, bitpos + 3 * U::kLen);
                        if ((w0 & w1 & w2 & w3 & 15u) != 15u) break;
                        U::emit_all(w0, out + i, ts, delta);
                        U::emit_all(w1, out + i + 1, ts, delta);
                        U::emit_all(w2, out + i + 2, ts, delta);
                        U::emit_all(w3, out + i + 3, ts, delta);
                        i += limits::kWideCodeWindowsPerStep;
                        bitpos += limits::kWideCodeWindowsPerStep * U::kLen;
                    }
                } else if ((low & 3u) == 1u) {
                    bucket_run(Uniform<0>{}, w);  // 7-bit bucket, 9-bit codes
                } else if ((low & 1u) == 0) {
                    if ((w & kCountedZeroRunMask) == 0) {
                        zero_run(w, last_load);
                    } else {
                        // 1–7 zero codes: the next window starts at the code after them.
                        const unsigned z = static_cast<unsigned>(std::countr_zero(w));
                        fill_run(out + i, z, ts, delta);
                        ts += z * delta;
                        i += z;
                        bitpos += z;
                    }
                } else if (low == 0b0111) {
                    bucket_run(Uniform<2>{}, w);  // 12-bit bucket, 16-bit codes
                } else {
                    bucket_run(Uniform<1>{}, w);  // 9-bit bucket, 12-bit codes
                }
            }
        }

        // General region: every window is one 8-byte load wholly inside the input.
        while (i < codes && (bitpos >> 3) <= last_load) {
            const std::uint64_t w = window_at<kPortable>(s, bitpos);
            if ((w & kCountedZeroRunMask) == 0)
                zero_run(w, last_load);
            else
                table_codes(w);
        }
    }

    // Tail: fewer than 8 bytes remain at the read position. Copy them into a zero-padded buffer and
    // decode with an explicit bound; the padding reads as zero codes, which the bound clamps.
    if (i < codes) {
        const std::size_t start = static_cast<std::size_t>(bitpos >> 3);
        const std::size_t rem = len - start;  // < 8 here
        std::uint8_t buf[limits::kTailBufferBytes] = {};
        std::memcpy(buf, s + start, rem);
        const std::uint64_t limit = static_cast<std::uint64_t>(rem) * 8;
        std::uint64_t lb = bitpos & 7;
        while (i < codes) {
            const std::uint64_t w = window_at<kPortable>(buf, lb);
            if ((w & 1u) == 0) {
                std::uint64_t run =
                    static_cast<unsigned>(std::countr_zero(w | (std::uint64_t{1} << limits::kZeroRunBitsPerLoad)));
                run = std::min({run, limit - lb, codes - i});
                if (run == 0) return UINT64_MAX;  // lb == limit: no bit left
                fill_run(out + i, run, ts, delta);
                ts += run * delta;
                i += run;
                lb += run;
                continue;
            }
            const CodeEntry e = table[w & 15u];
            if (lb + e.len > limit) return UINT64_MAX;
            delta += extract_dod(w, e);
            lb += e.len;
            ts += delta;
            out[i++] = static_cast<std::int64_t>(ts);
        }
        bitpos = static_cast<std::uint64_t>(start) * 8 + lb;
    }
    return bitpos;
}

}  // namespace qwp_detail

// ==================================================================================================
// Decoder
// ==================================================================================================

template <bool kPortable>
class QwpGorillaDecoder {
public:
    // Decodes one column body (§2.7). The result stays valid until the next call.
    qwp::ErrorClass decode(ByteView in, const qwp::Framing& framing, const qwp::Profile& profile);

    qwp::ErrorClass error() const { return error_; }
    std::span<const std::int64_t> values() const { return {values_.data(), count_}; }
    // Bytes of the input that belong to the column (a partly used last byte counts, §2.5).
    // On a truncation error: the whole input, as a byte-at-a-time reader would have read it all.
    std::size_t consumed() const { return consumed_; }
    qwp::Encoding encoding() const { return encoding_; }
    std::uint64_t row_count() const { return row_count_; }
    bool has_null_bitmap() const { return has_bitmap_; }
    // ceil(row_count/8) bytes, the bits past row_count zero; empty without a bitmap.
    std::span<const std::uint8_t> null_bitmap() const { return {bitmap_.data(), bitmap_size_}; }

private:
    qwp::ErrorClass fail(qwp::ErrorClass e) {
        error_ = e;
        return e;
    }
    // Room for n values; returns how many values the storage will hold.
    std::uint64_t reserve_values(std::uint64_t n) {
        if (n <= values_.capacity()) return n;
        if constexpr (tsc::mutant("qwp_storage_not_grown")) {
            // MUTANT qwp_storage_not_grown: once storage exists it is reused without growing; the
            // decoder decodes only as many values as fit.
            if (values_.capacity() != 0) return values_.capacity();
        }
        values_.grow_to(static_cast<std::size_t>(n));
        return n;
    }
    std::size_t bytes_up_to_bit(std::size_t base, std::uint64_t bits) const {
        if constexpr (tsc::mutant("qwp_consumed_rounded_down")) {
            return base + static_cast<std::size_t>(bits >> 3);  // MUTANT qwp_consumed_rounded_down
        } else {
            return base + static_cast<std::size_t>((bits >> 3) + ((bits & 7) != 0 ? 1 : 0));
        }
    }

    qwp_detail::GrowBuffer<std::int64_t> values_;
    qwp_detail::GrowBuffer<std::uint8_t> bitmap_;
    std::size_t count_ = 0;
    std::size_t bitmap_size_ = 0;
    std::size_t consumed_ = 0;
    std::uint64_t row_count_ = 0;
    qwp::ErrorClass error_ = qwp::ErrorClass::ok;
    qwp::Encoding encoding_ = qwp::Encoding::none;
    bool has_bitmap_ = false;
};

template <bool kPortable>
qwp::ErrorClass QwpGorillaDecoder<kPortable>::decode(ByteView in, const qwp::Framing& framing,
                                                     const qwp::Profile& profile) {
    using qwp::ErrorClass;
    const std::uint8_t* const p = in.data();
    const std::size_t size = in.size();
    const std::uint64_t rows = framing.row_count;
    count_ = 0;
    bitmap_size_ = 0;
    consumed_ = 0;
    has_bitmap_ = false;
    row_count_ = rows;
    encoding_ = qwp::Encoding::none;
    error_ = ErrorClass::ok;

    // §1.6 null flag and bitmap.
    if (size == 0) return fail(ErrorClass::missing_null_flag);
    std::size_t pos = 1;
    std::uint64_t nulls = 0;
    if (p[0] != 0) {
        if (p[0] != 1 && profile.null_flag == qwp::NullFlagPolicy::only_0_or_1)
            return fail(ErrorClass::invalid_null_flag);  // §4 D3
        const std::uint64_t bm = (rows >> 3) + ((rows & 7) != 0 ? 1 : 0);
        if (bm > size - pos) return fail(ErrorClass::truncated_null_bitmap);
        const std::size_t nbm = static_cast<std::size_t>(bm);
        bitmap_.grow_to(nbm);
        std::uint8_t* const b = bitmap_.data();
        if (nbm != 0) std::memcpy(b, p + pos, nbm);
        if ((rows & 7) != 0) b[nbm - 1] = static_cast<std::uint8_t>(b[nbm - 1] & ((1u << (rows & 7)) - 1u));  // §1.5
        // Population count does not depend on byte order: whole native words, then the last bytes.
        std::size_t k = 0;
        for (; k + 8 <= nbm; k += 8) {
            std::uint64_t word;
            std::memcpy(&word, b + k, 8);
            nulls += static_cast<unsigned>(std::popcount(word));
        }
        for (; k < nbm; ++k) nulls += static_cast<unsigned>(std::popcount(static_cast<unsigned>(b[k])));
        has_bitmap_ = true;
        bitmap_size_ = nbm;
        pos += nbm;
    }
    const std::uint64_t n = rows - nulls;  // §1.5 value_count

    // §1.6 enc_flag.
    bool gorilla = false;
    if (framing.gorilla_flag) {
        if (pos >= size) return fail(ErrorClass::missing_encoding_flag);
        const std::uint8_t enc = p[pos++];
        if (enc > 1) return fail(ErrorClass::unknown_encoding);
        gorilla = enc == 1;
        encoding_ = gorilla ? qwp::Encoding::gorilla : qwp::Encoding::raw;
    }
    const std::size_t avail = size - pos;

    if (!gorilla) {  // §1.6 raw: n × int64 LE
        if (n > avail / 8) {
            consumed_ = size;
            return fail(ErrorClass::truncated_raw_values);
        }
        const std::uint64_t m = reserve_values(n);
        qwp_detail::load_values_le<kPortable>(values_.data(), p + pos, static_cast<std::size_t>(m));
        count_ = static_cast<std::size_t>(m);
        consumed_ = pos + static_cast<std::size_t>(m) * 8;
        return ErrorClass::ok;
    }

    // §2.1 / §4 D2: the profile's policy for fewer than three values comes before any read.
    bool accepted = true;
    switch (profile.few_values) {
        case qwp::FewValuesPolicy::reject_below_3: accepted = n >= 3; break;
        case qwp::FewValuesPolicy::accept_all: accepted = true; break;
        case qwp::FewValuesPolicy::accept_2_only: accepted = n >= 2; break;
    }
    if (!accepted) {
        consumed_ = pos;
        return fail(ErrorClass::gorilla_too_few_values);
    }
    // Seeds first (a reader fails on them before any code), then one bit per code.
    const std::uint64_t seeds = n < 2 ? n : 2;
    if (avail < seeds * 8) {
        consumed_ = size;
        return fail(ErrorClass::truncated_seeds);
    }
    if (n >= 3) {
        const std::uint64_t codes = n - 2;
        const std::uint64_t min_bytes = (codes >> 3) + ((codes & 7) != 0 ? 1 : 0);
        if (min_bytes > avail - 16) {
            consumed_ = size;
            return fail(ErrorClass::truncated_bitstream);
        }
    }

    const std::uint64_t m = reserve_values(n);  // bounded by 8·size + 2 now
    std::int64_t* const out = values_.data();
    const std::uint64_t t0 = m > 0 ? qwp_detail::load_le64<kPortable>(p + pos) : 0;
    const std::uint64_t t1 = m > 1 ? qwp_detail::load_le64<kPortable>(p + pos + 8) : 0;
    if (m > 0) out[0] = static_cast<std::int64_t>(t0);
    if (m > 1) out[1] = static_cast<std::int64_t>(t1);
    if (n < 3 || m < 3) {
        count_ = static_cast<std::size_t>(m);
        consumed_ = pos + static_cast<std::size_t>(m < seeds ? m : seeds) * 8;
        return ErrorClass::ok;
    }
    const std::size_t stream = pos + 16;
    const std::uint64_t bits =
        qwp_detail::decode_codes<kPortable>(p + stream, size - stream, out + 2, m - 2, t1, t1 - t0);
    if (bits == UINT64_MAX) {
        consumed_ = size;
        return fail(ErrorClass::truncated_bitstream);
    }
    if constexpr (tsc::mutant("qwp_padding_trusted")) {
        // MUTANT qwp_padding_trusted: a final byte with non-zero padding bits is taken for a
        // truncated stream (§2.5: padding bits are never checked)
        if ((bits & 7) != 0 && (p[stream + (bits >> 3)] >> (bits & 7)) != 0) return fail(ErrorClass::truncated_bitstream);
    }
    count_ = static_cast<std::size_t>(m);
    consumed_ = bytes_up_to_bit(stream, bits);
    return ErrorClass::ok;
}

// ==================================================================================================
// Encoder
// ==================================================================================================

template <bool kPortable>
class QwpGorillaEncoder {
public:
    // Encodes one column body (§1.6, §2.6, §2.8). The bytes stay valid until the next call.
    std::span<const std::uint8_t> encode(const qwp::Column& column, bool gorilla_flag);
    std::span<const std::uint8_t> bytes() const { return {out_.data(), size_}; }

private:
    // Writes the Gorilla payload after enc_flag at out+pos; returns the end position, or 0 if a
    // delta-of-delta does not fit int32 (§2.8), in which case the caller rolls back to raw.
    std::size_t write_gorilla(std::uint8_t* out, std::size_t pos, const std::int64_t* t, std::size_t n);

    qwp_detail::GrowBuffer<std::uint8_t> out_;
    std::size_t size_ = 0;
};

namespace qwp_detail {

// §2.3 encoding of a non-zero delta-of-delta: one field of len ≤ 36 bits holding the prefix (read
// order, LSB first) and the payload: ((dod << plen) | prefix) & lenmask.
struct BucketCode {
    std::uint64_t lenmask;
    std::uint8_t plen;
    std::uint8_t prefix;
    std::uint8_t len;
    bool fits;  // false: the delta-of-delta is outside int32 (§2.8)
};

constexpr BucketCode bucket_code(unsigned bucket) {
    // MUTANT qwp_prefix_msb_first: prefixes written as read-order MSB first ("10" as 0b10, …)
    constexpr bool kMsbFirst = tsc::mutant("qwp_prefix_msb_first");
    constexpr std::uint8_t kPrefix[4] = {kMsbFirst ? 0b10 : 0b01, kMsbFirst ? 0b110 : 0b011,
                                         kMsbFirst ? 0b1110 : 0b0111, 0b1111};
    constexpr std::uint8_t kPlen[4] = {2, 3, 4, 4};
    constexpr std::uint8_t kWidth[4] = {7, 9, 12, 32};
    if (bucket > 3) return BucketCode{0, 0, 0, 0, false};
    const unsigned len = kPlen[bucket] + kWidth[bucket];
    return BucketCode{(std::uint64_t{1} << len) - 1, kPlen[bucket], kPrefix[bucket], static_cast<std::uint8_t>(len),
                      true};
}

// Indexed by the position of the highest set bit of m = dod ^ (dod >> 63) (the magnitude, one less
// for negatives), or of 1 when m = 0: m < 2^6 fits 7 bits two's complement, m < 2^8 fits 9,
// m < 2^11 fits 12, m < 2^31 fits int32. One table load chooses the bucket and tests int32.
struct BucketTable {
    BucketCode e[limits::kBucketTableSize];
};

constexpr BucketTable make_bucket_table() {
    BucketTable t{};
    for (unsigned top = 0; top < limits::kBucketTableSize; ++top)
        t.e[top] = bucket_code(top <= 5 ? 0 : top <= 7 ? 1 : top <= 10 ? 2 : top <= 30 ? 3 : 4);
    return t;
}

inline constexpr BucketTable kBucketTable = make_bucket_table();

TSC_QWP_INLINE const BucketCode& bucket_of(std::uint64_t dod) {
    if constexpr (tsc::mutant("qwp_bucket_bounds_63_64")) {
        // MUTANT qwp_bucket_bounds_63_64: the historical [−63, 64] / [−255, 256] / [−2047, 2048] (§4 D1)
        static constexpr BucketCode kCodes[5] = {bucket_code(0), bucket_code(1), bucket_code(2), bucket_code(3),
                                                 bucket_code(4)};
        const unsigned bucket = dod + 0x80000000u > 0xFFFFFFFFu ? 4
                                : static_cast<unsigned>(dod + 63 >= 128) + static_cast<unsigned>(dod + 255 >= 512) +
                                      static_cast<unsigned>(dod + 2047 >= 4096);
        return kCodes[bucket];
    } else {
        const std::uint64_t m = dod ^ static_cast<std::uint64_t>(static_cast<std::int64_t>(dod) >> 63);
        return kBucketTable.e[63 - std::countl_zero(m | 1u)];
    }
}

}  // namespace qwp_detail

template <bool kPortable>
std::size_t QwpGorillaEncoder<kPortable>::write_gorilla(std::uint8_t* out, std::size_t pos, const std::int64_t* t,
                                                        std::size_t n) {
    using qwp_detail::store_le64;
    const auto u = [t](std::size_t k) { return static_cast<std::uint64_t>(t[k]); };
    store_le64<kPortable>(out + pos, u(0));  // §2.1 seeds
    store_le64<kPortable>(out + pos + 8, u(1));
    std::uint8_t* o = out + pos + 16;
    // Invariant: acc holds nb < 8 pending bits; everything before o is final.
    std::uint64_t acc = 0;
    unsigned nb = 0;
    std::uint64_t delta = u(1) - u(0);
    std::size_t i = 2;
    while (i < n) {
        const std::uint64_t d = u(i) - u(i - 1);
        const std::uint64_t dod = d - delta;
        if (dod == 0) {
            // A run of zero codes: find its end four values at a time, emit it as one bit count.
            std::size_t j = i + 1;
            static_assert(qwp_detail::limits::kEncoderZeroRunStep == 4, "four values per step below");
            while (j + qwp_detail::limits::kEncoderZeroRunStep <= n && ((u(j) - u(j - 1) - delta) | (u(j + 1) - u(j) - delta) |
                                  (u(j + 2) - u(j + 1) - delta) | (u(j + 3) - u(j + 2) - delta)) == 0)
                j += qwp_detail::limits::kEncoderZeroRunStep;
            while (j < n && u(j) - u(j - 1) == delta) ++j;
            const std::uint64_t total = nb + static_cast<std::uint64_t>(j - i);
            if (total >= 8) {
                // acc's nb bits then zeros: whole bytes are acc's low byte followed by zero bytes.
                const std::size_t whole = static_cast<std::size_t>(total >> 3);
                store_le64<kPortable>(o, acc);  // bytes 1..7 of it are zero
                if (whole > 8) std::memset(o + 8, 0, whole - 8);
                o += whole;
                acc = 0;
            }
            nb = static_cast<unsigned>(total & 7);
            i = j;
            continue;
        }
        const qwp_detail::BucketCode& b = qwp_detail::bucket_of(dod);
        if (TSC_QWP_UNLIKELY(!b.fits)) return 0;  // §2.8: outside int32
        const std::uint64_t code = ((dod << b.plen) | b.prefix) & b.lenmask;
        acc |= code << nb;  // nb + len ≤ 7 + 36 < 64
        nb += b.len;
        store_le64<kPortable>(o, acc);
        o += nb >> 3;
        acc >>= nb & ~7u;  // ≤ 40
        nb &= 7;
        delta = d;
        ++i;
    }
    // §2.5 zero padding. The mutant is Prometheus' bstream bug (prometheus#14854): a zero byte
    // appended when the stream already ends on a byte boundary.
    if (nb != 0 || tsc::mutant("qwp_spurious_zero_byte_on_boundary")) *o++ = static_cast<std::uint8_t>(acc);
    return static_cast<std::size_t>(o - out);
}

template <bool kPortable>
std::span<const std::uint8_t> QwpGorillaEncoder<kPortable>::encode(const qwp::Column& column, bool gorilla_flag) {
    const std::size_t n = column.values.size();
    const std::uint64_t rows = column.row_count;
    const std::size_t bm = column.has_null_bitmap ? static_cast<std::size_t>((rows >> 3) + ((rows & 7) != 0 ? 1 : 0)) : 0;
    // Raw is the larger of the two payloads (§2.8: 16 + ceil(36(n−2)/8) < 8n for n ≥ 3); +8 slack
    // for the unconditional 8-byte stores.
    out_.grow_to(2 + bm + 8 * n + 8);
    std::uint8_t* const out = out_.data();
    std::size_t pos = 0;

    // §1.6 null section; the bits past row_count are zero (bytes missing from the model read as 0).
    out[pos++] = column.has_null_bitmap ? 0x01 : 0x00;
    if (bm != 0) {
        const std::size_t have = std::min(bm, column.null_bitmap.size());
        if (have != 0) std::memcpy(out + pos, column.null_bitmap.data(), have);
        if (have < bm) std::memset(out + pos + have, 0, bm - have);
        if ((rows & 7) != 0) out[pos + bm - 1] = static_cast<std::uint8_t>(out[pos + bm - 1] & ((1u << (rows & 7)) - 1u));
        pos += bm;
    }

    if (gorilla_flag) {
        if (n >= 3) {
            out[pos] = 0x01;
            if (const std::size_t end = write_gorilla(out, pos + 1, column.values.data(), n); end != 0) {
                size_ = end;
                return bytes();
            }
        }
        out[pos++] = 0x00;  // §2.8 raw fallback (or rollback)
    }
    qwp_detail::store_values_le<kPortable>(out + pos, column.values.data(), n);
    size_ = pos + 8 * n;
    return bytes();
}

// Both halves under one name, for callers that want a codec object.
template <bool kPortable>
struct QwpGorillaCodec {
    QwpGorillaDecoder<kPortable> decoder;
    QwpGorillaEncoder<kPortable> encoder;
};

// Adds this namespace's subjects to tsc::registry<tsc::qwp::Subject>() (subjects/fast/qwp_gorilla.cpp).
void register_qwp_gorilla();

}  // namespace tsc::subjects::TSC_SUBJECT_NS
