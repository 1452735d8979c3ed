// An error in an input of the suite (a vector, a request, a command line, a name): the CLI's exit
// status 2 and the protocol's protocol_error, never an internal error.
#pragma once

#include <stdexcept>

namespace tsc {

struct InputError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

}  // namespace tsc
