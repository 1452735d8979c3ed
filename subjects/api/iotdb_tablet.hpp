// The interface an in-process IoTDB insertTablet implementation offers to the harness: a client-side
// serializer of the `timestamps` and `values` buffers under a profile, and a server-side parser of them.
#pragma once

#include <memory>

#include <string_view>

#include "reference/iotdb_tablet/model.hpp"

namespace tsc::iotdb {

class Subject {
public:
    virtual ~Subject() = default;
    virtual std::string_view name() const = 0;
    // Not const: a subject may keep storage between calls, as a real client or server would.
    virtual SerializeOutcome serialize(const Tablet& tablet, const ClientState& state, const Profile& profile) = 0;
    virtual ParseOutcome parse(ByteView timestamps, ByteView values, const Schema& schema,
                               const ParserProfile& parser) = 0;
};

// Hands a subject to the harness's registry (defined there: subjects never see the registry).
void add_subject(std::unique_ptr<Subject> subject);

}  // namespace tsc::iotdb
