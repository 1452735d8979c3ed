// The fast TsFile Tablet subjects: adapters from subjects/fast/tsfile_tablet/ (encoder.hpp, decoder.hpp) to the
// harness's Subject interface, and their registration.
//
// Normal build: `fast` (native-endian paths) and `fast-portable` (byte-at-a-time stores and loads).
// Mutant build (TSC_MUTANT set): one subject, `mutant:tsfile_tablet:<name>`, of the native variant.
#include <memory>
#include <string>
#include <utility>

#include "subjects/api/mutant.hpp"
#include "subjects/api/tsfile_tablet.hpp"
#include "subjects/fast/tsfile_tablet/decoder.hpp"
#include "subjects/fast/tsfile_tablet/encoder.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {
namespace {

template <bool kPortable>
class FastTsfileSubject final : public tsfile::Subject {
public:
    explicit FastTsfileSubject(std::string name) : name_(std::move(name)) {}

    std::string_view name() const override { return name_; }

    tsfile::SizeOutcome serialized_size(const tsfile::Tablet& t, tsfile::Layout layout) override {
        return serializer_.size(t, layout);
    }

    tsfile::ErrorClass serialize_into(const tsfile::Tablet& t, tsfile::Layout layout, std::span<std::uint8_t> buffer,
                                      std::size_t offset) override {
        const tsfile::SizeOutcome size = serializer_.size(t, layout);
        if (!size.ok()) return size.error;
        if (offset > buffer.size() || size.size > buffer.size() - offset) {
            if constexpr (tsc::mutant("tsfile_buffer_too_small_silent")) return tsfile::ErrorClass::ok;  // MUTANT
            return tsfile::ErrorClass::buffer_too_small;
        }
        std::uint8_t* at = buffer.data() + offset;
        if constexpr (tsc::mutant("tsfile_offset_ignored")) at = buffer.data();  // MUTANT: writes at position 0
        serializer_.write(t, layout, at);
        return tsfile::ErrorClass::ok;
    }

    tsfile::DeserializeOutcome deserialize(ByteView in, tsfile::Layout layout) override {
        return deserializer_.deserialize(in, layout);
    }

private:
    std::string name_;
    TsfileTabletSerializer<kPortable> serializer_;
    TsfileTabletDeserializer<kPortable> deserializer_;
};

template <bool kPortable>
void add(std::string name) {
    tsfile::add_subject(std::make_unique<FastTsfileSubject<kPortable>>(std::move(name)));
}

}  // namespace

void register_tsfile_tablet() {
    if constexpr (tsc::kMutant.empty()) {
        add<false>("fast");
        add<true>("fast-portable");
    } else {
        add<false>("mutant:tsfile_tablet:" + std::string(tsc::kMutant));
    }
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS
