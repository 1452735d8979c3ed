// The BitMap operation's generated inputs (conformance/inputs/operation_inputs.hpp): programs.
#pragma once

#include "conformance/inputs/bitmap/producer.hpp"
#include "conformance/inputs/operation_inputs.hpp"

namespace tsc::inputs {

template <>
struct OperationInputs<bitmap::RunProgram> {
    static bitmap::RunProgram::Input generated(Source& s, std::string_view profile) {
        return bitmap::inputs::ProgramProducer::build(s, profile.empty() ? bitmap::kDefaultProfile : bitmap::profile_named(profile));
    }
};

}  // namespace tsc::inputs
