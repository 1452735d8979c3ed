// The sizes at which the fast IoTDB insertTablet subject switches path, in one place, so that the
// checks can build inputs on either side of each one. Outside the subject namespace: the checks
// include this header, and every build of the subject (fast, portable, each mutant) shares it.
#pragma once

#include <cstddef>

namespace tsc::thresholds::iotdb_tablet {

// Byte-reversing column copies (timestamps, INT32/FLOAT/INT64/DOUBLE/TIMESTAMP columns, both ways):
// whole blocks of this many bytes go through one AVX2 shuffle each, the rest through a scalar bswap loop.
inline constexpr std::size_t kSwapBlockBytes = 32;
// 4-byte values (INT32, FLOAT) per AVX2 block: a column of fewer values is swapped entirely by the scalar loop.
inline constexpr std::size_t kSwapValues4 = kSwapBlockBytes / 4;
// 8-byte values (timestamps, INT64, TIMESTAMP, DOUBLE) per AVX2 block: likewise.
inline constexpr std::size_t kSwapValues8 = kSwapBlockBytes / 8;
// Null-mark scan (does a column have a null?): whole 8-byte words OR-ed together, the rest byte by byte.
inline constexpr std::size_t kNullScanWordBytes = 8;
// Bitmap packing and expansion: rows per bitmap byte; whole groups through the SWAR pack and the 256-entry
// expansion table, the last n % 8 rows through the tail path.
inline constexpr std::size_t kRowsPerBitmapByte = 8;

}  // namespace tsc::thresholds::iotdb_tablet
