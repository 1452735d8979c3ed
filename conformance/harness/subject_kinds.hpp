// The definitions of SubjectKinds (operation.hpp), for the one file of a family that defines its
// Reference and External subjects and instantiates SubjectKinds there.
#pragma once

#include "conformance/harness/operation.hpp"

namespace tsc {

template <class SubjectT, class Reference, class External>
void SubjectKinds<SubjectT, Reference, External>::register_reference() {
    registry<SubjectT>().add(std::make_unique<Reference>());
}

template <class SubjectT, class Reference, class External>
std::unique_ptr<SubjectT> SubjectKinds<SubjectT, Reference, External>::external(std::string name, std::string command) {
    return std::make_unique<External>(std::move(name), std::move(command));
}

}  // namespace tsc
