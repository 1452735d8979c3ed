// Every rule of the TsFile Tablet layouts (model.hpp Layout, the operations' profiles): what Java's
// Tablet and MeasurementSchema can hold (domain), what serialize and deserialize do with a value
// (normalisation), how bits are compared, the byte layout and the upstream version, each with its
// source (tablets-and-bitmaps.md §3, Errata 1 and 9). Printed by `tsconform tsfile-tablet profiles` and,
// through it, conformance/PROFILES.md.
#pragma once

#include <array>

#include "reference/common/profile_rule.hpp"

namespace tsc::tsfile {

inline constexpr std::string_view kBothLayouts = "newest, v15201a9d";

inline constexpr std::array kProfileRules{
    ProfileRule{"newest", RulePart::version, "newest.version", "Tablet.serialize/deserialize with OBJECT cells like TEXT",
                "apache/tsfile java/tsfile/.../write/record/Tablet.java after PR #824 (2026-05-26), ObjectType.serializeArray @0050db8c"},
    ProfileRule{"v15201a9d", RulePart::version, "v15201a9d.version",
                "Tablet.serialize/deserialize before OBJECT: a present OBJECT column is unsupported_data_type",
                "apache/tsfile java/tsfile/.../write/record/Tablet.java @15201a9d"},
    ProfileRule{kBothLayouts, RulePart::layout, "short_bitmaps",
                "a bitmap's flag is !isAllUnmarked(rowSize), which reads the array without a length check: a read past "
                "its end before a mark is array_too_short; a marked bitmap shorter than rowSize/8+1 bytes is written "
                "padded with zeros (getTruncatedByteArray: Arrays.copyOf)",
                "apache/tsfile Tablet.java writeBitMaps, java/common/.../utils/BitMap.java isAllUnmarked(int), "
                "getTruncatedByteArray @43e81495 (since a1f2d72f, #307)"},
    ProfileRule{kBothLayouts, RulePart::normalisation, "schema_enums_read",
                "deserialize checks each schema byte as it reads it: a type outside 0–12 is unknown_data_type, an "
                "encoding outside 0–13 or FREQ (10) unknown_encoding, a compressor outside 0, 1, 2, 7, 8, 9 "
                "unknown_compressor, before the rest of the schema and the later sections are read",
                "apache/tsfile MeasurementSchema.deserializeFrom, TSDataType.deserialize, TSEncoding.deserialize, "
                "CompressionType.deserialize @43e81495 (enums since #295, 755de796)"},
    ProfileRule{kBothLayouts, RulePart::domain, "schema_enums_held",
                "a MeasurementSchema holds a TSDataType, a TSEncoding (0–13, FREQ included) and a CompressionType: "
                "the generators draw serialize inputs from these; the reference still writes any byte it is given "
                "(the suite's robustness, not a tablet Java can build)",
                "apache/tsfile MeasurementSchema.java fields, TSEncoding.java, CompressionType.java @43e81495"},
    ProfileRule{kBothLayouts, RulePart::normalisation, "freq_written_not_read",
                "a finding: serialize writes FREQ's byte 10 and deserialize refuses it (unknown_encoding)",
                "apache/tsfile TSEncoding.java @43e81495 (@Deprecated FREQ((byte) 10), no case 10)"},
    ProfileRule{kBothLayouts, RulePart::domain, "strings_are_java_strings",
                "a Java String holds valid UTF-8 only (getBytes(UTF_8) writes no other bytes), and a props Map one "
                "value per key: the generators draw serialize inputs so; the reference still writes any bytes",
                "apache/tsfile ReadWriteIOUtils.write(String, ByteBuffer) (getBytes(STRING_CHARSET)), "
                "MeasurementSchema.serializeTo @10e9ea5b"},
    ProfileRule{kBothLayouts, RulePart::normalisation, "strings_decoded_with_replacement",
                "deserialize decodes a String's bytes (target, names, props) as UTF-8 with replacement, as OpenJDK "
                "17 does: each malformed sequence, cut at its longest valid start, is one U+FFFD, and an encoded "
                "surrogate (ED A0..BF 80..BF, or its first two bytes cut short) is one U+FFFD for the whole of it",
                "apache/tsfile ReadWriteIOUtils.readString(ByteBuffer): new String(bytes, 0, strLength, "
                "TSFileConfig.STRING_CHARSET) @0375385a (the JVM's default charset before d36093df, 2025-01-09)"},
    ProfileRule{kBothLayouts, RulePart::normalisation, "props_as_map",
                "deserialize puts each prop into a HashMap: a repeated key keeps its last value, and the order is the "
                "map's, so a deserialized schema's props are compared as a map (the model: ascending key order, null "
                "first); serialize writes the caller's Map in its iteration order, an input",
                "apache/tsfile MeasurementSchema.deserializeFrom(ByteBuffer) (props = new HashMap<>(); props.put), "
                "serializeTo @10e9ea5b"},
};

}  // namespace tsc::tsfile
