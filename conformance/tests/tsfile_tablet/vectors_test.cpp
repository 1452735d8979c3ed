// Golden vectors (corpora/vectors/tsfile_tablet.json) against the reference and every subject: the
// serialize and deserialize vectors, the findings and the hostile sizes are all among them.
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "conformance/harness/tsfile_tablet/operations.hpp"
#include "conformance/tests/common/vector_suite.hpp"
#include "reference/tsfile_tablet/reference.hpp"

namespace tsc::tsfile {
namespace {

TEST(TsfileTabletVectors, AreLoaded) { EXPECT_GT(load_vectors<Family>().size(), 40u); }

TEST(TsfileTabletSubjects, AreRegistered) {
    EXPECT_FALSE(subjects_under_test<Subject>().empty());
    EXPECT_NE(registry<Subject>().find(kReferenceName), nullptr);
}

// serialized_size, serialize_into at the vector's offset of a guarded buffer, and into a buffer one
// byte too small; deserialize of the vector's bytes (with bounded allocation for the hostile sizes).
TEST(TsfileTabletVectors, EverySubjectMeetsEveryVector) { test::expect_every_vector<Family>(); }

// The full differential check, the read-back of the reference's bytes included, on every vector tablet.
TEST(TsfileTabletVectors, SubjectsRoundTripEveryTablet) {
    for (const Vector& v : load_vectors<Family>()) {
        if (v.op != Serialize::name) continue;
        for (const std::string& layout : v.profiles) {
            const Serialize::Input in = Serialize::input_of(v.input, layout);
            const auto failures = check_roundtrip(in.tablet, in.layout, in.offset);
            EXPECT_TRUE(failures.empty()) << vector_check_name(Family::family, v) << "\n" << describe_all(failures);
        }
    }
}

// The canonical logical tablet of every tablet that serializes is what the bytes of the
// deserialize vector of the same name read back as.
TEST(TsfileTabletVectors, RoundTripImageIsTheExpectedTablet) {
    const std::vector<Vector> vectors = load_vectors<Family>();
    std::map<std::string, const Vector*> reads;
    for (const Vector& v : vectors)
        if (v.op == Deserialize::name) reads[v.name] = &v;
    std::size_t checked = 0;
    for (const Vector& v : vectors) {
        if (v.op != Serialize::name || !Serialize::outcome_of(v.expect).ok() || !reads.count(v.name)) continue;
        const DeserializeOutcome read = Deserialize::outcome_of(reads[v.name]->expect);
        if (!read.ok()) {  // written, then refused when read back: only a finding may say so
            EXPECT_FALSE(v.finding.is_null()) << v.name << ": its bytes are not read back and no finding says why";
            continue;
        }
        for (const std::string& layout : v.profiles) {
            const auto d = compare(read.tablet, reference::round_trip_image(Serialize::input_of(v.input, layout).tablet,
                                                                             layout_named(layout)));
            EXPECT_FALSE(d) << "vector " << v.name << ", layout " << layout << "\n  differs: " << d->where
                            << "\n  expected: " << d->expected << "\n  actual: " << d->actual;
            ++checked;
        }
    }
    EXPECT_GT(checked, 20u);
}

// The vector file must keep a case for every error class and both layouts, and bound the
// allocation of the hostile sizes.
TEST(TsfileTabletVectors, CoverEveryErrorClassLayoutAndHostileSize) {
    std::set<ErrorClass> errors;
    std::set<std::string> layouts;
    std::size_t hostile = 0;
    for (const Vector& v : load_vectors<Family>()) {
        if (v.op == Serialize::name) {
            const Serialize::Outcome o = Serialize::outcome_of(v.expect);
            errors.insert({o.error, o.write_error});
            if (o.tight) errors.insert(o.tight->error);  // buffer_too_small
        } else {
            errors.insert(Deserialize::outcome_of(v.expect).error);
        }
        layouts.insert(v.profiles.begin(), v.profiles.end());
        hostile += v.limits.max_alloc_bytes.has_value();
    }
    test::expect_every_value(errors, kErrorClassNames, "error class");
    test::expect_every_name(layouts, Serialize::profiles(), "layout");
    EXPECT_GE(hostile, 16u) << "the hostile counts (2^31-1 rows, schemas, props, bytes) are vectors with max_alloc_bytes";
}

}  // namespace
}  // namespace tsc::tsfile
