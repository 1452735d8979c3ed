// The TsFile Tablet operations' generated inputs (conformance/inputs/operation_inputs.hpp): tablets
// for the serializer, written at any offset; for the deserializer, serialized tablets as they are or
// damaged, bytes of no tablet, and every cut of a serialized tablet.
#pragma once

#include "conformance/harness/tsfile_tablet/operations.hpp"
#include "conformance/inputs/operation_inputs.hpp"
#include "conformance/inputs/tsfile_tablet/producer.hpp"

namespace tsc::inputs {

template <>
struct OperationInputs<tsfile::Serialize> {
    static tsfile::Serialize::Input generated(Source& s, std::string_view profile);
};

template <>
struct OperationInputs<tsfile::Deserialize> {
    static tsfile::Deserialize::Input generated(Source& s, std::string_view profile);
    static std::vector<tsfile::Deserialize::Input> truncations(Source& s, std::string_view profile);
};

}  // namespace tsc::inputs
