// Every size at which the fast QWP Gorilla codec (subjects/fast/qwp_gorilla/) switches path, in one
// place. Outside the subjects' namespace so that the checks can include it and place their inputs
// on either side of each switch.
#pragma once

#include <cstddef>

namespace tsc::thresholds::qwp_gorilla {

// Bytes loaded at once by the bit reader (the refill size): below this many bytes left at the read
// position the decoder leaves the general region for the zero-padded tail.
inline constexpr std::size_t kLoadBytes = 8;
// Valid bits of a window loaded at any bit offset (64 − 7): how many codes surely fit in it.
inline constexpr std::size_t kWindowBits = 57;
// The longest code (4-bit prefix + 32-bit payload).
inline constexpr std::size_t kMaxCodeBits = 36;
// Table decoding takes another code from the same window while fewer than this many bits are used.
inline constexpr std::size_t kSafeStartBits = kWindowBits - kMaxCodeBits;
// The fast region (uniform windows) runs while at least this many codes are left to decode...
inline constexpr std::size_t kFastRegionCodes = 16;
// ...and at least this many bytes are left at the read position.
inline constexpr std::size_t kFastRegionBytes = 32;
// 36-bit codes are loaded and taken this many windows at a time in the fast region.
inline constexpr std::size_t kWideCodeWindowsPerStep = 4;
// Zero codes counted per load in a zero run (the bits of one window that count-trailing-zeros sees).
inline constexpr std::size_t kZeroRunBitsPerLoad = 56;
// A window that starts with at least this many zero codes (its low byte zero) goes to the counted
// zero run; fewer leading zero codes are emitted directly.
inline constexpr std::size_t kCountedZeroRunMin = 8;
// Zero codes taken right after a non-uniform window's leading codes, without leaving the bucket loop.
inline constexpr std::size_t kZerosAfterBucketRun = 3;
// Values written per step by the arithmetic fill of a zero run (two 2-lane vectors).
inline constexpr std::size_t kFillStep = 4;
// Spare elements past every decoder and encoder array, so that the fill may overshoot its end.
inline constexpr std::size_t kSlack = 8;
// Size of the zero-padded copy the tail decodes from (the < kLoadBytes last bytes plus padding).
inline constexpr std::size_t kTailBufferBytes = 24;
// Entries of the decoder's code table, indexed by the low 4 bits of the window.
inline constexpr std::size_t kCodeTableSize = 16;
// Entries of the encoder's bucket table, indexed by the highest set bit of the delta-of-delta's magnitude.
inline constexpr std::size_t kBucketTableSize = 64;
// The encoder finds the end of a run of zero delta-of-deltas this many values at a time.
inline constexpr std::size_t kEncoderZeroRunStep = 4;

}  // namespace tsc::thresholds::qwp_gorilla
