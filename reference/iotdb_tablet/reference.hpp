// The executable specification of the IoTDB insertTablet buffers (tablets-and-bitmaps.md §1–2) and of the
// server's reading of them (the contract). Reads and writes one byte at a time; correct on any host byte
// order by construction.
#pragma once

#include <vector>

#include "reference/iotdb_tablet/model.hpp"

namespace tsc::iotdb::reference {

// The `timestamps` (§2.2) and `values` (§2.3) buffers a client of the given profile (§2.6) sends.
SerializeOutcome serialize(const Tablet& tablet, const ClientState& state, const Profile& profile);

// Every error class whose fault the tablet holds under the profile: an unsupported type, an inconsistent
// shape, a timestamp or a DATE cell the client cannot write. `serialize` returns the first in its own
// order (types, shape, timestamps, then column by column); a client that checks in another order
// returns another one of them (the divergence policy, docs/design.md).
std::vector<ErrorClass> serialize_faults(const Tablet& tablet, const ClientState& state, const Profile& profile);

// Whether the profile's client can express the tablet (model.hpp Domain: Node holds no DOUBLE signalling NaN,
// a Go null DATE slot holds 0 or a checked date), and the tablet mapped into that domain (the NaN quieted,
// the slot set to 0). Checks of a profile draw their inputs from its domain.
bool in_domain(const Tablet& tablet, const Profile& profile);
Tablet into_domain(Tablet tablet, const Profile& profile);

// The logical tablet the profile's client sends for it: each value after the profile's normalisation
// (Node's timestamps as doubles and quieted f32 NaNs, Go's normalised dates), what a server reads back.
Tablet as_written(Tablet tablet, const Profile& profile);
// as_written one value at a time: it applies these to every timestamp and to every non-null FLOAT and DATE
// cell of a column with one cell and one null mark a row; every other cell is written as it is.
std::int64_t timestamp_as_written(std::int64_t ts, const Profile& profile);
std::uint32_t float_cell_as_written(std::uint32_t bits, const Profile& profile);
Date date_cell_as_written(const Date& d, const Profile& profile);

// The server's reading of the two buffers (§2.2, §2.3, Errata 2) as the canonical logical tablet.
ParseOutcome parse(ByteView timestamps, ByteView values, const Schema& schema, const ParserProfile& parser);

}  // namespace tsc::iotdb::reference
