// The fast byte-array-backed BitMap (BitMapArrayImpl of tablets-and-bitmaps.md §4.1): size/8+1 bytes,
// read and written 64 bits at a time through little-endian word loads (words.hpp).
//
// Range queries have two paths. A range starting at 0 (the AlignedTVList prefix check of seed 002)
// goes straight to the aligned word loop. Any other start first reads one word at byte start >> 3
// shifted right by start & 7 (the head, 64 - (start & 7) positions), after which the cursor is byte
// aligned and the same aligned loop finishes the range.
#pragma once

#include <memory>

#include "subjects/api/bitmap.hpp"
#include "subjects/fast/bitmap/words.hpp"
#include "subjects/mutants/bitmap.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {

class ArrayBitmap final : public bitmap::Bitmap {
public:
    using Word = bitmap_words::Word;
    using Scan = bitmap_words::Scan;
    static constexpr unsigned kWordBits = bitmap_words::kWordBits;
    static constexpr std::size_t kWordBytes = bitmap_words::kWordBytes;

    static constexpr std::int32_t kMaxSize = bitmap::kMaxSize;

    static std::unique_ptr<ArrayBitmap> create(std::int32_t size) {
        std::int32_t max_size = kMaxSize;
        if constexpr (mutant("bitmap_array_accepts_oversize")) max_size = kMaxSize + 8;
        if (size < 0 || size > max_size) return nullptr;
        return std::unique_ptr<ArrayBitmap>(new ArrayBitmap(size, Bytes(bytes_for(size), 0)));
    }

    static std::unique_ptr<ArrayBitmap> create(const bitmap::Value& v) {
        if (v.size < 0 || v.size > kMaxSize || v.bytes.size() != bytes_for(v.size)) return nullptr;
        return std::unique_ptr<ArrayBitmap>(new ArrayBitmap(v.size, v.bytes));
    }

    bitmap::ErrorClass mark(std::int32_t p) override {
        if (!bitmap_words::position_fits(p, size_)) return bitmap::ErrorClass::position_out_of_range;
        bytes_[static_cast<std::size_t>(p) >> 3] |= static_cast<std::uint8_t>(1u << (p & 7));
        return bitmap::ErrorClass::ok;
    }

    bitmap::ErrorClass unmark(std::int32_t p) override {
        if (!bitmap_words::position_fits(p, size_)) return bitmap::ErrorClass::position_out_of_range;
        bytes_[static_cast<std::size_t>(p) >> 3] &= static_cast<std::uint8_t>(~(1u << (p & 7)));
        return bitmap::ErrorClass::ok;
    }

    bitmap::Answer is_marked(std::int32_t p) const override {
        if (!bitmap_words::position_fits(p, size_)) return {bitmap::ErrorClass::position_out_of_range, false};
        return {bitmap::ErrorClass::ok, ((bytes_[static_cast<std::size_t>(p) >> 3] >> (p & 7)) & 1u) != 0};
    }

    void mark_all() override { std::memset(bytes_.data(), 0xFF, bytes_.size()); }
    void reset() override { std::memset(bytes_.data(), 0x00, bytes_.size()); }

    bitmap::ErrorClass mark_range(std::int32_t start, std::int32_t length) override {
        if constexpr (mutant("bitmap_markrange_len0_checked")) {  // MUTANT: the range is checked first
            if (!bitmap_words::range_fits(start, length, size_)) return bitmap::ErrorClass::range_out_of_bounds;
        }
        // §4.1: length <= 0 does nothing, before any range check.
        if (length <= 0) return bitmap::ErrorClass::ok;
        if (!bitmap_words::range_fits(start, length, size_)) return bitmap::ErrorClass::range_out_of_bounds;
        update_words(start, length, [](Word w, Word mask, unsigned, std::uint64_t, std::uint64_t) { return w | mask; });
        return bitmap::ErrorClass::ok;
    }

    bitmap::ErrorClass unmark_range(std::int32_t start, std::int32_t length) override {
        if (length <= 0) return bitmap::ErrorClass::ok;
        if (!bitmap_words::range_fits(start, length, size_)) return bitmap::ErrorClass::range_out_of_bounds;
        update_words(start, length, [](Word w, Word mask, unsigned, std::uint64_t, std::uint64_t) { return w & ~mask; });
        return bitmap::ErrorClass::ok;
    }

    bool is_all_unmarked() const override {
        // Padding bits past size are not part of the bitmap (§4.1), only the first size positions are.
        if constexpr (mutant("bitmap_isallunmarked_trailing_bits"))
            return !scan<Scan::any>(0, static_cast<std::uint64_t>(bytes_.size()) * 8);
        return !scan<Scan::any>(0, static_cast<std::uint64_t>(size_));
    }

    bitmap::Answer is_all_unmarked(std::int32_t r) const override {
        if (!bitmap_words::range_fits(0, r, size_)) return {bitmap::ErrorClass::range_out_of_bounds, false};
        return {bitmap::ErrorClass::ok, !scan<Scan::any>(0, static_cast<std::uint64_t>(r))};
    }

    bool is_all_marked() const override { return scan<Scan::all>(0, static_cast<std::uint64_t>(size_)); }

    bitmap::Answer is_range_any_marked(std::int32_t start, std::int32_t length) const override {
        return query<Scan::any>(start, length, false);
    }
    bitmap::Answer is_range_all_marked(std::int32_t start, std::int32_t length) const override {
        return query<Scan::all>(start, length, false);
    }
    bitmap::Answer is_range_none_marked(std::int32_t start, std::int32_t length) const override {
        if constexpr (mutant("bitmap_range_none_as_not_all")) return query<Scan::all>(start, length, true);
        return query<Scan::any>(start, length, true);
    }

    bitmap::ErrorClass merge(const bitmap::Value& src, std::int32_t src_start, std::int32_t dst_start,
                             std::int32_t length) override {
        if (length <= 0) return bitmap::ErrorClass::ok;
        if constexpr (mutant("bitmap_merge_checks_only_destination")) {  // MUTANT: the source range is not checked
            if (!bitmap_words::range_fits(dst_start, length, size_)) return bitmap::ErrorClass::range_out_of_bounds;
        } else {
            if (!bitmap_words::range_fits(src_start, length, src.size) ||
                !bitmap_words::range_fits(dst_start, length, size_))
                return bitmap::ErrorClass::range_out_of_bounds;
        }
        const std::span<const std::uint8_t> from(src.bytes);
        const auto src_pos = static_cast<std::uint64_t>(src_start);
        update_words(dst_start, length, [from, src_pos](Word w, Word mask, unsigned shift, std::uint64_t done,
                                                        std::uint64_t n) {
            Word bits = bitmap_words::extract_bits(from, src_pos + done, n) << shift;
            if constexpr (mutant("bitmap_merge_third_word_shift")) {
                // MUTANT bitmap_merge_third_word_shift: from the third word on, the source field is also
                // shifted by its own bit offset, as if extract_bits had left it unaligned
                if (done > kWordBits) bits <<= (src_pos + done) & 7;
            }
            // An OR-merge only ever sets bits (§4.1).
            if constexpr (mutant("bitmap_merge_clears_bits")) return (w & ~mask) | bits;
            return w | bits;
        });
        return bitmap::ErrorClass::ok;
    }

    Bytes byte_array() const override { return bytes_; }

    bitmap::BytesAnswer truncated_byte_array(std::int32_t k) const override {
        if (!bitmap_words::range_fits(0, k, size_)) return {bitmap::ErrorClass::range_out_of_bounds, {}};
        std::size_t n = bytes_for(k);
        if constexpr (mutant("bitmap_truncated_ceil")) n = (static_cast<std::size_t>(k) + 7) / 8;
        if constexpr (mutant("bitmap_truncated_tail_at_word_count")) {
            // MUTANT bitmap_truncated_tail_at_word_count: copied a word at a time, the bytes after the
            // last whole word taken from the wrong offset
            return {bitmap::ErrorClass::ok, tsc::mutants::bitmap::truncated_copy_tail_at_word_count(view(), n)};
        } else {
            return {bitmap::ErrorClass::ok, Bytes(bytes_.begin(), bytes_.begin() + static_cast<std::ptrdiff_t>(n))};
        }
    }

    bool equals(const bitmap::Value& other) const override {
        if constexpr (mutant("bitmap_equals_ignores_size"))
            return other.bytes.size() == bytes_.size() && std::memcmp(other.bytes.data(), bytes_.data(), bytes_.size()) == 0;
        return other.size == size_ && other.bytes.size() == bytes_.size() &&
               std::memcmp(other.bytes.data(), bytes_.data(), bytes_.size()) == 0;
    }

    bitmap::Answer equals_in_range(const bitmap::Value& other, std::int32_t r) const override;

    bitmap::ErrorClass or_failed_rows(std::int32_t element_idx, std::int32_t length, ByteView failed_rows) override;

private:
    ArrayBitmap(std::int32_t size, Bytes bytes) : size_(size), bytes_(std::move(bytes)) {}

    static std::size_t bytes_for(std::int32_t size) { return (static_cast<std::size_t>(size) >> 3) + 1; }

    std::span<const std::uint8_t> view() const { return bytes_; }

    template <Scan kind>
    bitmap::Answer query(std::int32_t start, std::int32_t length, bool negate) const {
        if (!bitmap_words::range_fits(start, length, size_)) return {bitmap::ErrorClass::range_out_of_bounds, false};
        return {bitmap::ErrorClass::ok, scan<kind>(static_cast<std::uint64_t>(start), static_cast<std::uint64_t>(length)) != negate};
    }

    // any: some position of [start, start+length) is marked; all: every one is. The range lies inside
    // the bitmap, so every word read below lies inside the array.
    template <Scan kind>
    bool scan(std::uint64_t start, std::uint64_t length) const {
        if (length == 0) return bitmap_words::empty_range_answer(kind);
        // Prefix path: nothing to align.
        if constexpr (mutant("bitmap_prefix_path_for_small_start")) {
            if (start < 8) return scan_aligned<kind>(0, length);
        }
        if (start == 0) return scan_aligned<kind>(0, length);
        // Offset path: the head word holds positions [start, start + 64 - shift).
        const std::uint64_t index = start >> 3;
        const unsigned shift = start & 7;
        std::uint64_t head = std::min<std::uint64_t>(length, kWordBits - shift);
        if constexpr (mutant("bitmap_offset_head_width")) head = std::min<std::uint64_t>(length, kWordBits);
        const Word mask = bitmap_words::low_mask(head);
        const Word w = (bitmap_words::load_available(view(), index) >> shift) & mask;
        if (kind == Scan::any ? w != 0 : w != mask) return kind == Scan::any;
        // Word boundary: start + 64 - shift is byte (index + 8)'s first position.
        std::uint64_t next = index + kWordBytes;
        if constexpr (mutant("bitmap_word_boundary_resume")) next = index + 7;
        return scan_aligned<kind>(next, length - head);
    }

    // Positions [8 * index, 8 * index + length): whole words, then one masked partial word.
    template <Scan kind>
    bool scan_aligned(std::uint64_t index, std::uint64_t length) const {
        const std::uint8_t* p = bytes_.data() + index;
        for (; length >= kWordBits; length -= kWordBits, p += kWordBytes) {
            Word w = bitmap_words::load8(p);
            if constexpr (mutant("bitmap_scan_third_word_tail_mask")) {
                // MUTANT bitmap_scan_third_word_tail_mask: from the third word on, a whole word is masked
                // to the tail's width (the length left mod 64)
                if (p >= bytes_.data() + index + 2 * kWordBytes) w &= bitmap_words::low_mask(length & (kWordBits - 1));
            }
            if (kind == Scan::any ? w != 0 : w != bitmap_words::kAllOnes) {
                if constexpr (mutant("bitmap_full_word_early_exit_inverted")) return kind == Scan::all;
                return kind == Scan::any;
            }
        }
        // A length that was a multiple of 64: every word agreed.
        if (length == 0) {
            if constexpr (mutant("bitmap_whole_words_tail_answer")) return kind == Scan::any;
            return kind == Scan::all;
        }
        std::uint64_t tail = length;
        if constexpr (mutant("bitmap_last_byte_mask_off_by_one")) tail = length + 1;
        const Word mask = bitmap_words::low_mask(tail);
        std::size_t tail_bytes = static_cast<std::size_t>((length + 7) >> 3);
        if constexpr (mutant("bitmap_tail_load_extra_byte")) {
            // MUTANT bitmap_tail_load_extra_byte: the tail loads the byte after the range's last byte too
            // (masked off, so only a sanitizer sees it when that byte is past the array)
            tail_bytes = std::min<std::size_t>(kWordBytes, tail_bytes + 1);
        }
        const Word w = bitmap_words::load_le(p, tail_bytes) & mask;
        return kind == Scan::any ? w != 0 : w == mask;
    }

    // Rewrites positions [pos, pos+length) a word at a time: f(word, mask, shift, done, n) gets the word
    // at byte pos >> 3, the mask of the n positions it holds (shifted by shift = pos & 7), and how many
    // positions earlier words took. The first word ends on a byte boundary; from then on every word is aligned.
    // Near the end of the array the word shrinks to the bytes left.
    template <class F>
    void update_words(std::uint64_t pos, std::uint64_t length, F f) {
        std::uint64_t done = 0;
        while (done < length) {
            const std::uint64_t index = pos >> 3;
            const unsigned shift = pos & 7;
            std::uint64_t n = std::min<std::uint64_t>(length - done, kWordBits - shift);
            if constexpr (mutant("bitmap_write_chunk_width")) n = std::min<std::uint64_t>(length - done, kWordBits);
            if constexpr (mutant("bitmap_update_last_whole_word_skipped")) {
                // MUTANT bitmap_update_last_whole_word_skipped: a range ending on a word boundary leaves
                // its last whole word unwritten (the end word taken as the one holding the tail)
                if (done != 0 && n == kWordBits && done + n == length) return;
            }
            const Word mask = bitmap_words::low_mask(n) << shift;
            std::size_t span = std::min<std::size_t>(kWordBytes, bytes_.size() - index);
            if constexpr (mutant("bitmap_update_end_span_inclusive")) {
                // MUTANT bitmap_update_end_span_inclusive: the word at the array's end takes one byte past
                // it, loaded and stored back unchanged (only a sanitizer sees it)
                span = std::min<std::size_t>(kWordBytes, bytes_.size() - index + 1);
            }
            std::uint8_t* p = bytes_.data() + index;
            const Word w = span == kWordBytes ? bitmap_words::load8(p) : bitmap_words::load_le(p, span);
            bitmap_words::store_le(p, span, f(w, mask, shift, done, n));
            pos += n;
            done += n;
        }
    }

    std::int32_t size_;
    Bytes bytes_;
};

}  // namespace tsc::subjects::TSC_SUBJECT_NS
