// Golden vectors (corpora/vectors/tsfile_tablet.json) against the reference and every subject.
#include <set>

#include <gtest/gtest.h>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/tsfile_tablet_checks.hpp"
#include "conformance/harness/tsfile_tablet_vectors.hpp"
#include "conformance/harness/vectors.hpp"
#include "reference/tsfile_tablet/reference.hpp"
#include "subjects/api/registry.hpp"

namespace tsc::tsfile {
namespace {

std::string context(const Vector& v, const Subject& s, Layout layout) {
    return "vector " + v.name + " (" + v.source + ") in " + vector_file("tsfile_tablet").string() + "\n  subject " +
           std::string(s.name()) + ", layout " + std::string(name_of(layout));
}

TEST(TsfileTabletVectors, AreLoaded) { EXPECT_GT(load_tsfile_vectors().size(), 40u); }

TEST(TsfileTabletSubjects, AreRegistered) {
    const auto subjects = subjects_under_test();
    EXPECT_FALSE(subjects.empty());
    EXPECT_NE(registry<Subject>().find("reference"), nullptr);
}

// serialized_size then serialize_into at a nonzero offset, as a caller of serialize(ByteBuffer) does.
TEST(TsfileTabletVectors, EverySubjectSerializesEveryTablet) {
    for (const Vector& v : load_tsfile_vectors()) {
        if (!v.tablet) continue;
        for (Subject* s : reference_and_subjects())
            for (Layout layout : v.layouts) {
                const SerializeOutcome out = serialize_with(*s, *v.tablet, layout, kDefaultOffset);
                EXPECT_EQ(name_of(out.error), name_of(v.serialize_error))
                    << context(v, *s, layout) << "\n  reproduce: "
                    << serialize_command(std::string(s->name()), *v.tablet, layout, kDefaultOffset);
                if (!out.ok() || !v.bytes) continue;
                const auto diff = compare_bytes(written_bytes(v), out.bytes);
                EXPECT_FALSE(diff) << context(v, *s, layout) << "\n  differs: " << diff->where
                                   << "\n  expected: " << diff->expected << "\n  actual: " << diff->actual
                                   << "\n  reproduce: "
                                   << serialize_command(std::string(s->name()), *v.tablet, layout, kDefaultOffset);
            }
    }
}

// The full differential check (untouched bytes, buffer_too_small, read back) on every vector tablet.
TEST(TsfileTabletVectors, SubjectsPassTheSerializeCheckOnEveryTablet) {
    for (const Vector& v : load_tsfile_vectors()) {
        if (!v.tablet) continue;
        for (Layout layout : v.layouts) {
            const auto failures = check_serialize(*v.tablet, layout);
            EXPECT_TRUE(failures.empty()) << "vector " << v.name << "\n" << describe_all(failures);
        }
    }
}

TEST(TsfileTabletVectors, EverySubjectDeserializesEveryVector) {
    for (const Vector& v : load_tsfile_vectors()) {
        if (!v.bytes) continue;
        for (Subject* s : reference_and_subjects())
            for (Layout layout : v.layouts) {
                const auto diff = compare(*v.expected, s->deserialize(*v.bytes, layout));
                EXPECT_FALSE(diff) << context(v, *s, layout) << ", input " << to_hex(*v.bytes)
                                   << "\n  differs: " << diff->where << "\n  expected: " << diff->expected
                                   << "\n  actual: " << diff->actual << "\n  reproduce: "
                                   << deserialize_command(std::string(s->name()), *v.bytes, layout);
            }
    }
}

// The canonical logical tablet of every codec vector is what its bytes read back as.
TEST(TsfileTabletVectors, RoundTripImageIsTheExpectedTablet) {
    for (const Vector& v : load_tsfile_vectors()) {
        if (!v.tablet || v.serialize_error != ErrorClass::ok) continue;
        for (Layout layout : v.layouts) {
            const auto diff = compare(v.expected->tablet, reference::round_trip_image(*v.tablet, layout));
            EXPECT_FALSE(diff) << "vector " << v.name << ", layout " << name_of(layout) << "\n  differs: " << diff->where
                               << "\n  expected: " << diff->expected << "\n  actual: " << diff->actual;
        }
    }
}

// The vector file must keep a case for every error class and both layouts.
TEST(TsfileTabletVectors, CoverEveryErrorClassAndLayout) {
    std::set<ErrorClass> errors{ErrorClass::buffer_too_small};  // checked by check_serialize, not a vector
    std::set<Layout> layouts;
    for (const Vector& v : load_tsfile_vectors()) {
        if (v.tablet) errors.insert(v.serialize_error);
        if (v.expected) errors.insert(v.expected->error);
        layouts.insert(v.layouts.begin(), v.layouts.end());
    }
    for (std::size_t i = 0; i < kErrorClassNames.size(); ++i)
        EXPECT_TRUE(errors.count(static_cast<ErrorClass>(i))) << "no vector for " << kErrorClassNames[i];
    for (Layout l : kLayouts) EXPECT_TRUE(layouts.count(l)) << "no vector for layout " << name_of(l);
}

}  // namespace
}  // namespace tsc::tsfile
