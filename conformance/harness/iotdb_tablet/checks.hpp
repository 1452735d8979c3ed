// The IoTDB insertTablet checks that compose operations (operations.hpp): the contract on the reference,
// and everything for one tablet. Shared by the tests, the fuzz targets and the benchmarks.
#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "conformance/harness/iotdb_tablet/operations.hpp"

namespace tsc::iotdb {

// The contract for one client profile and parser, on the reference alone: what the reference serializer
// sends, read back by the reference parser, against the canonical tablet (Contract::expected).
struct ContractVerdict {
    bool serialized = false;                    // false: the profile rejects the tablet (no bytes to read)
    std::optional<Difference> divergence;       // the read-back against canonical(t) (check_tablet leaves a
                                                // registered one out: no report is shown for it)
    std::optional<std::string_view> condition;  // the condition that explains the divergence, if any
    bool registered = false;                    // a finding (a vector's `finding` block) registers it for p and q
};
ContractVerdict contract(const Contract::Input& in);
// A divergence that no registered finding explains.
std::vector<Failure> check_contract(const Contract::Input& in);

// Everything for one tablet, mapped into each profile's domain (reference.hpp into_domain): every profile
// through every subject (check_against<Serialize>), every
// profile's bytes through every parser of every subject (check<Parse>), and the contract for every
// profile and parser.
std::vector<Failure> check_tablet(const Tablet& t, const ClientState& s);
// The slice of check_tablet for one profile, one parser and the subjects `subjects` (a fuzz input picks
// them, and hands its tablet over: the check maps it into the profile's domain in place).
std::vector<Failure> check_tablet(Tablet t, const ClientState& s, const Profile& p, const ParserProfile& q,
                                  std::span<Subject* const> subjects);

}  // namespace tsc::iotdb
