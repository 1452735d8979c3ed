// Counts the differential cases each family's checks compared, so the gate can report them.
// When TSCONFORM_CASES_FILE names a file, the counts are appended to it at exit as
// "<family> <cases>" lines.
#pragma once

#include <string_view>

namespace tsc {

void count_case(std::string_view family);

}  // namespace tsc
