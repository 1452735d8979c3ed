// The QWP Gorilla operations' generated inputs (conformance/inputs/operation_inputs.hpp): columns for
// the encoder, bodies for the decoder, and every cut of an encoded column.
#pragma once

#include "conformance/inputs/operation_inputs.hpp"
#include "conformance/inputs/qwp_gorilla/producer.hpp"

namespace tsc::inputs {

template <>
struct OperationInputs<qwp::Encode> {
    static qwp::Encode::Input generated(Source& s, std::string_view profile);
};

template <>
struct OperationInputs<qwp::Decode> {
    static qwp::Decode::Input generated(Source& s, std::string_view profile);
    static std::vector<qwp::Decode::Input> truncations(Source& s, std::string_view profile);
};

}  // namespace tsc::inputs
