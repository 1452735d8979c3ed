#include "conformance/harness/iotdb_tablet/checks.hpp"

#include <fmt/format.h>

#include "conformance/harness/iotdb_tablet/findings.hpp"
#include "reference/iotdb_tablet/reference.hpp"

namespace tsc::iotdb {
namespace {

void append(std::vector<Failure>& to, std::vector<Failure> more) {
    for (Failure& f : more) to.push_back(std::move(f));
}

// The contract on bytes the reference has already sent for the input.
ContractVerdict contract_on(const Contract::Input& in, const SerializeOutcome& sent) {
    count_case(Contract::family);
    ContractVerdict v;
    v.serialized = sent.ok();
    v.divergence =
        Contract::compare(Contract::expected(in, sent), Contract::read_back(reference_subject<Subject>(), in, sent));
    if (!v.divergence) return v;
    v.condition = explaining_condition(in);
    v.registered = v.condition && is_registered(*v.condition, in.profile.name, in.parser.name);
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
    return contract_on(in, Serialize::reference({in.tablet, in.client, in.profile}));
}

std::vector<Failure> check_contract(const Contract::Input& in) { return contract_failures(in, contract(in)); }

std::vector<Failure> check_tablet(const Tablet& t, const ClientState& s) {
    std::vector<Failure> failures;
    const std::vector<Subject*> subjects = subjects_under_test<Subject>();
    Serialize::Input input{t, s};
    Contract::Input contract_input{t, s};
    for (const Profile& p : kProfiles) {
        input.tablet = reference::into_domain(t, p);  // what the profile's client can hold
        input.profile = p;
        contract_input.tablet = input.tablet;
        contract_input.profile = p;
        const SerializeOutcome sent = Serialize::reference(input);
        for (Subject* subject : subjects) append(failures, check_against<Serialize>(*subject, input, sent));
        if (!sent.ok()) continue;
        for (const ParserProfile& q : kParserProfiles) {
            append(failures, check<Parse>({sent.timestamps, sent.values, schema_of(input.tablet), q}));
            contract_input.parser = q;
            append(failures, contract_failures(contract_input, contract_on(contract_input, sent)));
        }
    }
    return failures;
}

}  // namespace tsc::iotdb
