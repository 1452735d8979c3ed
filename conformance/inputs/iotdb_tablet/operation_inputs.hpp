// The IoTDB insertTablet operations' generated inputs (conformance/inputs/operation_inputs.hpp):
// tablets and client state for the serializer and the contract; for the parser, the buffers a client
// profile sent for such a tablet, as they are or damaged, and every cut of them.
#pragma once

#include "conformance/harness/iotdb_tablet/operations.hpp"
#include "conformance/inputs/iotdb_tablet/producer.hpp"
#include "conformance/inputs/operation_inputs.hpp"

namespace tsc::inputs {

template <>
struct OperationInputs<iotdb::Serialize> {
    static iotdb::Serialize::Input generated(Source& s, std::string_view profile);
};

template <>
struct OperationInputs<iotdb::Contract> {
    static iotdb::Contract::Input generated(Source& s, std::string_view profile);
};

template <>
struct OperationInputs<iotdb::Parse> {
    static iotdb::Parse::Input generated(Source& s, std::string_view profile);
    static std::vector<iotdb::Parse::Input> truncations(Source& s, std::string_view profile);
};

}  // namespace tsc::inputs
