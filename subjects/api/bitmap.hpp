// The interface an in-process BitMap implementation (tablets-and-bitmaps.md §4) offers to the harness.
#pragma once

#include <memory>
#include <string_view>

#include "reference/bitmap/model.hpp"

namespace tsc::bitmap {

// One live bitmap of a subject. Positions, starts, lengths and sizes are Java ints; anything outside
// the bitmap is an error class, never undefined behaviour.
class Bitmap {
public:
    virtual ~Bitmap() = default;

    virtual ErrorClass mark(std::int32_t position) = 0;
    virtual ErrorClass unmark(std::int32_t position) = 0;
    virtual Answer is_marked(std::int32_t position) const = 0;
    virtual void mark_all() = 0;
    virtual void reset() = 0;
    virtual ErrorClass mark_range(std::int32_t start, std::int32_t length) = 0;
    virtual ErrorClass unmark_range(std::int32_t start, std::int32_t length) = 0;

    virtual bool is_all_unmarked() const = 0;
    virtual Answer is_all_unmarked(std::int32_t range_size) const = 0;
    virtual bool is_all_marked() const = 0;
    virtual Answer is_range_any_marked(std::int32_t start, std::int32_t length) const = 0;
    virtual Answer is_range_all_marked(std::int32_t start, std::int32_t length) const = 0;
    virtual Answer is_range_none_marked(std::int32_t start, std::int32_t length) const = 0;

    // OR-merge of src bits [src_start, src_start+length) into [dst_start, dst_start+length).
    virtual ErrorClass merge(const Value& src, std::int32_t src_start, std::int32_t dst_start, std::int32_t length) = 0;
    // getByteArray: size/8+1 bytes, padding bits included.
    virtual Bytes byte_array() const = 0;
    virtual BytesAnswer truncated_byte_array(std::int32_t size) const = 0;
    virtual bool equals(const Value& other) const = 0;
    virtual Answer equals_in_range(const Value& other, std::int32_t range_size) const = 0;

    // §4.2 AlignedTVList: the failed rows (bit i of failed_rows for row i < length; missing bytes are 0)
    // ORed into this column bitmap from position element_idx.
    virtual ErrorClass or_failed_rows(std::int32_t element_idx, std::int32_t length, ByteView failed_rows) = 0;
};

class Subject {
public:
    virtual ~Subject() = default;
    virtual std::string_view name() const = 0;
    // The profile (model.hpp kProfiles) whose semantics the subject claims.
    virtual std::string_view profile() const = 0;
    // A bitmap of `size` unmarked bits, or nullptr ("no result") when the subject does not support
    // that size, as in cryptofuzz: the harness then skips the subject for that case.
    virtual std::unique_ptr<Bitmap> create(std::int32_t size) = 0;
    // BitMap(size, bytes), from a Value whose bytes hold size/8+1 bytes; nullptr when unsupported.
    virtual std::unique_ptr<Bitmap> create(const Value& value) = 0;
};

// Hands a subject to the harness's registry (defined there: subjects never see the registry).
void add_subject(std::unique_ptr<Subject> subject);

}  // namespace tsc::bitmap
