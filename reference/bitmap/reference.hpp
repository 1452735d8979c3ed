// The executable specification of the TsFile/IoTDB BitMap (tablets-and-bitmaps.md §4).
// One bit or one byte at a time, no word loads; every rule names its section of the spec.
#pragma once

#include <array>
#include <optional>

#include "reference/bitmap/model.hpp"

namespace tsc::bitmap::reference {

// §4.1 getSizeOfBytes: size/8 + 1 bytes, even when size is a multiple of 8.
std::size_t size_of_bytes(std::int32_t size);

// A Value whose bytes hold exactly size_of_bytes(size) bytes, with 0 <= size <= kMaxSize.
bool is_valid(const Value& value);

// A bitmap as a profile's implementation holds it (model.hpp Implementation): every operation
// follows that class where the classes differ, and §4.1 elsewhere.
class Bitmap {
public:
    // nullopt when size is outside [0, kMaxSize] (or the bytes are not size_of_bytes(size) long).
    static std::optional<Bitmap> make(std::int32_t size, const Profile& profile = kDefaultProfile);
    static std::optional<Bitmap> make(const Value& value, const Profile& profile = kDefaultProfile);  // BitMap(size, bytes)

    // A copy of this bitmap, read and written from now on as `profile`'s implementation.
    Bitmap under(const Profile& profile) const;

    std::int32_t size() const { return size_; }
    const Bytes& byte_array() const { return bytes_; }  // §4.1 getByteArray
    Value value() const { return {size_, bytes_}; }

    ErrorClass mark(std::int32_t position);
    ErrorClass unmark(std::int32_t position);
    Answer is_marked(std::int32_t position) const;
    void mark_all();
    void reset();
    ErrorClass mark_range(std::int32_t start, std::int32_t length);
    ErrorClass unmark_range(std::int32_t start, std::int32_t length);

    bool is_all_unmarked() const;
    Answer is_all_unmarked(std::int32_t range_size) const;
    bool is_all_marked() const;
    Answer is_range_any_marked(std::int32_t start, std::int32_t length) const;
    Answer is_range_all_marked(std::int32_t start, std::int32_t length) const;
    Answer is_range_none_marked(std::int32_t start, std::int32_t length) const;
    // §4.2: the AlignedTVList range check, as the profile's implementation answers it.
    Answer contains_marked_bit(std::int32_t start, std::int32_t length) const;

    ErrorClass merge(const Value& src, std::int32_t src_start, std::int32_t dst_start, std::int32_t length);
    BytesAnswer truncated_byte_array(std::int32_t size) const;
    bool equals(const Value& other) const;
    Answer equals_in_range(const Value& other, std::int32_t range_size) const;

    // §4.2 markNullBitmapRange step 3: rows i < length whose bit i of failed_rows is set (bits past the
    // end of failed_rows count as 0) become marked at element_idx + i.
    ErrorClass or_failed_rows(std::int32_t element_idx, std::int32_t length, ByteView failed_rows);

private:
    Bitmap(std::int32_t size, Bytes bytes, const Profile& profile)
        : size_(size), bytes_(std::move(bytes)), profile_(profile) {}

    bool bit(std::int64_t position) const;
    void set_bit(std::int64_t position, bool marked);
    bool range_fits(std::int64_t start, std::int64_t length) const;
    Answer legacy_byte_scan(std::int32_t start, std::int32_t length) const;
    Answer java_array_prefix(std::int32_t range_size) const;
    Answer java_long_prefix(std::int32_t range_size) const;
    ErrorClass set_position(std::int32_t position, bool marked);
    ErrorClass java_array_position(std::int32_t position) const;
    std::int64_t word_bits() const;
    bool word_bit(std::int64_t q) const;
    void set_word_bit(std::int64_t q, bool marked);
    ErrorClass java_long_range(std::int32_t start, std::int32_t length, bool marked);
    ErrorClass java_array_merge_overflowed(const Value& src, std::int32_t src_start, std::int32_t dst_start,
                                           std::int32_t length);
    ErrorClass java_long_merge_overflowed(const Value& src, std::int32_t src_start, std::int32_t dst_start,
                                          std::int32_t length);

    std::int32_t size_ = 0;
    Bytes bytes_;
    Profile profile_;
    // BitMapLongImpl keeps 64 bits in a long: its bits past the byte array are invisible to getByteArray,
    // set by markAll, cleared by reset and reached by a masked shift (word_bit).
    std::array<bool, 64> hidden_word_bits_{};
};

}  // namespace tsc::bitmap::reference
