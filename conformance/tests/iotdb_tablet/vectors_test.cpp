// Golden vectors (corpora/vectors/iotdb_tablet.json) against the reference and every subject.
#include <set>

#include <gtest/gtest.h>

#include "conformance/harness/iotdb_tablet/checks.hpp"
#include "conformance/tests/common/vector_suite.hpp"

namespace tsc::iotdb {
namespace {

TEST(IotdbTabletVectors, EverySubjectMeetsEveryVector) { test::expect_every_vector<Family>(); }

// What each profile sends for a serialize vector's tablet, the server reads back (or a registered finding
// explains why not), and every subject's parser reads it as the reference does.
TEST(IotdbTabletVectors, SerializedVectorsKeepTheContract) {
    for (const Vector& v : load_vectors(Family::family)) {
        if (v.op != Serialize::name) continue;
        const SerializeOutcome expected = Serialize::outcome_of(v.expect);
        if (!expected.ok()) continue;
        for (const std::string& profile : v.profiles) {
            const Serialize::Input in = Serialize::input_of(v.input, profile);
            for (const ParserProfile& q : kParserProfiles) {
                std::vector<Failure> failures = check_contract({in.tablet, in.client, in.profile, q});
                for (Failure& f : check<Parse>({expected.timestamps, expected.values, schema_of(in.tablet), q}))
                    failures.push_back(std::move(f));
                EXPECT_TRUE(failures.empty()) << vector_check_name(Family::family, v) << "\n" << describe_all(failures);
            }
        }
    }
}

// The vector file keeps a case for every error class, every profile and every parser profile, and bounds
// the allocation of the hostile sizes.
TEST(IotdbTabletVectors, CoverEveryErrorClassProfileParserAndHostileSize) {
    std::set<ErrorClass> errors;
    std::set<std::string> profiles;
    std::set<std::string> parsers;
    std::size_t hostile = 0;
    for (const Vector& v : load_vectors(Family::family)) {
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
