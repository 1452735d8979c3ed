// The cell encodings of the IoTDB insertTablet subject (tablets-and-bitmaps.md §1–2): big-endian byte order
// of one value and of whole columns, shared by its encoder and decoder; cell widths; a DATE's yyyyMMdd int.
//
// A subject: it shares only the model types with the reference, never its logic. Everything lives in
// namespace tsc::subjects::TSC_SUBJECT_NS so that a mutant build (subjects/api/mutant.hpp) compiles this
// same source into a namespace of its own.
//
// kPortable = false: native-endian fast paths. A whole column is one byte-reversing copy: AVX2 shuffles for
// the whole 32-byte blocks on x86-64 hosts that have AVX2 (common/lane_swap.hpp), then a bswap loop; a plain
// copy on big-endian hosts, where native order is the wire order.
// kPortable = true: those paths are compiled out and every multi-byte value is stored or loaded one byte at a
// time by shifts, so both variants are compared on every host (as xxHash forces each backend).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "reference/iotdb_tablet/model.hpp"
#include "subjects/api/mutant.hpp"
#include "subjects/fast/common/byte_order.hpp"
#include "subjects/fast/common/inline.hpp"
#include "subjects/fast/common/lane_swap.hpp"
#include "subjects/fast/iotdb_tablet/thresholds.hpp"
#include "subjects/mutants/iotdb_tablet.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS::iotdb_detail {

using common::kLittleHost;

template <bool kPortable, class U>
TSC_FAST_INLINE void store_be(std::uint8_t* p, U v) {
    if constexpr (kPortable && mutant("iotdb_portable_store_little_endian")) {
        tsc::mutants::store_le(p, v);  // MUTANT iotdb_portable_store_little_endian
    } else {
        common::store_be<kPortable>(p, v);
    }
}

template <bool kPortable, class U>
TSC_FAST_INLINE U load_be(const std::uint8_t* p) {
    if constexpr (kPortable && mutant("iotdb_portable_load_little_endian")) {
        return tsc::mutants::load_le<U>(p);  // MUTANT iotdb_portable_load_little_endian
    } else {
        return common::load_be<kPortable, U>(p);
    }
}

#ifdef TSC_LANE_SWAP_AVX2
// How many of n values of W bytes the AVX2 lane swap did (none without AVX2); the caller does the rest.
template <unsigned W>
inline std::size_t swap_wide(std::uint8_t* out, const std::uint8_t* in, std::size_t n) {
    static_assert(common::lane_swap::kBlockBytes == thresholds::iotdb_tablet::kSwapBlockBytes);
    if (!common::lane_swap::host_has_avx2()) return 0;
    if constexpr (W == 4 && mutant("iotdb_avx2_lane_order_4_as_8")) {
        // MUTANT iotdb_avx2_lane_order_4_as_8: 4-byte lanes shuffled with the 8-byte order
        return 2 * common::lane_swap::reverse_avx2<8>(out, in, n / 2);
    } else {
        return common::lane_swap::reverse_avx2<W>(out, in, n);
    }
}
#endif

// n values of W bytes from native order to big-endian bytes, or back (the operation is its own inverse).
template <unsigned W>
inline void swap_lanes(std::uint8_t* out, const std::uint8_t* in, std::size_t n) {
    using U = std::conditional_t<W == 4, std::uint32_t, std::uint64_t>;
    if constexpr (!kLittleHost && mutant("iotdb_big_endian_copy_reversed")) {
        // MUTANT iotdb_big_endian_copy_reversed: a big-endian host reverses what is already in wire order
        for (std::size_t k = 0; k < n * W; ++k) out[k] = in[(k / W) * W + (W - 1 - k % W)];
    } else if constexpr (!kLittleHost) {
        if (n != 0) std::memcpy(out, in, n * W);  // native order is the wire order
    } else {
        std::size_t done = 0;
#ifdef TSC_LANE_SWAP_AVX2
        done = swap_wide<W>(out, in, n);
#endif
        for (std::size_t k = done; k < iotdb_mutants::scalar_swap_end(n, done); ++k) {
            U v;
            std::memcpy(&v, in + W * k, W);
            if constexpr (!mutant("iotdb_scalar_swap_skipped")) v = common::byte_reversed(v);  // MUTANT: copied as is
            std::memcpy(out + W * k, &v, W);
        }
    }
}

template <bool kPortable, class U>
inline void store_be_array(std::uint8_t* out, const U* in, std::size_t n) {
    if constexpr (kPortable) {
        for (std::size_t k = 0; k < n; ++k) store_be<true>(out + sizeof(U) * k, in[k]);
    } else {
        swap_lanes<sizeof(U)>(out, reinterpret_cast<const std::uint8_t*>(in), n);
    }
}

template <bool kPortable, class U>
inline void load_be_array(U* out, const std::uint8_t* in, std::size_t n) {
    if constexpr (kPortable) {
        for (std::size_t k = 0; k < n; ++k) out[k] = load_be<true, U>(in + sizeof(U) * k);
    } else {
        swap_lanes<sizeof(U)>(reinterpret_cast<std::uint8_t*>(out), in, n);
    }
}

// Bytes of a fixed-width cell; 0 for the length-prefixed types (§1.1).
constexpr unsigned fixed_width(DataType t) {
    switch (t) {
        case DataType::BOOLEAN: return 1;
        case DataType::INT32:
        case DataType::FLOAT:
        case DataType::DATE: return 4;
        case DataType::INT64:
        case DataType::DOUBLE:
        case DataType::TIMESTAMP: return 8;
        default: return 0;
    }
}

// yyyyMMdd back to a Date with floor division (model.hpp): offsetting by a multiple of 10000 that makes every
// i32 non-negative turns the floor division into an unsigned one, without a branch on the sign.
inline iotdb::Date split_date(std::int32_t v) {
    constexpr std::int64_t kBias = 214749;  // 10000·kBias > 2^31
    if constexpr (mutant("iotdb_parse_date_truncating_division")) {
        // MUTANT iotdb_parse_date_truncating_division: C-style division, wrong for negative values
        return iotdb::Date{v / 10000, static_cast<std::uint8_t>(v / 100 % 100), static_cast<std::uint8_t>(v % 100)};
    } else {
        const auto shifted = static_cast<std::uint64_t>(static_cast<std::int64_t>(v) + 10000 * kBias);
        const auto rest = static_cast<unsigned>(shifted % 10000);
        return iotdb::Date{static_cast<std::int32_t>(static_cast<std::int64_t>(shifted / 10000) - kBias),
                           static_cast<std::uint8_t>(rest / 100), static_cast<std::uint8_t>(rest % 100)};
    }
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS::iotdb_detail
