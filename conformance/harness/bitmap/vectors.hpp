// Reads the BitMap golden vectors (corpora/vectors/bitmap.json): a program (size, optional initial
// bytes, operations in the CLI's text form), the profile it is stated under, and one expected
// observation per operation in describe()'s notation ("ok", "true", "false", hex, "error:<class>").
#pragma once

#include <string>
#include <vector>

#include "conformance/harness/bitmap_program.hpp"

namespace tsc::bitmap {

struct Vector {
    std::string name;
    std::string source;
    Profile profile = kDefaultProfile;
    Program program;
    std::vector<std::string> expect;
};

std::vector<Vector> load_bitmap_vectors();

}  // namespace tsc::bitmap
