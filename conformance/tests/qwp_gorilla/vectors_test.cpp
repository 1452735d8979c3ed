// Golden vectors (corpora/vectors/qwp_gorilla.json) against the reference and every subject.
#include <set>

#include <gtest/gtest.h>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/qwp_gorilla_checks.hpp"
#include "conformance/harness/qwp_gorilla_vectors.hpp"
#include "conformance/harness/vectors.hpp"
#include "reference/qwp_gorilla/reference.hpp"
#include "subjects/api/registry.hpp"

namespace tsc::qwp {
namespace {

std::string context(const Vector& v, const Subject& s, const Profile& p) {
    return "vector " + v.name + " (" + v.source + ") in " + vector_file("qwp_gorilla").string() + "\n  subject " +
           std::string(s.name()) + ", profile " + std::string(p.name) + ", input " + to_hex(v.bytes) +
           "\n  reproduce: " + decode_command(std::string(s.name()), v.bytes, v.framing, p);
}

TEST(QwpGorillaVectors, EverySubjectDecodesEveryVector) {
    const auto vectors = load_qwp_vectors();
    ASSERT_FALSE(vectors.empty());
    for (Subject* s : reference_and_subjects())
        for (const Vector& v : vectors)
            for (const Profile& p : v.profiles) {
                const auto diff = compare(v.expected, s->decode(v.bytes, v.framing, p));
                EXPECT_FALSE(diff) << context(v, *s, p) << "\n  differs: " << diff->where
                                   << "\n  expected: " << diff->expected << "\n  actual: " << diff->actual;
            }
}

TEST(QwpGorillaVectors, EverySubjectEncodesEveryCodecVector) {
    for (Subject* s : reference_and_subjects())
        for (const Vector& v : load_qwp_vectors()) {
            if (!v.codec) continue;
            const Bytes actual = s->encode(v.expected.column, v.framing.gorilla_flag);
            const auto diff = compare_bytes(v.bytes, actual);
            EXPECT_FALSE(diff) << "vector " << v.name << " (" << v.source << "), subject " << s->name()
                               << "\n  differs: " << diff->where << "\n  expected: " << diff->expected
                               << "\n  actual: " << diff->actual << "\n  reproduce: "
                               << encode_command(std::string(s->name()), v.expected.column, v.framing.gorilla_flag);
        }
}

// The vector file must keep one case per error class of spec §3.1 and cover every profile.
TEST(QwpGorillaVectors, CoverEveryErrorClassAndProfile) {
    std::set<ErrorClass> errors;
    std::set<std::string_view> profiles;
    for (const Vector& v : load_qwp_vectors()) {
        errors.insert(v.expected.error);
        for (const Profile& p : v.profiles) profiles.insert(p.name);
    }
    for (std::size_t i = 0; i < kErrorClassNames.size(); ++i)
        EXPECT_TRUE(errors.count(static_cast<ErrorClass>(i))) << "no vector for " << kErrorClassNames[i];
    for (const Profile& p : kProfiles) EXPECT_TRUE(profiles.count(p.name)) << "no vector for profile " << p.name;
}

}  // namespace
}  // namespace tsc::qwp
