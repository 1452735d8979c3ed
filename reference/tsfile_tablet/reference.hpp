// The executable specification of TsFile Java Tablet.serialize / Tablet.deserialize(ByteBuffer)
// (tablets-and-bitmaps.md §3, §1.1, §1.2, Errata 1, 7, 8). Writes and reads one byte at a time,
// big-endian by explicit shifts; correct on any host byte order by construction.
#pragma once

#include "reference/tsfile_tablet/model.hpp"

namespace tsc::tsfile::reference {

// §3 table, in Java's order: the first condition Java would throw on gives the error class.
SerializeOutcome serialize(const Tablet& tablet, Layout layout);

// §3 "Deserialization": reads one tablet from the start of `in`; bytes after it are not read.
DeserializeOutcome deserialize(ByteView in, Layout layout);

// The canonical logical tablet: what deserialize(serialize(tablet)) yields when serialize
// succeeds. NaNs canonical, null dates 1000-01-01, booleans 0/1, arrays cut to rowSize, bitmaps
// cut to rowSize/8+1 bytes (padding bits kept) and dropped when no row < rowSize is marked,
// absent schemas left out, bitmap and value lists cut to the schema count, Strings as Java decodes
// them and props as the HashMap holds them (profile rules strings_decoded_with_replacement, props_as_map).
Tablet round_trip_image(const Tablet& tablet, Layout layout);

}  // namespace tsc::tsfile::reference
