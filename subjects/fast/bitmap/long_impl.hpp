// The fast long-backed BitMap (BitMapLongImpl, tablets-and-bitmaps.md §4.1 and Errata 3): at most 64
// positions in one uint64_t, position p at bit p, plus the stored 9th byte that the serialized form of a
// 64-position bitmap has (size/8+1 = 9 bytes) and that markAll sets to FF. Every query is a mask and a
// compare; the prefix check of seed 002 is `word & low_mask(length)`, with no copy of the bytes.
#pragma once

#include <memory>

#include "subjects/api/bitmap.hpp"
#include "subjects/fast/bitmap/words.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {

class LongBitmap final : public bitmap::Bitmap {
public:
    using Word = bitmap_words::Word;

    static constexpr std::int32_t kMaxSize = tsc::thresholds::bitmap::kLongMaxSize;
    static_assert(kMaxSize == bitmap_words::kWordBits, "one word holds the whole bitmap");

    static std::unique_ptr<LongBitmap> create(std::int32_t size) {
        if (size < 0 || size > kMaxSize) return nullptr;
        return std::unique_ptr<LongBitmap>(new LongBitmap(size));
    }

    // BitMapLongImpl(size, bytes): the word from the first 8 bytes, the 9th into the stored padding byte.
    static std::unique_ptr<LongBitmap> create(const bitmap::Value& v) {
        if (v.size < 0 || v.size > kMaxSize || v.bytes.size() != bytes_for(v.size)) return nullptr;
        auto b = create(v.size);
        b->word_ = bitmap_words::load_available(v.bytes, 0);
        if constexpr (mutant("bitmap_long_from_bytes_drops_padding")) return b;  // MUTANT: the 9th byte is dropped
        if (v.bytes.size() > bitmap_words::kWordBytes) b->padding_ = v.bytes[bitmap_words::kWordBytes];
        return b;
    }

    bitmap::ErrorClass mark(std::int32_t p) override {
        if (!bitmap_words::position_fits(p, size_)) return bitmap::ErrorClass::position_out_of_range;
        word_ |= Word{1} << p;
        return bitmap::ErrorClass::ok;
    }

    bitmap::ErrorClass unmark(std::int32_t p) override {
        if (!bitmap_words::position_fits(p, size_)) return bitmap::ErrorClass::position_out_of_range;
        word_ &= ~(Word{1} << p);
        return bitmap::ErrorClass::ok;
    }

    bitmap::Answer is_marked(std::int32_t p) const override {
        if (!bitmap_words::position_fits(p, size_)) return {bitmap::ErrorClass::position_out_of_range, false};
        return {bitmap::ErrorClass::ok, ((word_ >> p) & 1u) != 0};
    }

    // All 64 bits, and the stored 9th byte when the serialized form has one (Errata 3, @ae23861f; the
    // older @061e749b left it 0).
    void mark_all() override {
        word_ = bitmap_words::kAllOnes;
        if constexpr (mutant("bitmap_long_markall_padding")) return;  // MUTANT: the 9th byte is left as it was
        padding_ = has_padding_byte() ? 0xFF : 0x00;
    }

    void reset() override {
        word_ = 0;
        padding_ = 0;
    }

    bitmap::ErrorClass mark_range(std::int32_t start, std::int32_t length) override {
        if (length <= 0) return bitmap::ErrorClass::ok;
        if (!bitmap_words::range_fits(start, length, size_)) return bitmap::ErrorClass::range_out_of_bounds;
        word_ |= range_mask(start, length);
        return bitmap::ErrorClass::ok;
    }

    bitmap::ErrorClass unmark_range(std::int32_t start, std::int32_t length) override {
        if (length <= 0) return bitmap::ErrorClass::ok;
        if (!bitmap_words::range_fits(start, length, size_)) return bitmap::ErrorClass::range_out_of_bounds;
        word_ &= ~range_mask(start, length);
        return bitmap::ErrorClass::ok;
    }

    bool is_all_unmarked() const override { return (word_ & size_mask()) == 0; }

    bitmap::Answer is_all_unmarked(std::int32_t r) const override {
        if (!bitmap_words::range_fits(0, r, size_)) return {bitmap::ErrorClass::range_out_of_bounds, false};
        return {bitmap::ErrorClass::ok, (word_ & bitmap_words::low_mask(static_cast<std::uint64_t>(r))) == 0};
    }

    bool is_all_marked() const override { return (word_ & size_mask()) == size_mask(); }

    // One AND with the range's mask. With start and length fixed (the AlignedTVList check), the mask is
    // loop-invariant and the check is a load, an AND and a compare; no copy of the bytes (seed 002).
    bitmap::Answer is_range_any_marked(std::int32_t start, std::int32_t length) const override {
        if (!bitmap_words::range_fits(start, length, size_)) return {bitmap::ErrorClass::range_out_of_bounds, false};
        return {bitmap::ErrorClass::ok, (word_ & range_mask(start, length)) != 0};
    }

    bitmap::Answer is_range_all_marked(std::int32_t start, std::int32_t length) const override {
        if (!bitmap_words::range_fits(start, length, size_)) return {bitmap::ErrorClass::range_out_of_bounds, false};
        const Word mask = range_mask(start, length);
        return {bitmap::ErrorClass::ok, (word_ & mask) == mask};
    }

    bitmap::Answer is_range_none_marked(std::int32_t start, std::int32_t length) const override {
        const bitmap::Answer any = is_range_any_marked(start, length);
        return {any.error, any.error == bitmap::ErrorClass::ok && !any.value};
    }

    bitmap::ErrorClass merge(const bitmap::Value& src, std::int32_t src_start, std::int32_t dst_start,
                             std::int32_t length) override;
    Bytes byte_array() const override;
    bitmap::BytesAnswer truncated_byte_array(std::int32_t k) const override;
    bool equals(const bitmap::Value& other) const override;
    bitmap::Answer equals_in_range(const bitmap::Value& other, std::int32_t r) const override;
    bitmap::ErrorClass or_failed_rows(std::int32_t element_idx, std::int32_t length, ByteView failed_rows) override;

private:
    explicit LongBitmap(std::int32_t size) : size_(size) {}

    static std::size_t bytes_for(std::int32_t size) { return (static_cast<std::size_t>(size) >> 3) + 1; }
    bool has_padding_byte() const { return bytes_for(size_) > bitmap_words::kWordBytes; }
    Word size_mask() const { return bitmap_words::low_mask(static_cast<std::uint64_t>(size_)); }

    // The mask of positions [start, start+length), a range that fits: 0 <= start <= start+length <= 64.
    // It is the bits below the end minus the bits below the start; the prefix path (start 0, seed 002's
    // isAllUnmarked(length)) has nothing below its start. A length of 0 gives the empty mask whatever
    // the start (64 included): any false, all and none true, as §4.1 says. No shift is undefined and no
    // branch depends on the bitmap, so with start and length fixed (the AlignedTVList check) the compiler
    // computes the mask once, outside the caller's loop.
    Word range_mask(std::int32_t start, std::int32_t length) const {
        using bitmap_words::low_mask;
        auto first = static_cast<std::uint64_t>(start);
        auto end = first + static_cast<std::uint64_t>(length);
        if constexpr (mutant("bitmap_long_prefix_whole_bitmap")) {
            if (start == 0) return size_mask();
        }
        if constexpr (mutant("bitmap_long_offset_shift_off_by_one")) {
            if (start != 0) --first, --end;
        }
        const Word below_start = start == 0 ? 0 : low_mask(first);
        return low_mask(end) & ~below_start;
    }

    std::int32_t size_;
    Word word_ = 0;
    std::uint8_t padding_ = 0;  // the 9th byte of getByteArray at size 64
};

}  // namespace tsc::subjects::TSC_SUBJECT_NS
