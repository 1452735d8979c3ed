// Code that only the seeded bugs of the tsfile_tablet family use (subjects/mutants/catalogue.json), kept
// out of the codec so that its files hold the rules and each bug is a short switch at its site. The
// historical encodings the two tablet families share (days since the epoch, a length in UTF-8 characters,
// little-endian bytes) are in iotdb_tablet.hpp, once.
#pragma once

#include <cstdint>

#include "reference/tsfile_tablet/model.hpp"
#include "subjects/mutants/iotdb_tablet.hpp"

namespace tsc::mutants {

// A DATE as the days since 1970-01-01 (the historical Node encoding); the date is a calendar date.
inline std::int32_t days_since_epoch(const tsfile::Date& d) {
    return static_cast<std::int32_t>(
        days_from_civil(d.year, static_cast<unsigned>(d.month), static_cast<unsigned>(d.day)));
}

}  // namespace tsc::mutants
