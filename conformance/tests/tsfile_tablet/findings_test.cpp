// The findings registry (corpora/findings/tsfile_tablet.json): each upstream behaviour the suite
// models must still be detected. Every subject must reproduce the example's bytes and readings, and
// each finding's `check` states what makes it a finding:
//   deserialize          the bytes read as `expect` (an error class, or the tablet Java builds)
//   reserialize_differs  they read as `expect`, and serializing that tablet gives other bytes
//   reserialize_fails    they read as `expect`, and serializing that tablet fails with serialize_error
//   serialize_error      the tablet cannot be serialized (and the bytes, if any, read as `expect`)
//   round_trip_differs   the tablet serializes to the bytes, which read back as another tablet
//   hostile              the bytes read as `expect` without allocating from the declared counts
//   codec                the tablet serializes to the bytes, which read back as `expect`
#include <set>

#include <gtest/gtest.h>

#include "conformance/allocation/allocation_counter.hpp"
#include "conformance/harness/tsfile_tablet_checks.hpp"
#include "conformance/harness/tsfile_tablet_vectors.hpp"
#include "reference/tsfile_tablet/reference.hpp"

namespace tsc::tsfile::test {
namespace {

std::string where(const Finding& f, const Subject& s, Layout layout) {
    return "finding " + f.id + " (" + f.upstream + "; " + f.spec + ")\n  subject " + std::string(s.name()) + ", layout " +
           std::string(name_of(layout));
}

// Every subject serializes the example tablet as the example says.
void expect_serialization(const Finding& f, Layout layout) {
    const Vector& v = f.example;
    if (!v.tablet || f.check == "reserialize_fails") return;
    for (Subject* s : reference_and_subjects()) {
        const SerializeOutcome out = serialize_with(*s, *v.tablet, layout, kDefaultOffset);
        EXPECT_EQ(name_of(out.error), name_of(v.serialize_error)) << where(f, *s, layout);
        if (out.ok() && v.bytes) {
            EXPECT_FALSE(compare_bytes(written_bytes(v), out.bytes)) << where(f, *s, layout);
        }
    }
}

// Every subject reads the example bytes as the example says (with `allocations` bytes at most).
void expect_reading(const Finding& f, Layout layout, std::size_t allocations) {
    const Vector& v = f.example;
    if (!v.bytes) return;
    for (Subject* s : reference_and_subjects()) {
        allocation::reset();
        const DeserializeOutcome out = s->deserialize(*v.bytes, layout);
        const std::size_t allocated = allocation::bytes();
        const auto diff = compare(*v.expected, out);
        EXPECT_FALSE(diff) << where(f, *s, layout) << "\n  differs: " << diff->where << "\n  expected: " << diff->expected
                           << "\n  actual: " << diff->actual << "\n  reproduce: "
                           << deserialize_command(std::string(s->name()), *v.bytes, layout);
        EXPECT_LE(allocated, allocations) << where(f, *s, layout) << ": allocated " << allocated << " bytes";
    }
}

// What makes the behaviour a finding, on the reference.
void expect_finding(const Finding& f, Layout layout) {
    const Vector& v = f.example;
    const Tablet read = v.expected ? v.expected->tablet : Tablet{};
    if (f.check == "reserialize_differs") {
        const SerializeOutcome again = reference::serialize(read, layout);
        ASSERT_TRUE(again.ok()) << f.id;
        const Bytes input(v.bytes->begin(), v.bytes->begin() + static_cast<std::ptrdiff_t>(v.expected->consumed));
        EXPECT_TRUE(compare_bytes(input, again.bytes)) << f.id << ": serializing what was read gives the input back";
    } else if (f.check == "reserialize_fails") {
        EXPECT_EQ(name_of(reference::serialize(read, layout).error), name_of(v.serialize_error)) << f.id;
    } else if (f.check == "round_trip_differs") {
        EXPECT_TRUE(compare(*v.tablet, read)) << f.id << ": the tablet read back equals the one written";
    } else if (f.check == "serialize_error") {
        EXPECT_NE(v.serialize_error, ErrorClass::ok) << f.id;
    } else {
        EXPECT_TRUE(f.check == "deserialize" || f.check == "hostile" || f.check == "codec") << f.id << ": unknown check " << f.check;
    }
}

TEST(TsfileTabletFindings, EveryFindingIsStillDetected) {
    const std::vector<Finding> findings = load_tsfile_findings();
    ASSERT_GE(findings.size(), 10u);
    std::set<std::string> ids;
    for (const Finding& f : findings) {
        EXPECT_TRUE(ids.insert(f.id).second) << "duplicate finding " << f.id;
        EXPECT_FALSE(f.upstream.empty() || f.spec.empty() || f.condition.empty()) << f.id;
        const std::size_t allocations = f.check == "hostile" ? allocation::kHostileInputLimit : SIZE_MAX;
        for (Layout layout : f.layouts) {
            expect_serialization(f, layout);
            expect_reading(f, layout, allocations);
            if ((f.example.expected && f.example.expected->ok()) || f.check == "serialize_error") expect_finding(f, layout);
        }
    }
}

// The pitfalls the spec lists for Tablet.deserialize each have a finding (§3 "Deserialization").
TEST(TsfileTabletFindings, CoverTheDocumentedPitfalls) {
    std::set<std::string> ids;
    for (const Finding& f : load_tsfile_findings()) ids.insert(f.id);
    for (const char* id : {"absent_schema_misindexed", "absent_schema_index_out_of_bounds", "unmarked_bitmap_comes_back_null",
                           "readstring_platform_charset", "date_null_reads_back_as_1000_01_01", "string_negative_length_is_null",
                           "hostile_row_size_allocates"})
        EXPECT_TRUE(ids.count(id)) << "no finding " << id;
}

}  // namespace
}  // namespace tsc::tsfile::test
