// The fast BitMap subjects and their registration.
//
// Normal build: `fast-array` (byte-array-backed, any size up to bitmap::kMaxSize) and `fast-long`
// (long-backed, sizes 0-64 only: create() gives no result for any other size).
// Mutant build (TSC_MUTANT set): one subject, `mutant:bitmap:<name>`, wrapping the implementation
// its catalogue entry names: "long" (long-backed) or "array" (byte-array-backed).
#include <memory>
#include <string>
#include <utility>

#include "subjects/api/bitmap.hpp"
#include "subjects/api/mutant.hpp"
#include "subjects/fast/bitmap/array_impl.hpp"
#include "subjects/fast/bitmap/long_impl.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {
namespace {

template <class Impl>
class FastBitmapSubject final : public bitmap::Subject {
public:
    explicit FastBitmapSubject(std::string name) : name_(std::move(name)) {}

    std::string_view name() const override { return name_; }
    std::string_view profile() const override { return "tsfile"; }
    std::unique_ptr<bitmap::Bitmap> create(std::int32_t size) override { return Impl::create(size); }
    std::unique_ptr<bitmap::Bitmap> create(const bitmap::Value& value) override { return Impl::create(value); }

private:
    std::string name_;
};

template <class Impl>
void add(std::string name) {
    bitmap::add_subject(std::make_unique<FastBitmapSubject<Impl>>(std::move(name)));
}

}  // namespace

void register_bitmap() {
    static_assert(tsc::kMutant.empty() || tsc::kMutantImplementation == "long" || tsc::kMutantImplementation == "array",
                  "a bitmap mutant's catalogue implementation is \"long\" or \"array\"");
    if constexpr (tsc::kMutant.empty()) {
        add<ArrayBitmap>("fast-array");
        add<LongBitmap>("fast-long");
    } else if constexpr (tsc::kMutantImplementation == "long") {
        add<LongBitmap>("mutant:bitmap:" + std::string(tsc::kMutant));
    } else {
        add<ArrayBitmap>("mutant:bitmap:" + std::string(tsc::kMutant));
    }
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS
