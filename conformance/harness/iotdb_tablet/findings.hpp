// Findings: profiles whose bytes the server (the contract) does not read back to the same logical tablet.
//
// A condition is a predicate over a contract input (tablet, client state, profile, parser) that names why a
// divergence happens. The registry is data: the contract vectors of corpora/vectors/iotdb_tablet.json that
// carry a `finding` block (conformance/harness/findings.hpp) against `contract`, whose own fields name the
// predicate, the parsers it holds for, and the first (smallest) example: the vector's input, with the bytes
// the reference sends for it under profiles[0] and what each parser reads from them (`observed`). A
// divergence that no registered condition explains is a failure of the contract check; a registered one is
// reported, not failed.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/harness/iotdb_tablet/operations.hpp"
#include "conformance/harness/vectors.hpp"

namespace tsc::iotdb {

struct Condition {
    std::string_view name;
    std::string_view summary;
    bool (*applies)(const Contract::Input&);
};

std::span<const Condition> conditions();

// The first condition that applies, if any.
std::optional<std::string_view> explaining_condition(const Contract::Input& in);

struct Finding {
    Vector vector;  // the contract vector that carries it
    std::string id;
    std::string predicate;  // the name of a Condition
    std::vector<std::string> profiles;
    std::vector<std::string> parsers;
    std::string spec;      // sections of tablets-and-bitmaps.md
    std::string upstream;  // repository paths
    std::string summary;
    Contract::Input example;   // the vector's input under profiles[0] and parsers[0]
    SerializeOutcome sent;     // what the reference sends for it under profiles[0]
    std::vector<std::pair<std::string, ParseOutcome>> observed;  // parser → what the reference parser reads
};

const std::vector<Finding>& registered_findings();

bool is_registered(std::string_view condition, std::string_view profile, std::string_view parser);

}  // namespace tsc::iotdb
