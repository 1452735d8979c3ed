// The executable specification of the QWP timestamp column body (qwp-gorilla.md §1.6, §2, §3).
// Reads and writes one bit or one byte at a time; correct on any host byte order by construction.
#pragma once

#include "reference/qwp_gorilla/model.hpp"

namespace tsc::qwp::reference {

// §2.8: Gorilla iff FLAG_GORILLA is set, at least 3 values and every delta-of-delta fits int32: the
// wrapped ones (§2.4), or under an exact-arithmetic profile the exact ones (§4 D4).
Bytes encode(const Column& column, bool gorilla_flag, const EncodeProfile& profile = kCanonicalEncodeProfile);

// §2.7 under the given profile's policies (§4 D2, D3).
DecodeOutcome decode(ByteView body, const Framing& framing, const Profile& profile);

}  // namespace tsc::qwp::reference
