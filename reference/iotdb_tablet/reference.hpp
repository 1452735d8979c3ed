// The executable specification of the IoTDB insertTablet buffers (tablets-and-bitmaps.md §1–2) and of the
// server's reading of them (the contract). Reads and writes one byte at a time; correct on any host byte
// order by construction.
#pragma once

#include "reference/iotdb_tablet/model.hpp"

namespace tsc::iotdb::reference {

// The `timestamps` (§2.2) and `values` (§2.3) buffers a client of the given profile (§2.6) sends.
SerializeOutcome serialize(const Tablet& tablet, const ClientState& state, const Profile& profile);

// The server's reading of the two buffers (§2.2, §2.3, Errata 2) as the canonical logical tablet.
ParseOutcome parse(ByteView timestamps, ByteView values, const Schema& schema, const ParserProfile& parser);

}  // namespace tsc::iotdb::reference
