// The IoTDB insertTablet differential checks, shared by the tests, the fuzz targets and the CLI.
//
// Divergence policy (DESIGN.md):
//   - serializers: the `timestamps` and `values` bytes must equal the reference's for the same profile,
//     padding bits included, or both must fail with the same error class;
//   - parsers: agree with the reference parser on success vs failure and on the error class for every input;
//     when both succeed, the logical tablet (canonical, model.hpp) and the bytes consumed must be equal;
//   - the contract: the reference parser must read every profile's reference bytes back to the canonical
//     tablet, under both parser profiles; a divergence is a failure unless a registered finding explains it
//     (iotdb_tablet_findings.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "conformance/harness/report.hpp"
#include "subjects/api/registry.hpp"
#include "subjects/api/iotdb_tablet.hpp"

namespace tsc::iotdb {

// The subjects, selected by TSCONFORM_SUBJECTS, in this family's registry (subjects/api/registry.hpp).
inline std::vector<Subject*> subjects_under_test() { return tsc::subjects_under_test<Subject>(); }
inline Subject& reference_subject() { return tsc::reference_subject<Subject>(); }
inline std::vector<Subject*> reference_and_subjects() { return tsc::reference_and_subjects<Subject>(); }

struct Difference {
    std::string where;
    std::string expected;
    std::string actual;
};

// The tablet as a parser returns it: nulls and BOOLEAN cells 0/1, null cells holding the zero value.
Tablet canonical(const Tablet& t);
// The schema a server is given with the tablet's buffers.
Schema schema_of(const Tablet& t);

std::optional<Difference> compare(const Tablet& expected, const Tablet& actual);
std::optional<Difference> compare(const SerializeOutcome& expected, const SerializeOutcome& actual);
std::optional<Difference> compare(const ParseOutcome& expected, const ParseOutcome& actual);

std::string describe(const SerializeOutcome& o);
std::string describe(const ParseOutcome& o);

// The commands that rerun one case with one subject.
std::string serialize_command(const std::string& subject, const Tablet& t, const ClientState& s, const Profile& p);
std::string parse_command(const std::string& subject, ByteView timestamps, ByteView values, const Schema& schema,
                          const ParserProfile& q);

// Every subject serializes the tablet to the reference's bytes.
std::vector<Failure> check_serialize(const Tablet& t, const ClientState& s, const Profile& p);
std::vector<Failure> check_serialize(Subject& subject, const Tablet& t, const ClientState& s, const Profile& p);

// Every subject parses the buffers as the reference does.
std::vector<Failure> check_parse(ByteView timestamps, ByteView values, const Schema& schema, const ParserProfile& q);
std::vector<Failure> check_parse(Subject& subject, ByteView timestamps, ByteView values, const Schema& schema,
                                 const ParserProfile& q);

// The contract for one profile and parser, on the reference alone.
struct ContractVerdict {
    bool serialized = false;                  // false: the profile rejects the tablet (no bytes to read)
    std::optional<Difference> divergence;     // parse(serialize(t)) against canonical(t)
    std::optional<std::string_view> condition;  // the condition that explains the divergence, if any
    bool registered = false;                  // that condition is in the findings registry for p and q
};
ContractVerdict contract(const Tablet& t, const ClientState& s, const Profile& p, const ParserProfile& q);
std::vector<Failure> check_contract(const Tablet& t, const ClientState& s, const Profile& p, const ParserProfile& q);

// Everything for one tablet: every profile through every subject, every profile's bytes through every
// parser of every subject, and the contract for every profile and parser.
std::vector<Failure> check_tablet(const Tablet& t, const ClientState& s);

}  // namespace tsc::iotdb
