#include "conformance/harness/bitmap_reference_subject.hpp"

#include "reference/bitmap/reference.hpp"

namespace tsc::bitmap {
namespace {

class ReferenceBitmap final : public Bitmap {
public:
    explicit ReferenceBitmap(reference::Bitmap b) : b_(std::move(b)) {}

    ErrorClass mark(std::int32_t p) override { return b_.mark(p); }
    ErrorClass unmark(std::int32_t p) override { return b_.unmark(p); }
    Answer is_marked(std::int32_t p) const override { return b_.is_marked(p); }
    void mark_all() override { b_.mark_all(); }
    void reset() override { b_.reset(); }
    ErrorClass mark_range(std::int32_t s, std::int32_t l) override { return b_.mark_range(s, l); }
    ErrorClass unmark_range(std::int32_t s, std::int32_t l) override { return b_.unmark_range(s, l); }
    bool is_all_unmarked() const override { return b_.is_all_unmarked(); }
    Answer is_all_unmarked(std::int32_t r) const override { return b_.is_all_unmarked(r); }
    bool is_all_marked() const override { return b_.is_all_marked(); }
    Answer is_range_any_marked(std::int32_t s, std::int32_t l) const override { return b_.is_range_any_marked(s, l); }
    Answer is_range_all_marked(std::int32_t s, std::int32_t l) const override { return b_.is_range_all_marked(s, l); }
    Answer is_range_none_marked(std::int32_t s, std::int32_t l) const override { return b_.is_range_none_marked(s, l); }
    ErrorClass merge(const Value& src, std::int32_t s, std::int32_t d, std::int32_t l) override {
        return b_.merge(src, s, d, l);
    }
    Bytes byte_array() const override { return b_.byte_array(); }
    BytesAnswer truncated_byte_array(std::int32_t k) const override { return b_.truncated_byte_array(k); }
    bool equals(const Value& other) const override { return b_.equals(other); }
    Answer equals_in_range(const Value& other, std::int32_t r) const override { return b_.equals_in_range(other, r); }
    ErrorClass or_failed_rows(std::int32_t e, std::int32_t l, ByteView rows) override {
        return b_.or_failed_rows(e, l, rows);
    }

private:
    reference::Bitmap b_;
};

class ReferenceSubject final : public Subject {
public:
    std::string_view name() const override { return "reference"; }
    std::string_view profile() const override { return kDefaultProfile.name; }
    std::unique_ptr<Bitmap> create(std::int32_t size) override { return wrap(reference::Bitmap::make(size)); }
    std::unique_ptr<Bitmap> create(const Value& value) override { return wrap(reference::Bitmap::make(value)); }

private:
    static std::unique_ptr<Bitmap> wrap(std::optional<reference::Bitmap> b) {
        return b ? std::make_unique<ReferenceBitmap>(std::move(*b)) : nullptr;
    }
};

}  // namespace

std::unique_ptr<Subject> make_reference_subject() { return std::make_unique<ReferenceSubject>(); }

}  // namespace tsc::bitmap
