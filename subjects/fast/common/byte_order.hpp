// Big-endian stores and loads of one unsigned value of any width, for the fast subjects of the
// big-endian wire formats. Two variants, chosen at compile time:
//   kPortable = false: a memcpy and, on little-endian hosts, one byte swap (a plain memcpy on big-endian
//                      hosts, where native order is the wire order);
//   kPortable = true:  one byte at a time by shifts, whatever the host, so that both variants are
//                      compared on every host (as xxHash forces each backend).
// Shared by the subjects, never by the reference. No seeded bug lives here: a family that seeds one in
// its byte order wraps these functions.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "subjects/fast/common/inline.hpp"

namespace tsc::subjects::common {

static_assert(std::endian::native == std::endian::little || std::endian::native == std::endian::big,
              "mixed-endian hosts are not supported");

inline constexpr bool kLittleHost = std::endian::native == std::endian::little;

template <class U>
TSC_FAST_INLINE U byte_reversed(U v) {
    static_assert(std::is_unsigned_v<U>);
    if constexpr (sizeof(U) == 1) {
        return v;
    } else if constexpr (sizeof(U) == 2) {
        return __builtin_bswap16(v);
    } else if constexpr (sizeof(U) == 4) {
        return __builtin_bswap32(v);
    } else {
        static_assert(sizeof(U) == 8);
        return __builtin_bswap64(v);
    }
}

// Host value ↔ the value whose memory image is big-endian (its own inverse).
template <class U>
TSC_FAST_INLINE U host_to_be(U v) {
    if constexpr (kLittleHost) {
        return byte_reversed(v);
    } else {
        return v;
    }
}

template <bool kPortable, class U>
TSC_FAST_INLINE void store_be(std::uint8_t* p, U v) {
    static_assert(std::is_unsigned_v<U>);
    if constexpr (kPortable) {
        for (unsigned i = 0; i < sizeof(U); ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * (sizeof(U) - 1 - i)));
    } else {
        v = host_to_be(v);
        std::memcpy(p, &v, sizeof(U));
    }
}

template <bool kPortable, class U>
TSC_FAST_INLINE U load_be(const std::uint8_t* p) {
    static_assert(std::is_unsigned_v<U>);
    if constexpr (kPortable) {
        U v = 0;
        for (unsigned i = 0; i < sizeof(U); ++i) v = static_cast<U>((v << 8) | p[i]);
        return v;
    } else {
        U v;
        std::memcpy(&v, p, sizeof(U));
        return host_to_be(v);
    }
}

}  // namespace tsc::subjects::common
