// The sizes at which the fast TsFile Tablet subject switches path, in one place, so that the checks
// can build inputs on either side of each one. Outside the subject namespace: the checks include
// this header, and every build of the subject (fast, portable, each mutant) shares it.
#pragma once

#include <cstddef>

namespace tsc::thresholds::tsfile_tablet {

// Byte-reversing array copies (timestamps, INT32/INT64/FLOAT/DOUBLE columns, both ways; NaNs made canonical
// in the same step for FLOAT/DOUBLE): whole blocks of this many bytes go through one AVX2 shuffle each, the
// rest through the scalar loop.
inline constexpr std::size_t kSwapBlockBytes = 32;
// 4-byte values (INT32, FLOAT) per AVX2 block: a column of fewer values is swapped entirely by the scalar loop.
inline constexpr std::size_t kSwapValues4 = kSwapBlockBytes / 4;
// 8-byte values (timestamps, INT64, DOUBLE) per AVX2 block: likewise.
inline constexpr std::size_t kSwapValues8 = kSwapBlockBytes / 8;
// Bitmap scan for a mark below rowSize: whole bitmap bytes this many at a time as one word, then byte by
// byte, then the masked last byte.
inline constexpr std::size_t kMarkScanWordBytes = 8;
// Rows per bitmap byte: rowSize / 8 whole bytes are scanned unmasked, the rowSize % 8 rows of the next one
// masked.
inline constexpr std::size_t kRowsPerBitmapByte = 8;

}  // namespace tsc::thresholds::tsfile_tablet
