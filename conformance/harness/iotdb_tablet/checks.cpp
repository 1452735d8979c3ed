#include "conformance/harness/iotdb_tablet/checks.hpp"

#include <span>
#include <utility>

#include <fmt/format.h>

#include "conformance/harness/iotdb_tablet/findings.hpp"
#include "reference/iotdb_tablet/reference.hpp"

namespace tsc::iotdb {
namespace {

// The contract on what the reference sent for the input and what its parser read back from that.
// A divergence a finding registers gets its report (two tablets as JSON, the first differing field)
// only when `describe_registered`: the tests and the CLI show it; check_tablet, which fuzz targets
// run on every input, passes over it, since on most fuzz inputs some profile loses data as a
// registered finding says and the report would cost more than the check.
ContractVerdict contract_on(const Contract::Input& in, ErrorClass sent, const Contract::Outcome& read,
                            bool describe_registered) {
    count_case(Contract::family);
    ContractVerdict v;
    v.serialized = sent == ErrorClass::ok;
    if (Contract::is_expected(in, sent, read)) return v;
    v.condition = explaining_condition(in);
    v.registered = v.condition && is_registered(*v.condition, in.profile.name, in.parser.name);
    if (!v.registered || describe_registered) v.divergence = Contract::compare(Contract::expected(in, sent), read);
    return v;
}

std::vector<Failure> contract_failures(const Contract::Input& in, const ContractVerdict& v) {
    if (!v.divergence || v.registered) return {};
    Difference d = *v.divergence;
    d.where += v.condition ? fmt::format(" (condition {} is not registered for {})", *v.condition, Contract::profile(in))
                           : std::string(" (no known condition explains it)");
    return {failure_of<Contract>(kReferenceName, in, std::move(d))};
}

}  // namespace

ContractVerdict contract(const Contract::Input& in) {
    const SerializeOutcome sent = Serialize::reference(in);
    return contract_on(in, sent.error, Contract::read_back(reference_subject<Subject>(), in, sent), true);
}

std::vector<Failure> check_contract(const Contract::Input& in) { return contract_failures(in, contract(in)); }

namespace {

// One profile's part of check_tablet, with the parsers `parsers` and the subjects `subjects`. The tablet
// is copied once, into what the profile's client can hold: the serializers' input is part of the contract's.
// The sent buffers move into the parsers' input, which every parser profile shares.
void check_profile(Tablet t, const ClientState& s, const Profile& p, std::span<const ParserProfile> parsers,
                   std::span<Subject* const> subjects, std::vector<Failure>& failures) {
    Contract::Input in{{reference::into_domain(std::move(t), p), s, p}};
    const Serialize::Input& input = in;
    SerializeOutcome sent = Serialize::reference(input);
    append(failures, check_against<Serialize>(subjects, input, sent));
    if (!sent.ok()) return;
    Parse::Input parse_input{std::move(sent.timestamps), std::move(sent.values), schema_of(input.tablet)};
    for (const ParserProfile& q : parsers) {
        // The reference parse is both the parsers' expectation and the contract's read-back.
        parse_input.parser = in.parser = q;
        ParseOutcome parsed = Parse::reference(parse_input);
        append(failures, check_against<Parse>(subjects, parse_input, parsed));
        append(failures, contract_failures(in, contract_on(in, ErrorClass::ok, Contract::read_back_of(std::move(parsed)), false)));
    }
}

}  // namespace

std::vector<Failure> check_tablet(const Tablet& t, const ClientState& s) {
    std::vector<Failure> failures;
    for (const Profile& p : kProfiles) check_profile(t, s, p, kParserProfiles, subjects_under_test<Subject>(), failures);
    return failures;
}

std::vector<Failure> check_tablet(Tablet t, const ClientState& s, const Profile& p, const ParserProfile& q,
                                  std::span<Subject* const> subjects) {
    std::vector<Failure> failures;
    check_profile(std::move(t), s, p, std::span(&q, 1), subjects, failures);
    return failures;
}

}  // namespace tsc::iotdb
