// The fast QWP timestamp-column subjects: adapters from subjects/fast/qwp_gorilla/codec.hpp to the
// harness's Subject interface, and their registration.
//
// Normal build: `fast` (native-endian paths) and `fast-portable` (byte-at-a-time loads and stores).
// Mutant build (TSC_MUTANT set): one subject, `mutant:qwp_gorilla:<name>`, of the native variant.
#include <memory>
#include <string>
#include <utility>

#include "subjects/api/mutant.hpp"
#include "subjects/api/qwp_gorilla.hpp"
#include "subjects/fast/qwp_gorilla/codec.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {
namespace {

template <bool kPortable>
class FastQwpSubject final : public qwp::Subject {
public:
    explicit FastQwpSubject(std::string name) : name_(std::move(name)) {}

    std::string_view name() const override { return name_; }

    Bytes encode(const qwp::Column& column, bool gorilla_flag, const qwp::EncodeProfile& profile) override {
        const std::span<const std::uint8_t> out = codec_.encoder.encode(column, gorilla_flag, profile);
        return Bytes(out.begin(), out.end());
    }

    // Copies the decoder's reused storage into the canonical Column (model.hpp).
    qwp::DecodeOutcome decode(ByteView body, const qwp::Framing& framing, const qwp::Profile& profile) override {
        auto& d = codec_.decoder;
        qwp::DecodeOutcome result;
        result.error = d.decode(body, framing, profile);
        result.encoding = d.encoding();
        result.consumed = d.consumed();
        if (result.ok()) {
            result.column.row_count = d.row_count();
            result.column.has_null_bitmap = d.has_null_bitmap();
            const auto bitmap = d.null_bitmap();
            result.column.null_bitmap.assign(bitmap.begin(), bitmap.end());
            const auto values = d.values();
            result.column.values.assign(values.begin(), values.end());
        }
        return result;
    }

private:
    std::string name_;
    QwpGorillaCodec<kPortable> codec_;
};

template <bool kPortable>
void add(std::string name) {
    qwp::add_subject(std::make_unique<FastQwpSubject<kPortable>>(std::move(name)));
}

}  // namespace

void register_qwp_gorilla() {
    static_assert(tsc::kMutant.empty() || tsc::kMutantImplementation == "native",
                  "a qwp_gorilla mutant's catalogue implementation is \"native\" (the variant it wraps)");
    if constexpr (tsc::kMutant.empty()) {
        add<false>("fast");
        add<true>("fast-portable");
    } else {
        add<false>("mutant:qwp_gorilla:" + std::string(tsc::kMutant));
    }
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS
