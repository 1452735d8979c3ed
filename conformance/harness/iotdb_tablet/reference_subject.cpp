// IoTDB insertTablet: the reference as the subject "reference". To be folded into the family's operations.
#include <memory>

#include "reference/iotdb_tablet/reference.hpp"
#include "subjects/api/iotdb_tablet.hpp"

namespace tsc {
namespace {

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
}  // namespace tsc
