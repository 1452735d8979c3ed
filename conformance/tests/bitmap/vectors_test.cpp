// Golden vectors (corpora/vectors/bitmap.json) against the reference and every subject: the reference
// answers each vector under each of its profiles, a subject the vectors of the profile it claims and
// of a size it supports (the others are `unsupported` for it, so skipped). The findings and the hostile
// sizes are vectors too (findings_test.cpp; max_alloc_bytes).
#include <set>

#include <gtest/gtest.h>

#include "conformance/harness/bitmap/operations.hpp"
#include "conformance/tests/common/vector_suite.hpp"

namespace tsc::bitmap {
namespace {

TEST(BitmapVectors, EverySubjectMeetsEveryVector) { test::expect_every_vector<Family>(); }

// Every subject runs some vector: one that claims a profile no vector has, or supports no vector's
// size, is not tested by them.
TEST(BitmapVectors, EverySubjectRunsSomeVector) {
    const std::vector<Vector> vectors = load_vectors<Family>();
    for (Subject* s : reference_and_subjects<Subject>()) {
        std::size_t ran = 0;
        for (const Vector& v : vectors)
            for (const std::string& profile : v.profiles)
                ran += !RunProgram::run(*s, RunProgram::input_of(v.input, profile)).unsupported;
        EXPECT_GT(ran, 0u) << "subject " << s->name() << " ran no vector";
    }
}

// The vector file must keep a case for every error class, every profile and every operation, and
// bound the allocation of the hostile sizes.
TEST(BitmapVectors, CoverEveryErrorClassProfileOperationAndHostileSize) {
    std::set<ErrorClass> errors;
    std::set<std::string> profiles;
    std::set<OpKind> kinds;
    std::size_t hostile = 0;
    for (const Vector& v : load_vectors<Family>()) {
        ASSERT_EQ(v.op, RunProgram::name) << v.name;
        profiles.insert(v.profiles.begin(), v.profiles.end());
        for (const RunProgram::Step& s : RunProgram::outcome_of(v.expect).steps) errors.insert(s.observation.error);
        for (const Op& op : RunProgram::input_of(v.input, "").program.ops) kinds.insert(op.kind);
        hostile += v.limits.max_alloc_bytes.has_value();
    }
    for (std::size_t i = 1; i < kErrorClassNames.size(); ++i)
        EXPECT_TRUE(errors.count(static_cast<ErrorClass>(i))) << "no vector for " << kErrorClassNames[i];
    for (std::string_view p : RunProgram::profiles()) EXPECT_TRUE(profiles.count(std::string(p))) << "no vector for " << p;
    for (const OpInfo& o : kOps) EXPECT_TRUE(kinds.count(o.kind)) << "no vector for " << o.name << " (" << int(o.ints) << " ints)";
    EXPECT_GE(hostile, 12u) << "the hostile sizes (INT_MAX bits, INT_MAX failed rows) are vectors with max_alloc_bytes";
}

// Text form round trip: what the vectors say is what reproduce commands print.
TEST(BitmapVectors, OperationTextRoundTrips) {
    for (const Vector& v : load_vectors<Family>()) {
        const RunProgram::Input in = RunProgram::input_of(v.input, "");
        std::string error;
        const auto again = parse_ops(to_text(in.program.ops), error);
        ASSERT_TRUE(again) << v.name << ": " << error;
        EXPECT_EQ(*again, in.program.ops) << v.name;
        EXPECT_EQ(RunProgram::input_of(RunProgram::input_json(in), "").program.ops, in.program.ops) << v.name;
    }
}

// A declared operand size is checked against the bytes given before anything is sized from it; a
// failed-row count only bounds the row bytes read. (The inputs a vector cannot hold: they are no
// program.)
TEST(BitmapVectors, ProgramTextChecksDeclaredOperandSizesAgainstTheBytesGiven) {
    constexpr std::size_t kAllocationLimit = 64 * 1024;
    for (const char* text : {"merge 2147483647 00 0 0 1", "merge 1048576 00 0 0 1", "equals 1000000 ffff",
                             "equalsInRange -5 00 1"}) {
        std::string error;
        std::optional<std::vector<Op>> ops;
        const std::size_t bytes = allocation::bytes_allocated_by([&] { ops = parse_ops(text, error); });
        EXPECT_LT(bytes, kAllocationLimit) << text;
        EXPECT_FALSE(ops) << text;
        EXPECT_THROW(RunProgram::input_of(Json{{"size", "8"}, {"ops", text}}, ""), std::invalid_argument) << text;
    }
}

}  // namespace
}  // namespace tsc::bitmap
