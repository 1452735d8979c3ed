// Golden vectors (corpora/vectors/iotdb_tablet.json) against the reference and every subject.
#include <set>

#include <gtest/gtest.h>

#include "conformance/harness/iotdb_tablet/checks.hpp"
#include "conformance/tests/common/vector_suite.hpp"
#include "reference/iotdb_tablet/reference.hpp"

namespace tsc::iotdb {
namespace {

TEST(IotdbTabletVectors, EverySubjectMeetsEveryVector) { test::expect_every_vector<Family>(); }

// What each profile sends for a serialize vector's tablet, the server reads back (or a registered finding
// explains why not), and every subject's parser reads it as the reference does.
TEST(IotdbTabletVectors, SerializedVectorsKeepTheContract) {
    for (const Vector& v : load_vectors<Family>()) {
        if (v.op != Serialize::name) continue;
        const SerializeOutcome expected = Serialize::outcome_of(v.expect);
        if (!expected.ok()) continue;
        for (const std::string& profile : v.profiles) {
            const Serialize::Input in = Serialize::input_of(v.input, profile);
            for (const ParserProfile& q : kParserProfiles) {
                std::vector<Failure> failures = check_contract({{in.tablet, in.client, in.profile}, q});
                append(failures, check<Parse>({expected.timestamps, expected.values, schema_of(in.tablet), q}));
                EXPECT_TRUE(failures.empty()) << vector_check_name(Family::family, v) << "\n" << describe_all(failures);
            }
        }
    }
}

// Every serialize vector's tablet is one its profiles' clients can hold, unless the vector says it is
// not (outside_domain): then every profile places it outside its domain, and `expect` is what each
// subject sends for the tablet the client holds instead (reference.hpp into_domain).
TEST(IotdbTabletVectors, SerializeVectorsLieInTheirProfilesDomainsOrSaySo) {
    std::size_t outside = 0;
    for (const Vector& v : load_vectors<Family>()) {
        if (v.op != Serialize::name) continue;
        const std::string name = vector_check_name(Family::family, v);
        for (const std::string& profile : v.profiles) {
            Serialize::Input in = Serialize::input_of(v.input, profile);
            EXPECT_EQ(reference::in_domain(in.tablet, in.profile), !v.outside_domain)
                << name << ", profile " << in.profile.name
                << (v.outside_domain ? ": marked outside_domain, but this profile's client can hold the tablet"
                                     : ": this profile's client cannot hold the tablet; mark the vector outside_domain");
            if (!v.outside_domain) continue;
            ++outside;
            in.tablet = reference::into_domain(std::move(in.tablet), in.profile);
            for (Subject* s : reference_and_subjects<Subject>()) {
                const std::vector<Failure> failures = expect<Serialize>(*s, in, Serialize::outcome_of(v.expect), v.limits, name);
                EXPECT_TRUE(failures.empty()) << describe_all(failures);
            }
        }
    }
    EXPECT_GE(outside, 2u) << "a vector outside each domain rule (node.double_quiet_nans, go.date_slot)";
}

// The vector file keeps a case for every error class, every profile and every parser profile, and bounds
// the allocation of the hostile sizes.
TEST(IotdbTabletVectors, CoverEveryErrorClassProfileParserAndHostileSize) {
    std::set<ErrorClass> errors;
    std::set<std::string> profiles;
    std::set<std::string> parsers;
    std::size_t hostile = 0;
    for (const Vector& v : load_vectors<Family>()) {
        if (v.op == Serialize::name) {
            errors.insert(Serialize::outcome_of(v.expect).error);
            profiles.insert(v.profiles.begin(), v.profiles.end());
        } else if (v.op == Parse::name) {
            errors.insert(Parse::outcome_of(v.expect).error);
            parsers.insert(v.profiles.begin(), v.profiles.end());
        }
        hostile += v.limits.max_alloc_bytes.has_value();
    }
    test::expect_every_value(errors, kErrorClassNames, "error class");
    test::expect_every_name(profiles, Serialize::profiles(), "profile");
    test::expect_every_name(parsers, Parse::profiles(), "parser");
    EXPECT_GE(hostile, 8u) << "the hostile sizes (2^31-1 rows or bytes in a few bytes) are vectors with max_alloc_bytes";
}

}  // namespace
}  // namespace tsc::iotdb
