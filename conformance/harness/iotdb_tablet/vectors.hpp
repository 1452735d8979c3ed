// Reads the IoTDB insertTablet golden vectors (corpora/vectors/iotdb_tablet.json) into model types.
//
//   serialize vectors: a tablet (and client state) and, per profile, the expected timestamps and values hex
//                      or the expected error class;
//   parse vectors:     a schema, the two buffers, and per parser the expected tablet and bytes consumed, or the
//                      expected error class.
#pragma once

#include <string>
#include <vector>

#include "reference/iotdb_tablet/model.hpp"

namespace tsc::iotdb {

struct SerializeVector {
    std::string name;
    std::string source;
    Tablet tablet;
    ClientState client;
    std::vector<std::pair<Profile, SerializeOutcome>> expected;
};

struct ParseVector {
    std::string name;
    std::string source;
    Schema schema;
    Bytes timestamps;
    Bytes values;
    std::vector<std::pair<ParserProfile, ParseOutcome>> expected;
};

struct Vectors {
    std::vector<SerializeVector> serialize;
    std::vector<ParseVector> parse;
};

Vectors load_iotdb_vectors();

}  // namespace tsc::iotdb
