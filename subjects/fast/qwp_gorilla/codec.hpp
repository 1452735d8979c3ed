// The optimized QWP timestamp column codec (spec qwp-gorilla.md §1.6, §2, §3, §4 D2/D3, §7).
//
// A subject: it shares only the model types with the reference, never its logic. Everything lives in
// namespace tsc::subjects::TSC_SUBJECT_NS so that a mutant build (subjects/api/mutant.hpp) compiles
// this same source into a namespace of its own.
//
// kPortable = false: native-endian fast paths (a memcpy load on little-endian hosts, memcpy +
// __builtin_bswap64 on big-endian hosts, bulk memcpy of raw values on little-endian hosts).
// kPortable = true: those paths are compiled out and every multi-byte value is assembled or split one
// byte at a time, so both variants are compared on every host (as xxHash forces each backend).
//
// The decoder is qwp_gorilla/decoder.hpp (its code-layout pieces in code_windows.hpp), the encoder
// qwp_gorilla/encoder.hpp, the loads, stores and reused storage both use qwp_gorilla/memory.hpp, and
// every size where a path switches qwp_gorilla/thresholds.hpp.
// All arithmetic on timestamps wraps through uint64_t; no shift is ever by 64 or more.
#pragma once

#include "subjects/fast/qwp_gorilla/decoder.hpp"
#include "subjects/fast/qwp_gorilla/encoder.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {

// Both halves under one name, for callers that want a codec object.
template <bool kPortable>
struct QwpGorillaCodec {
    QwpGorillaDecoder<kPortable> decoder;
    QwpGorillaEncoder<kPortable> encoder;
};

// Adds this namespace's subjects to tsc::registry<tsc::qwp::Subject>() (subjects/fast/qwp_gorilla.cpp).
void register_qwp_gorilla();

}  // namespace tsc::subjects::TSC_SUBJECT_NS
