// TsFile Tablet: the reference as the subject "reference". To be folded into the family's operations.
#include <memory>

#include "reference/tsfile_tablet/reference.hpp"
#include "subjects/api/tsfile_tablet.hpp"

namespace tsc {
namespace {

// The two-step serialize API over the reference's bytes: nothing is written on any error.
class TsfileReference final : public tsfile::Subject {
public:
    std::string_view name() const override { return "reference"; }
    tsfile::SizeOutcome serialized_size(const tsfile::Tablet& t, tsfile::Layout layout) override {
        const tsfile::SerializeOutcome out = tsfile::reference::serialize(t, layout);
        return {out.error, out.bytes.size()};
    }
    tsfile::ErrorClass serialize_into(const tsfile::Tablet& t, tsfile::Layout layout, std::span<std::uint8_t> buffer,
                                      std::size_t offset) override {
        const tsfile::SerializeOutcome out = tsfile::reference::serialize(t, layout);
        if (!out.ok()) return out.error;
        if (offset > buffer.size() || out.bytes.size() > buffer.size() - offset)
            return tsfile::ErrorClass::buffer_too_small;
        for (std::size_t i = 0; i < out.bytes.size(); ++i) buffer[offset + i] = out.bytes[i];
        return tsfile::ErrorClass::ok;
    }
    tsfile::DeserializeOutcome deserialize(ByteView in, tsfile::Layout layout) override {
        return tsfile::reference::deserialize(in, layout);
    }
};


}  // namespace
}  // namespace tsc
