// Every rule of the IoTDB client and parser profiles (model.hpp kProfiles, kParserProfiles): what the real
// client can express (domain), what it does to a value before writing it (normalisation), how
// implementation-defined bits are compared, how it lays the bytes out, and the upstream version, each with
// its source. Printed by `tsconform iotdb_tablet profiles` and, through it, conformance/PROFILES.md.
#pragma once

#include <array>

#include "reference/common/profile_rule.hpp"

namespace tsc::iotdb {

inline constexpr std::array kProfileRules{
    // ---- java
    ProfileRule{"java", RulePart::version, "java.version", "Java Session insertTablet buffers",
                "apache/iotdb iotdb-client/session/.../util/SessionUtils.java @d8b157e5 (SessionTypeServices.java)"},
    ProfileRule{"java", RulePart::layout, "java.placeholders",
                "a null cell is Integer/Long.MIN_VALUE, Float/Double.MIN_VALUE, DATE 10000101",
                "apache/iotdb SessionUtils.java @d8b157e5"},
    ProfileRule{"java", RulePart::layout, "java.bitmaps",
                "section sent when bitmaps exist (a null, a mark, or allocated); flag 1 for a null in rows < n; "
                "n/8+1 bytes; padding bits are the client's marks",
                "apache/iotdb SessionUtils.java @d8b157e5"},
    ProfileRule{"java", RulePart::normalisation, "java.date_year",
                "a DATE outside years 1000–9999 is date_out_of_range",
                "apache/tsfile DateUtils.parseDateExpressionToInt @a9f54614"},
    ProfileRule{"java", RulePart::domain, "java.date_local_date",
                "not modelled (not confirmed at the cited commit): DATE cells are java.time.LocalDate, so only "
                "calendar dates are expressible; the profile accepts any month and day 0–99",
                "apache/iotdb Tablet.addValue (DATE case), not read at a commit here"},
    // ---- cpp
    ProfileRule{"cpp", RulePart::version, "cpp.version", "C++ Session insertTablet buffers",
                "apache/iotdb iotdb-client/client-cpp/src/session/Session.cpp @009939f6"},
    ProfileRule{"cpp", RulePart::layout, "cpp.placeholders",
                "a null cell is INT32/INT64 MIN, FLOAT/DOUBLE numeric_limits<>::min(), DATE 10000101",
                "apache/iotdb Session.cpp @009939f6"},
    ProfileRule{"cpp", RulePart::layout, "cpp.bitmaps",
                "section always sent; flag 1 for a null or any mark (rows >= n too); n/8+1 bytes; client padding",
                "apache/iotdb Session.cpp @009939f6, Common.cpp @1e0fd5e5"},
    ProfileRule{"cpp", RulePart::normalisation, "cpp.date_year",
                "years 1000–9999 checked, month and day not validated (Errata 8)",
                "apache/iotdb client-cpp/src/session/Date.cpp @2f175f38"},
    // ---- python
    ProfileRule{"python", RulePart::version, "python.version", "Python Tablet.get_binary_values",
                "apache/iotdb iotdb-client/client-py/iotdb/utils/Tablet.py (newest public; 106c842c)"},
    ProfileRule{"python", RulePart::layout, "python.placeholders_and_bitmaps",
                "a null cell is zero bytes; section only when some cell is null; padding zero",
                "apache/iotdb Tablet.py @106c842c, BitMap.py @5aadb9c9"},
    ProfileRule{"python", RulePart::domain, "python.date",
                "not modelled (not confirmed): DATE cells are datetime.date, calendar dates only",
                "apache/iotdb Tablet.py, not read at a commit here"},
    // ---- go
    ProfileRule{"go", RulePart::version, "go.version", "Go client Tablet.GetValuesBytes",
                "apache/iotdb-client-go client/tablet.go, client/utils.go @7b306898"},
    ProfileRule{"go", RulePart::layout, "go.slots_and_bitmaps",
                "a null cell sends its slot value; section when bitmaps exist; flag 1 for a null or any mark",
                "apache/iotdb-client-go client/tablet.go @7b306898"},
    ProfileRule{"go", RulePart::normalisation, "go.date_normalised",
                "DATE is a time.Time: time.Date normalises month and day (2023-02-30 is 2023-03-02, month 0 is "
                "December before), then DateToInt32 checks years 1000–9999 (date_out_of_range)",
                "apache/iotdb-client-go client/utils.go DateToInt32, client/tablet.go SetValueAt @7b306898"},
    ProfileRule{"go", RulePart::domain, "go.date_slot",
                "a null DATE slot holds 0 or a value that passed DateToInt32 (the slot is an int32 written only "
                "by SetValueAt); other slots are unchecked",
                "apache/iotdb-client-go client/tablet.go SetValueAt, NewTablet @7b306898"},
    ProfileRule{"go", RulePart::comparison, "go.sort_unstable",
                "not modelled: InsertTablet(sorted=false) sorts rows with sort.Sort (unstable: equal timestamps in "
                "no defined order); the model's rows are the order sent, after any sort",
                "apache/iotdb-client-go client/session.go InsertTablet, client/tablet.go Less/Swap @7b306898"},
    ProfileRule{"go", RulePart::domain, "go.table_empty_tablet",
                "not modelled: the table-model path (insertRelationalTablet) sends no request for 0 rows",
                "apache/iotdb-client-go client/session.go insertRelationalTablet @7b306898"},
    // ---- node
    ProfileRule{"node", RulePart::version, "node.version",
                "Node.js client insertTablet, legacy and fast serializers; OBJECT rejected",
                "apache/iotdb-client-nodejs src/client/Session.ts @02aedeb7 and the src/utils/FastSerializer.ts it "
                "imports serializeTabletValuesFast and serializeTimestamps from (FastSerializer.ts @3d67501d is older "
                "and has no serializeTabletValuesFast)"},
    ProfileRule{"node", RulePart::layout, "node.bitmaps",
                "a null cell is zero bytes; section always; ceil(n/8) bitmap bytes (a finding: the server reads "
                "n/8+1); padding zero",
                "apache/iotdb-client-nodejs Session.ts serializeBitMaps @02aedeb7"},
    ProfileRule{"node", RulePart::normalisation, "node.timestamps_js_number",
                "timestamps are JS numbers: beyond ±(2^53−1) rounded to the nearest double (ties to even), then "
                "BigInt(Math.floor(t)); one that rounds to 2^63 throws a RangeError (timestamp_out_of_range)",
                "apache/iotdb-client-nodejs Session.ts serializeTimestampsLegacy @02aedeb7, FastSerializer.ts "
                "serializeTimestamps @3d67501d (writeBigInt64BE; RangeError seen on Node v20)"},
    ProfileRule{"node", RulePart::normalisation, "node.float_nan_quieted",
                "a FLOAT signalling NaN comes back from a JS number with its quiet bit set (bits | 0x00400000)",
                "apache/iotdb-client-nodejs Session.ts serializeColumn case 3 @02aedeb7, FastSerializer.ts "
                "serializeFloatColumn @3d67501d (writeFloatBE; seen on Node v20: 7f800001 -> 7fc00001)"},
    ProfileRule{"node", RulePart::domain, "node.double_quiet_nans",
                "DOUBLE NaNs are quiet: a signalling NaN keeps its bits in a generic-elements array and gets the "
                "quiet bit from a double array, .map or the legacy path (seen on Node v20)",
                "apache/iotdb-client-nodejs Session.ts serializeTabletValues (values.map) @02aedeb7"},
    ProfileRule{"node", RulePart::domain, "node.text_js_string",
                "TEXT and STRING cells are JS strings, written with Buffer.from(str, \"utf8\"): bytes that are not "
                "UTF-8 are outside the domain, and the tablet the client holds instead has each malformed sequence "
                "as one U+FFFD (WHATWG decoding, as Buffer.toString: an encoded surrogate ED A0..BF is one U+FFFD a "
                "byte; checked on Node.js v20)",
                "apache/iotdb-client-nodejs FastSerializer.ts serializeTabletValuesFast case 5/11 (Buffer.from(str, "
                "\"utf8\"), as of Session.ts @02aedeb7), Session.ts serializeColumn @02aedeb7"},
    ProfileRule{"node", RulePart::comparison, "node.error_order",
                "a tablet with several faults: the timestamps are written first, then the fast path checks every "
                "column's type before any cell and the legacy path goes column by column; any fault the tablet holds "
                "is accepted (the divergence policy's several-faults rule, reference::serialize_faults)",
                "apache/iotdb-client-nodejs Session.ts insertTreeTabletInternal @02aedeb7, FastSerializer.ts "
                "serializeTabletValuesFast pass 1 (throws `Unsupported data type` before writing a cell)"},
    ProfileRule{"node", RulePart::comparison, "node.double_nan_bytes",
                "DOUBLE bytes compared exactly on the domain (quiet NaNs only); the quiet bit of a signalling NaN "
                "is implementation-defined, so such inputs are mapped to their quiet NaN first",
                "apache/iotdb-client-nodejs Session.ts @02aedeb7"},
    ProfileRule{"node", RulePart::normalisation, "node.date_number",
                "a DATE is the number year·10000 + month·100 + day, written unchecked (20230229 and year 0 are sent); "
                "one outside int32 makes writeInt32BE throw a RangeError (date_out_of_range)",
                "apache/iotdb-client-nodejs src/utils/DataTypes.ts parseDateToInt @40928b87 (a number passes through), "
                "Session.ts serializeColumn case 9 @02aedeb7; seen running that code on Node.js v20"},
    ProfileRule{"node", RulePart::normalisation, "node.object_rejected",
                "OBJECT (type 12) throws `Unsupported data type` (unsupported_type)",
                "apache/iotdb-client-nodejs Session.ts serializeColumn default case @02aedeb7"},
    // ---- node-f0b76ed8
    ProfileRule{"node-f0b76ed8", RulePart::version, "node-f0b76ed8.version",
                "the Node.js client with OBJECT writes: every node rule but node.object_rejected and node.date_number",
                "apache/iotdb-client-nodejs tests/unit/TableTabletObject.test.ts @f0b76ed8, DataTypes.ts OBJECT = 12"},
    ProfileRule{"node-f0b76ed8", RulePart::normalisation, "node-f0b76ed8.object_written",
                "an OBJECT cell is written like BLOB: i32 length, then isEOF, i64 offset, content; null: length 0",
                "apache/iotdb-client-nodejs tests/unit/TableTabletObject.test.ts @f0b76ed8"},
    ProfileRule{"node-f0b76ed8", RulePart::normalisation, "node-f0b76ed8.date_calendar",
                "instead of node.date_number: a numeric yyyyMMdd DATE must be a calendar date of years 1000–9999 "
                "(20230229 is date_out_of_range)",
                "apache/iotdb-client-nodejs src/utils/DataTypes.ts validateCalendarDate (a later version than "
                "@40928b87; not among the versions read for node.date_number)"},
    // ---- server parsers
    ProfileRule{"legacy", RulePart::version, "legacy.version", "the server's readTabletValuesFromBuffer",
                "apache/iotdb iotdb-core/datanode/.../utils/QueryDataSetUtils.java @007e7324"},
    ProfileRule{"legacy", RulePart::layout, "legacy.boolean_and_object",
                "a BOOLEAN cell is true iff 0x01 (BytesUtils.byteToBool); OBJECT read like BLOB",
                "apache/iotdb QueryDataSetUtils.java @007e7324, apache/tsfile BytesUtils.java @a9f54614"},
    ProfileRule{"tablet-decoder", RulePart::version, "tablet-decoder.version", "the server's TabletDecoder",
                "apache/iotdb StatementGenerator @01180dcf (TabletDecoder)"},
    ProfileRule{"tablet-decoder", RulePart::layout, "tablet-decoder.boolean_and_object",
                "a BOOLEAN cell is true for any non-zero byte; no OBJECT case (unsupported_type)",
                "apache/iotdb StatementGenerator @01180dcf (TabletDecoder)"},
};

}  // namespace tsc::iotdb
