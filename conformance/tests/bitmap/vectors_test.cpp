// Golden vectors (corpora/vectors/bitmap.json): the reference under each vector's profile, and every
// subject that supports the size on the tsfile vectors, must give the expected observation for every
// operation.
#include <set>

#include <gtest/gtest.h>

#include "conformance/harness/bitmap_checks.hpp"
#include "conformance/harness/bitmap_vectors.hpp"
#include "conformance/harness/vectors.hpp"

namespace tsc::bitmap {
namespace {

std::string context(const Vector& v, std::string_view subject, std::size_t i) {
    Program prefix = v.program;
    prefix.ops.resize(i + 1);
    return "vector " + v.name + " (" + v.source + ") in " + vector_file("bitmap").string() + "\n  subject " +
           std::string(subject) + ", profile " + std::string(v.profile.name) + ", operation " + std::to_string(i + 1) +
           " `" + to_text(v.program.ops[i]) + "`\n  reproduce: " + reproduce_command(subject, v.profile.name, prefix);
}

TEST(BitmapVectors, ReferenceGivesEveryExpectation) {
    const auto vectors = load_bitmap_vectors();
    ASSERT_FALSE(vectors.empty());
    for (const Vector& v : vectors) {
        auto ref = create_reference(v.program);
        ASSERT_TRUE(ref) << v.name;
        for (std::size_t i = 0; i < v.program.ops.size(); ++i)
            EXPECT_EQ(describe(run(*ref, v.program.ops[i], v.profile)), v.expect[i]) << context(v, "reference", i);
    }
}

TEST(BitmapVectors, EverySubjectGivesTheTsfileExpectations) {
    for (Subject* s : reference_and_subjects()) {
        std::size_t ran = 0;
        for (const Vector& v : load_bitmap_vectors()) {
            if (v.profile.name != s->profile()) continue;
            auto bitmap = create_bitmap(*s, v.program);
            if (!bitmap) continue;  // no result: the subject does not support this size
            ++ran;
            for (std::size_t i = 0; i < v.program.ops.size(); ++i)
                EXPECT_EQ(describe(run(*bitmap, v.program.ops[i])), v.expect[i]) << context(v, s->name(), i);
        }
        EXPECT_GT(ran, 0u) << "subject " << s->name() << " ran no vector";
    }
}

// The vector file must keep a case for every error class, every profile and every operation.
TEST(BitmapVectors, CoverEveryErrorClassProfileAndOperation) {
    std::set<std::string> errors, profiles;
    std::set<OpKind> kinds;
    for (const Vector& v : load_bitmap_vectors()) {
        profiles.insert(std::string(v.profile.name));
        errors.insert(v.expect.begin(), v.expect.end());
        for (const Op& op : v.program.ops) kinds.insert(op.kind);
    }
    for (std::size_t i = 1; i < kErrorClassNames.size(); ++i)
        EXPECT_TRUE(errors.count("error:" + std::string(kErrorClassNames[i]))) << "no vector for " << kErrorClassNames[i];
    for (const Profile& p : kProfiles) EXPECT_TRUE(profiles.count(std::string(p.name))) << "no vector for " << p.name;
    for (const OpInfo& o : kOps) EXPECT_TRUE(kinds.count(o.kind)) << "no vector for " << o.name << " (" << int(o.ints) << " ints)";
}

// Text form round trip: what the vectors say is what reproduce commands print.
TEST(BitmapVectors, OperationTextRoundTrips) {
    for (const Vector& v : load_bitmap_vectors()) {
        std::string error;
        const auto again = parse_ops(to_text(v.program.ops), error);
        ASSERT_TRUE(again) << v.name << ": " << error;
        EXPECT_EQ(*again, v.program.ops) << v.name;
    }
}

}  // namespace
}  // namespace tsc::bitmap
