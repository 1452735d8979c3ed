// Reads the TsFile Tablet golden vectors (corpora/vectors/tsfile_tablet.json) and findings registry
// (corpora/findings/tsfile_tablet.json) into model types.
//
// A vector names the layouts it holds for and has any of:
//   "tablet"     a tablet (tsfile_tablet_json.hpp) that serialize must turn into "bytes", or fail on
//                with "serialize_error";
//   "bytes"      the wire bytes, which deserialize must read as "expect": {"tablet": …, "consumed": n}
//                or {"error": class}.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reference/tsfile_tablet/model.hpp"

namespace tsc::tsfile {

struct Vector {
    std::string name;
    std::string source;
    std::vector<Layout> layouts;
    std::optional<Tablet> tablet;
    ErrorClass serialize_error = ErrorClass::ok;  // what serialize(tablet) gives when it fails
    std::optional<Bytes> bytes;
    std::optional<DeserializeOutcome> expected;  // what deserialize(bytes) gives
};

std::vector<Vector> load_tsfile_vectors();

// The bytes serialize must write for v.tablet: v.bytes up to what deserialize consumes (a vector may
// carry bytes after the tablet, which a reader must leave alone).
ByteView written_bytes(const Vector& v);

// One upstream behaviour the suite models, with the example that shows it. `check` says how the
// findings test demonstrates it (see conformance/tests/tsfile_tablet/findings_test.cpp).
struct Finding {
    std::string id;
    std::vector<Layout> layouts;
    std::string upstream;   // repository, path and version
    std::string spec;       // section of tablets-and-bitmaps.md
    std::string condition;  // when it happens, in words
    std::string check;      // deserialize | reserialize_differs | reserialize_fails | serialize_error | round_trip_differs
    Vector example;         // tablet and/or bytes with their expectations
};

std::vector<Finding> load_tsfile_findings();

ErrorClass error_class_named(const std::string& name);

}  // namespace tsc::tsfile
