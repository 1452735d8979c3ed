// The colder members of the fast byte-array-backed BitMap (array_impl.hpp).
#include "subjects/fast/bitmap/array_impl.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {

// §4.1 equalsInRange: positions [0, r) compared 64 at a time, the last word masked to what is left.
bitmap::Answer ArrayBitmap::equals_in_range(const bitmap::Value& other, std::int32_t r) const {
    if (!bitmap_words::range_fits(0, r, size_) || r > other.size) return {bitmap::ErrorClass::range_out_of_bounds, false};
    const std::span<const std::uint8_t> theirs(other.bytes);
    std::uint64_t left = static_cast<std::uint64_t>(r);
    std::uint64_t index = 0;
    for (; left >= kWordBits; left -= kWordBits, index += kWordBytes)
        if (bitmap_words::load8(bytes_.data() + index) != bitmap_words::load_available(theirs, index))
            return {bitmap::ErrorClass::ok, false};
    if (left == 0) return {bitmap::ErrorClass::ok, true};
    std::uint64_t tail = left;
    if constexpr (mutant("bitmap_equals_in_range_mask")) tail = left + 1;
    const Word diff = bitmap_words::load_available(view(), index) ^ bitmap_words::load_available(theirs, index);
    return {bitmap::ErrorClass::ok, (diff & bitmap_words::low_mask(tail)) == 0};
}

// §4.2 AlignedTVList markNullBitmapRange step 3: the failed rows, as a result bitmap whose first bit sits
// at offset element_idx & 7, ORed into the column bitmap from byte element_idx >> 3. update_words does
// exactly that placement: its first word is the one at byte element_idx >> 3, shifted by element_idx & 7.
bitmap::ErrorClass ArrayBitmap::or_failed_rows(std::int32_t element_idx, std::int32_t length, ByteView failed_rows) {
    if (!bitmap_words::range_fits(element_idx, length, size_)) return bitmap::ErrorClass::range_out_of_bounds;
    auto pos = static_cast<std::uint64_t>(element_idx);
    if constexpr (mutant("bitmap_aligned_offset_ignored")) pos &= ~std::uint64_t{7};
    update_words(pos, static_cast<std::uint64_t>(length),
                 [failed_rows](Word w, Word, unsigned shift, std::uint64_t done, std::uint64_t n) {
                     if constexpr (mutant("bitmap_failed_rows_byte_loads")) {
                         // MUTANT bitmap_failed_rows_byte_loads: the result bits read from byte done / 8,
                         // the bit offset of every word after the first (done = 64 - shift, ...) lost
                         const Word bits = bitmap_words::load_available(failed_rows, done >> 3) & bitmap_words::low_mask(n);
                         return w | (bits << shift);
                     } else {
                         return w | (bitmap_words::extract_bits(failed_rows, done, n) << shift);
                     }
                 });
    return bitmap::ErrorClass::ok;
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS
