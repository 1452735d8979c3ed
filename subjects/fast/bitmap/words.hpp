// Word-at-a-time helpers of the fast BitMap subjects (tablets-and-bitmaps.md §4): little-endian 64-bit
// loads and stores over a bitmap's byte array, masks, and the §4.1 range checks.
//
// Position p lives in byte p >> 3 at bit p & 7 (§1.2), so 8 consecutive bytes read as a little-endian
// word hold 64 consecutive positions, the lowest in bit 0. Everything here is in the subject's own
// namespace: a mutant build compiles its own copy with its mutant switch on.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>

#include "subjects/api/mutant.hpp"
#include "subjects/fast/bitmap/thresholds.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS::bitmap_words {

namespace limits = tsc::thresholds::bitmap;

using Word = std::uint64_t;
inline constexpr Word kAllOnes = ~Word{0};
inline constexpr unsigned kWordBits = limits::kWordBits;
inline constexpr std::size_t kWordBytes = limits::kWordBytes;
static_assert(kWordBits == 8 * sizeof(Word) && kWordBytes == sizeof(Word));

// Bits [0, n) for 0 <= n <= 64. A plain (1 << n) - 1 is undefined at n = 64, which is exactly the
// full-word case of a 64-bit long-backed bitmap.
constexpr Word low_mask(std::uint64_t n) {
    // MUTANT bitmap_long_full_word_mask: Java's masked shift
    if constexpr (mutant("bitmap_long_full_word_mask")) return (Word{1} << (n & (kWordBits - 1))) - 1;
    return n >= kWordBits ? kAllOnes : (Word{1} << n) - 1;
}

// A native word in the array's little-endian layout and back: a byte swap on big-endian hosts.
inline Word le_to_native(Word v) {
    if constexpr (mutant("bitmap_array_load_host_order")) return v;  // MUTANT: no swap on big-endian hosts
    if constexpr (std::endian::native == std::endian::big) return __builtin_bswap64(v);
    return v;
}

// Bytes [0, n) of p as a little-endian word, 1 <= n <= 8. memcpy into the low-address bytes of a
// zeroed word then one swap is correct on either byte order; n == 8 compiles to a single load.
inline Word load_le(const std::uint8_t* p, std::size_t n) {
    Word v = 0;
    std::memcpy(&v, p, n);
    return le_to_native(v);
}

inline Word load8(const std::uint8_t* p) { return load_le(p, kWordBytes); }

inline void store_le(std::uint8_t* p, std::size_t n, Word v) {
    v = le_to_native(v);
    std::memcpy(p, &v, n);
}

// Up to 8 bytes from byte `index` of `bytes`, fewer at the end, 0 past it: never reads out of bounds.
inline Word load_available(std::span<const std::uint8_t> bytes, std::uint64_t index) {
    if (index >= bytes.size()) return 0;
    const std::size_t n = std::min<std::size_t>(kWordBytes, bytes.size() - index);
    return n == kWordBytes ? load8(bytes.data() + index) : load_le(bytes.data() + index, n);
}

// Positions [pos, pos+n) of `bytes` as the low n bits of a word, n <= 64; positions past the end read
// as 0. An unaligned 64-bit field spans 9 bytes, hence the second load.
inline Word extract_bits(std::span<const std::uint8_t> bytes, std::uint64_t pos, std::uint64_t n) {
    const std::uint64_t index = pos >> 3;
    const unsigned shift = pos & 7;
    Word v = load_available(bytes, index) >> shift;
    // MUTANT bitmap_long_extract_single_load: the second load (the 9th byte) is left out
    if constexpr (mutant("bitmap_long_extract_single_load")) return v & low_mask(n);
    if (shift != 0 && n > kWordBits - shift) v |= load_available(bytes, index + kWordBytes) << (kWordBits - shift);
    return v & low_mask(n);
}

// §4.1 checkRange: start < 0 || length < 0 || start > size - length is out of range. In 64 bits so
// that no Java int sum overflows.
constexpr bool range_fits(std::int64_t start, std::int64_t length, std::int64_t size) {
    if constexpr (mutant("bitmap_checkrange_off_by_one")) return start >= 0 && length >= 0 && start < size - length;
    return start >= 0 && length >= 0 && start <= size - length;
}

constexpr bool position_fits(std::int64_t position, std::int64_t size) {
    if constexpr (mutant("bitmap_position_check_allows_size")) return position >= 0 && position <= size;
    return position >= 0 && position < size;
}

// The answer of a range query over no bits (§4.1): any → false, all/none → true.
enum class Scan : std::uint8_t { any, all };

constexpr bool empty_range_answer(Scan kind) {
    if constexpr (mutant("bitmap_len0_wrong")) return kind == Scan::any;
    return kind == Scan::all;
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS::bitmap_words
