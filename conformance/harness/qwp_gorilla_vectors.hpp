// Reads the QWP Gorilla golden vectors (corpora/vectors/qwp_gorilla.json) into model types.
#pragma once

#include <string>
#include <vector>

#include "reference/qwp_gorilla/model.hpp"

namespace tsc::qwp {

struct Vector {
    std::string name;
    std::string source;
    bool codec = false;  // an encoder must also produce `bytes` from expected.column
    std::vector<Profile> profiles;
    Framing framing;
    Bytes bytes;
    DecodeOutcome expected;
};

std::vector<Vector> load_qwp_vectors();
ErrorClass error_class_named(const std::string& name);

}  // namespace tsc::qwp
