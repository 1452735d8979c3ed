// Findings: profiles whose bytes the server (the contract) does not read back to the same logical tablet.
//
// A condition is a predicate over (tablet, client state, profile, parser) that names why a divergence
// happens; the registry (corpora/findings/iotdb_tablet.json) is data: which conditions are known, for which
// profiles and parsers, with the first example found. A divergence that no registered condition explains is
// a failure of the check; a registered one is reported, not failed.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reference/iotdb_tablet/model.hpp"

namespace tsc::iotdb {

struct Condition {
    std::string_view name;
    std::string_view summary;
    bool (*applies)(const Tablet&, const ClientState&, const Profile&, const ParserProfile&);
};

std::span<const Condition> conditions();

// The first condition that applies, if any.
std::optional<std::string_view> explaining_condition(const Tablet& t, const ClientState& s, const Profile& p,
                                                     const ParserProfile& q);

struct Finding {
    std::string condition;
    std::vector<std::string> profiles;
    std::vector<std::string> parsers;
    std::string spec;      // sections of tablets-and-bitmaps.md
    std::string upstream;  // repository paths
    Tablet example;        // the first (smallest) example input
    ClientState client;
    std::string timestamps_hex;  // what the reference sends for it, under profiles[0]
    std::string values_hex;
    std::vector<std::pair<std::string, std::string>> observed;  // parser → what the reference parser makes of it
};

// corpora/findings/iotdb_tablet.json of the source tree (TSCONFORM_FINDINGS overrides the folder).
std::string findings_file();
const std::vector<Finding>& registered_findings();

bool is_registered(std::string_view condition, std::string_view profile, std::string_view parser);

}  // namespace tsc::iotdb
