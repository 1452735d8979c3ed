// The BitMap reference as a subject ("reference", profile tsfile), for the CLI and external tools.
#pragma once

#include <memory>

#include "subjects/api/bitmap.hpp"

namespace tsc::bitmap {

std::unique_ptr<Subject> make_reference_subject();

}  // namespace tsc::bitmap
