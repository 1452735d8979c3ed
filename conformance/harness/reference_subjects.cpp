// The references, registered as the subject "reference" of each family so that the CLI and
// external tools can run them by name. Checks compare against the reference functions directly.
#include <memory>

#include "conformance/harness/bitmap_reference_subject.hpp"
#include "reference/iotdb_tablet/reference.hpp"
#include "reference/qwp_gorilla/reference.hpp"
#include "reference/tsfile_tablet/reference.hpp"
#include "subjects/api/iotdb_tablet.hpp"
#include "subjects/api/qwp_gorilla.hpp"
#include "subjects/api/registry.hpp"
#include "subjects/api/tsfile_tablet.hpp"

namespace tsc {
namespace {

class QwpReference final : public qwp::Subject {
public:
    std::string_view name() const override { return "reference"; }
    Bytes encode(const qwp::Column& c, bool gorilla_flag) override { return qwp::reference::encode(c, gorilla_flag); }
    qwp::DecodeOutcome decode(ByteView body, const qwp::Framing& f, const qwp::Profile& p) override {
        return qwp::reference::decode(body, f, p);
    }
};

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

class IotdbTabletReference final : public iotdb::Subject {
public:
    std::string_view name() const override { return "reference"; }
    iotdb::SerializeOutcome serialize(const iotdb::Tablet& t, const iotdb::ClientState& s,
                                      const iotdb::Profile& p) override {
        return iotdb::reference::serialize(t, s, p);
    }
    iotdb::ParseOutcome parse(ByteView timestamps, ByteView values, const iotdb::Schema& schema,
                              const iotdb::ParserProfile& q) override {
        return iotdb::reference::parse(timestamps, values, schema, q);
    }
};

}  // namespace

void register_reference_subjects() {
    registry<qwp::Subject>().add(std::make_unique<QwpReference>());
    registry<iotdb::Subject>().add(std::make_unique<IotdbTabletReference>());
    registry<tsfile::Subject>().add(std::make_unique<TsfileReference>());
    registry<bitmap::Subject>().add(bitmap::make_reference_subject());
}

}  // namespace tsc
