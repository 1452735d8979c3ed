// Golden vectors (corpora/vectors/iotdb_tablet.json) against the reference and every subject.
#include <set>

#include <gtest/gtest.h>

#include "conformance/harness/iotdb_tablet_checks.hpp"
#include "conformance/harness/iotdb_tablet_vectors.hpp"
#include "conformance/harness/vectors.hpp"
#include "subjects/api/registry.hpp"

namespace tsc::iotdb {
namespace {

std::string where(const std::string& name, const std::string& source) {
    return "vector " + name + " (" + source + ") in " + vector_file("iotdb_tablet").string();
}

TEST(IotdbTabletVectors, EverySubjectSerializesEveryVector) {
    const Vectors vectors = load_iotdb_vectors();
    ASSERT_FALSE(vectors.serialize.empty());
    for (Subject* s : reference_and_subjects())
        for (const SerializeVector& v : vectors.serialize)
            for (const auto& [profile, expected] : v.expected) {
                const auto diff = compare(expected, s->serialize(v.tablet, v.client, profile));
                EXPECT_FALSE(diff) << where(v.name, v.source) << "\n  subject " << s->name() << ", profile "
                                   << profile.name << "\n  differs: " << diff->where << "\n  expected: "
                                   << diff->expected << "\n  actual: " << diff->actual << "\n  reproduce: "
                                   << serialize_command(std::string(s->name()), v.tablet, v.client, profile);
            }
}

TEST(IotdbTabletVectors, EverySubjectParsesEveryVector) {
    const Vectors vectors = load_iotdb_vectors();
    ASSERT_FALSE(vectors.parse.empty());
    for (Subject* s : reference_and_subjects())
        for (const ParseVector& v : vectors.parse)
            for (const auto& [parser, expected] : v.expected) {
                const auto diff = compare(expected, s->parse(v.timestamps, v.values, v.schema, parser));
                EXPECT_FALSE(diff) << where(v.name, v.source) << "\n  subject " << s->name() << ", parser "
                                   << parser.name << "\n  differs: " << diff->where << "\n  expected: "
                                   << diff->expected << "\n  actual: " << diff->actual << "\n  reproduce: "
                                   << parse_command(std::string(s->name()), v.timestamps, v.values, v.schema, parser);
            }
}

// What each profile sends for a vector's tablet, the server reads back (or a registered finding explains
// why not), and every subject's parser reads it as the reference does.
TEST(IotdbTabletVectors, SerializedVectorsKeepTheContract) {
    for (const SerializeVector& v : load_iotdb_vectors().serialize)
        for (const auto& [profile, expected] : v.expected) {
            if (!expected.ok()) continue;
            for (const ParserProfile& q : kParserProfiles) {
                std::vector<Failure> failures = check_contract(v.tablet, v.client, profile, q);
                for (Failure& f : check_parse(expected.timestamps, expected.values, schema_of(v.tablet), q))
                    failures.push_back(std::move(f));
                EXPECT_TRUE(failures.empty()) << where(v.name, v.source) << "\n" << describe_all(failures);
            }
        }
}

// The vector file keeps a case for every error class, every profile and every parser profile.
TEST(IotdbTabletVectors, CoverEveryErrorClassProfileAndParser) {
    std::set<ErrorClass> errors;
    std::set<std::string_view> profiles;
    std::set<std::string_view> parsers;
    const Vectors vectors = load_iotdb_vectors();
    for (const SerializeVector& v : vectors.serialize)
        for (const auto& [p, e] : v.expected) {
            errors.insert(e.error);
            profiles.insert(p.name);
        }
    for (const ParseVector& v : vectors.parse)
        for (const auto& [q, e] : v.expected) {
            errors.insert(e.error);
            parsers.insert(q.name);
        }
    for (std::size_t i = 0; i < kErrorClassNames.size(); ++i)
        EXPECT_TRUE(errors.count(static_cast<ErrorClass>(i))) << "no vector for " << kErrorClassNames[i];
    for (const Profile& p : kProfiles) EXPECT_TRUE(profiles.count(p.name)) << "no vector for profile " << p.name;
    for (const ParserProfile& q : kParserProfiles) EXPECT_TRUE(parsers.count(q.name)) << "no vector for parser " << q.name;
}

}  // namespace
}  // namespace tsc::iotdb
