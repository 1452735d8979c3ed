// Forced inlining for the fast subjects' one-value helpers (a byte-order store, a bitmap byte): left
// out of line, the portable variants' byte-at-a-time loops look big enough that GCC calls them, and a
// call per value costs more than the value.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define TSC_FAST_INLINE inline __attribute__((always_inline))
#else
#define TSC_FAST_INLINE inline
#endif
