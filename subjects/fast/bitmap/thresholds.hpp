// Every size at which the fast BitMap subjects (subjects/fast/bitmap_*) switch path, in one place.
// Outside the subjects' namespace so that the checks can include it and place their inputs on
// either side of each switch.
#pragma once

#include <cstddef>

namespace tsc::thresholds::bitmap {

// Positions held by one word: the long-backed bitmap is one word, the array-backed one is read and
// written a word at a time; a range or offset crossing a multiple of it goes on to the next word.
inline constexpr std::size_t kWordBits = 64;
// Bitmap bytes handled per step: a full 8-byte load or store; fewer bytes left at the end of the
// array take the shorter partial load/store instead.
inline constexpr std::size_t kWordBytes = 8;
// Largest size of the long-backed bitmap (create() gives no bitmap above it); at this size, and only
// there, the serialized form has the 9th byte that markAll sets.
inline constexpr std::size_t kLongMaxSize = 64;

}  // namespace tsc::thresholds::bitmap
