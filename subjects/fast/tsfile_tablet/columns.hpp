// Byte order, data types and dates for the TsFile Tablet subject (tablets-and-bitmaps.md §3, §1.1,
// Errata 1, 7, 8), shared by its encoder and decoder.
//
// A subject: it shares only the model types with the reference, never its logic. Everything lives
// in namespace tsc::subjects::TSC_SUBJECT_NS so that a mutant build (subjects/api/mutant.hpp)
// compiles this same source into a namespace of its own. `MUTANT name` comments mark the seeded bugs
// of subjects/mutants/catalogue.json; in the normal build every such switch is false at compile time.
//
// kPortable = false: native-endian fast paths. Multi-byte arrays (timestamps, INT32/INT64/FLOAT/
// DOUBLE columns) are stored and loaded by byte-reversing copies on little-endian hosts (AVX2 shuffles
// for the whole 32-byte blocks when the host has AVX2, common/lane_swap.hpp, NaNs made canonical in the
// same step; then one byte swap per value), and with a plain memcpy on big-endian hosts.
// kPortable = true: those paths are compiled out and every multi-byte value is split or assembled
// one byte at a time by shifts, so both variants are compared on every host.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "reference/tsfile_tablet/model.hpp"
#include "subjects/api/mutant.hpp"
#include "subjects/api/tsfile_tablet.hpp"
#include "subjects/fast/common/byte_order.hpp"
#include "subjects/fast/common/lane_swap.hpp"
#include "subjects/fast/tsfile_tablet/thresholds.hpp"
#include "subjects/mutants/tsfile_tablet.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS::tsfile_detail {

namespace ts = tsc::tsfile;
using ts::ErrorClass;

// MUTANT tsfile_big_endian_swapped: the big-endian native path swaps anyway (little-endian on the wire)
inline constexpr bool kBigHostSwaps = !common::kLittleHost && mutant("tsfile_big_endian_swapped");
// MUTANT tsfile_nan_not_canonicalized: raw NaN bits, as ByteBuffer.putFloat
inline constexpr bool kNaNKept = mutant("tsfile_nan_not_canonicalized");

// ---- big-endian words ---------------------------------------------------------------------------

template <bool kPortable, class U>
inline void store_be(std::uint8_t* p, U v) {
    if constexpr (!kPortable && kBigHostSwaps) {
        tsc::mutants::store_le(p, v);
    } else {
        common::store_be<kPortable>(p, v);
    }
}

template <bool kPortable, class U>
inline U load_be(const std::uint8_t* p) {
    if constexpr (!kPortable && kBigHostSwaps) {
        return tsc::mutants::load_le<U>(p);
    } else {
        return common::load_be<kPortable, U>(p);
    }
}

// Float.floatToIntBits / Double.doubleToLongBits: every NaN to the canonical one, branch-free.
inline std::uint32_t canonical_nan(std::uint32_t b) {
    if constexpr (kNaNKept) {
        return b;
    } else {
        return (b & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : b;
    }
}
inline std::uint64_t canonical_nan(std::uint64_t b) {
    if constexpr (kNaNKept) {
        return b;
    } else {
        return (b & 0x7fffffffffffffffu) > 0x7ff0000000000000u ? 0x7ff8000000000000u : b;
    }
}

// How many of n values of W bytes the AVX2 lane swap did (0 when it does not apply: portable
// builds, big-endian hosts, hosts without AVX2); the caller does the rest one value at a time.
template <bool kPortable, unsigned W, bool kCanonicalNaN = false>
inline std::size_t wide_swap(std::uint8_t* out, const std::uint8_t* in, std::size_t n) {
#ifdef TSC_LANE_SWAP_AVX2
    static_assert(common::lane_swap::kBlockBytes == thresholds::tsfile_tablet::kSwapBlockBytes);
    if constexpr (!kPortable) {
        if (common::lane_swap::host_has_avx2()) {
            // MUTANT tsfile_avx2_nan_not_canonical: the AVX2 blocks keep raw NaN bits (only the scalar loop
            // canonicalizes them)
            if constexpr (mutant("tsfile_avx2_nan_not_canonical")) return common::lane_swap::reverse_avx2<W>(out, in, n);
            return common::lane_swap::reverse_avx2<W, kCanonicalNaN>(out, in, n);
        }
    }
#endif
    (void)out, (void)in, (void)n;
    return 0;
}

// n values of T (4 or 8 bytes) as big-endian words; with kCanonicalNaN (FLOAT, DOUBLE) every NaN
// becomes the canonical one first.
template <bool kPortable, bool kCanonicalNaN = false, class T>
inline void store_be_array(std::uint8_t* out, const T* in, std::size_t n) {
    using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    if constexpr (!kPortable && !common::kLittleHost && !kCanonicalNaN && !kBigHostSwaps) {
        if (n != 0) std::memcpy(out, in, n * sizeof(T));  // host order is wire order
        return;
    }
    const std::size_t done =
        wide_swap<kPortable, sizeof(U), kCanonicalNaN && !kNaNKept>(out, reinterpret_cast<const std::uint8_t*>(in), n);
    // MUTANT tsfile_store_tail_one_short: after at least one AVX2 block the remainder loop stops one value short
    if constexpr (mutant("tsfile_store_tail_one_short")) n -= done != 0 && n > done;
    for (std::size_t k = done; k < n; ++k) {
        U v = static_cast<U>(in[k]);
        if constexpr (kCanonicalNaN) v = canonical_nan(v);
        store_be<kPortable>(out + k * sizeof(U), v);
    }
}

template <bool kPortable, class T>
inline void load_be_array(T* out, const std::uint8_t* in, std::size_t n) {
    using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    if constexpr (!kPortable && !common::kLittleHost && !kBigHostSwaps) {
        if (n != 0) std::memcpy(out, in, n * sizeof(T));
        return;
    }
    const std::size_t done = wide_swap<kPortable, sizeof(U)>(reinterpret_cast<std::uint8_t*>(out), in, n);
    // MUTANT tsfile_load_tail_one_short: the reader's remainder loop after the AVX2 blocks stops one value short
    if constexpr (mutant("tsfile_load_tail_one_short")) n -= done != 0 && n > done;
    for (std::size_t k = done; k < n; ++k) out[k] = static_cast<T>(load_be<kPortable, U>(in + k * sizeof(U)));
}

// ---- data types (§1.1, Errata 1) ----------------------------------------------------------------

// The Column alternative a type code's Java array is; `none` for the `default:` branch.
enum class Kind : std::uint8_t { boolean, int32, int64, float32, float64, binary, date, none };

inline Kind kind_of(std::uint8_t code, ts::Layout layout) {
    // Index: type code 0..12. OBJECT (12) is a binary column in the newest layout only.
    static constexpr Kind kKinds[13] = {Kind::boolean, Kind::int32,  Kind::int64,  Kind::float32, Kind::float64,
                                        Kind::binary,  Kind::none,   Kind::none,   Kind::int64,   Kind::date,
                                        Kind::binary,  Kind::binary, Kind::binary};
    if (code > 12) return Kind::none;
    if constexpr (mutant("tsfile_object_layout_ignored")) {
        return kKinds[code];  // MUTANT tsfile_object_layout_ignored: OBJECT is TEXT in every layout
    } else {
        return code == 12 && layout != ts::Layout::newest ? Kind::none : kKinds[code];
    }
}

inline bool known_type(std::uint8_t code) {
    if constexpr (mutant("tsfile_type_code_unchecked")) {
        return true;  // MUTANT tsfile_type_code_unchecked: codes above 12 pass as unsupported types
    } else {
        return code <= 12;
    }
}

// The bytes TSEncoding.deserialize and CompressionType.deserialize accept, one bit per code (FREQ, 10,
// is an encoding without a case; compressors are 0-2 and 7-9).
inline constexpr std::uint16_t kReadableEncodings = 0x3FFF & ~(1u << 10);
inline constexpr std::uint16_t kKnownCompressors = 0x0387;

inline bool readable_encoding(std::uint8_t code) {
    if constexpr (mutant("tsfile_encoding_freq_accepted")) {
        return code <= 13;  // MUTANT tsfile_encoding_freq_accepted: every TSEncoding constant, FREQ too
    } else {
        return code < 16 && ((kReadableEncodings >> code) & 1u) != 0;
    }
}

inline bool known_compressor(std::uint8_t code) {
    if constexpr (mutant("tsfile_compressor_unchecked")) {
        return true;  // MUTANT tsfile_compressor_unchecked: the byte kept as it was before apache/tsfile #295
    } else {
        return code < 16 && ((kKnownCompressors >> code) & 1u) != 0;
    }
}

// ---- dates (Errata 7, 8) ------------------------------------------------------------------------

inline bool leap_year(std::int32_t y) {
    if constexpr (mutant("tsfile_date_julian_leap_years")) {
        return (y & 3) == 0;  // MUTANT tsfile_date_julian_leap_years: 1900-02-29 accepted
    } else {
        return (y & 3) == 0 && (y % 100 != 0 || y % 400 == 0);
    }
}

inline bool calendar_date(std::int32_t y, std::int32_t m, std::int32_t d) {
    static constexpr std::int8_t kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (static_cast<std::uint32_t>(m - 1) >= 12u || d < 1) return false;
    return d <= kDays[m - 1] + (m == 2 && leap_year(y) ? 1 : 0);
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS::tsfile_detail
