// The colder members of the fast long-backed BitMap (long_impl.hpp).
#include "subjects/fast/bitmap/long_impl.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {

// §4.1 merge: the source field extracted 64 bits at a time (at most 64 fit here) and ORed in.
bitmap::ErrorClass LongBitmap::merge(const bitmap::Value& src, std::int32_t src_start, std::int32_t dst_start,
                                     std::int32_t length) {
    if (length <= 0) return bitmap::ErrorClass::ok;
    if (!bitmap_words::range_fits(src_start, length, src.size) || !bitmap_words::range_fits(dst_start, length, size_))
        return bitmap::ErrorClass::range_out_of_bounds;
    word_ |= bitmap_words::extract_bits(src.bytes, static_cast<std::uint64_t>(src_start),
                                        static_cast<std::uint64_t>(length))
             << dst_start;
    return bitmap::ErrorClass::ok;
}

// getByteArray of BitMapLongImpl: a fresh copy whose byte i is (word >> 8i) & 0xFF, then the stored
// 9th byte at size 64. One native store of the word lays the bytes out that way on a little-endian host
// only, so a big-endian host (s390x) swaps the word first.
Bytes LongBitmap::byte_array() const {
    Bytes out(bytes_for(size_), 0);
    Word le = word_;
    if constexpr (std::endian::native == std::endian::big) le = __builtin_bswap64(le);
    if constexpr (mutant("bitmap_long_bytes_host_order")) le = word_;  // MUTANT: host order on any host
    std::memcpy(out.data(), &le, std::min<std::size_t>(bitmap_words::kWordBytes, out.size()));
    if (has_padding_byte()) out[bitmap_words::kWordBytes] = padding_;
    return out;
}

bitmap::BytesAnswer LongBitmap::truncated_byte_array(std::int32_t k) const {
    if (!bitmap_words::range_fits(0, k, size_)) return {bitmap::ErrorClass::range_out_of_bounds, {}};
    Bytes bytes = byte_array();
    bytes.resize(bytes_for(k));
    return {bitmap::ErrorClass::ok, std::move(bytes)};
}

// §4.1 equals: same size and same bytes, i.e. the word's visible bits (the first size/8+1 bytes of it)
// and the stored 9th byte.
bool LongBitmap::equals(const bitmap::Value& other) const {
    if (other.size != size_ || other.bytes.size() != bytes_for(size_)) return false;
    const std::uint64_t visible = std::min<std::uint64_t>(bitmap_words::kWordBits, other.bytes.size() * 8);
    if (((word_ ^ bitmap_words::load_available(other.bytes, 0)) & bitmap_words::low_mask(visible)) != 0) return false;
    if constexpr (mutant("bitmap_long_equals_ignores_padding")) return true;
    return !has_padding_byte() || other.bytes[bitmap_words::kWordBytes] == padding_;
}

bitmap::Answer LongBitmap::equals_in_range(const bitmap::Value& other, std::int32_t r) const {
    if (!bitmap_words::range_fits(0, r, size_) || r > other.size) return {bitmap::ErrorClass::range_out_of_bounds, false};
    const Word theirs = bitmap_words::extract_bits(other.bytes, 0, static_cast<std::uint64_t>(r));
    return {bitmap::ErrorClass::ok, ((word_ ^ theirs) & bitmap_words::low_mask(static_cast<std::uint64_t>(r))) == 0};
}

// §4.2 step 3 on a long: the result bits shifted to element_idx. (Java's AlignedTVList ORs into
// getByteArray(), which for this implementation is a copy; here the marks are kept.)
bitmap::ErrorClass LongBitmap::or_failed_rows(std::int32_t element_idx, std::int32_t length, ByteView failed_rows) {
    if (!bitmap_words::range_fits(element_idx, length, size_)) return bitmap::ErrorClass::range_out_of_bounds;
    if (length == 0) return bitmap::ErrorClass::ok;
    std::int32_t shift = element_idx;
    if constexpr (mutant("bitmap_long_failed_rows_byte_offset")) shift &= ~7;
    word_ |= bitmap_words::extract_bits(failed_rows, 0, static_cast<std::uint64_t>(length)) << shift;
    return bitmap::ErrorClass::ok;
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS
