// The findings: upstream behaviours of TsFile Java Tablet.serialize/deserialize the suite models,
// kept as vectors with a `finding` block in corpora/vectors/tsfile_tablet.json. The vector test runs
// them against every subject like any vector; here, each finding's `check` must still hold on the
// reference:
//   deserialize          the bytes read as `expect` (an error class, or the tablet Java builds)
//   reserialize_differs  they read as `expect`, and serializing that tablet gives other bytes
//   reserialize_fails    they read as `expect`, and that tablet (the serialize vector's) cannot be serialized
//   serialize_error      the tablet cannot be serialized (and the bytes, if any, read as `expect`)
//   round_trip_differs   the tablet serializes to the bytes, which read back as another tablet
//   hostile              the bytes read as `expect` within max_alloc_bytes
//   codec                the tablet serializes to the bytes, which read back as `expect`
#include <algorithm>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "conformance/harness/findings.hpp"
#include "conformance/harness/tsfile_tablet/operations.hpp"
#include "conformance/harness/vectors.hpp"

namespace tsc::tsfile::test {
namespace {

// A finding of the common format (conformance/harness/findings.hpp) with its serialize and deserialize vectors.
struct Finding {
    Json block;
    const Vector* serialize = nullptr;
    const Vector* deserialize = nullptr;
};

std::map<std::string, Finding> findings_of(const std::vector<Vector>& vectors) {
    std::map<std::string, Finding> findings;
    for (const tsc::Finding& common : tsc::findings_of(Family::family, vectors)) {
        Finding& f = findings[common.id];
        f.block = common.block;
        for (const Vector& v : vectors)
            if (std::find(common.vectors.begin(), common.vectors.end(), v.name) != common.vectors.end())
                (v.op == Serialize::name ? f.serialize : f.deserialize) = &v;
    }
    return findings;
}

// What makes the behaviour a finding, on the reference, under `layout`.
void expect_finding(const std::string& id, const Finding& f, const std::string& layout) {
    const std::string check = string_field(f.block, "check");
    const std::optional<DeserializeOutcome> read =
        f.deserialize ? std::optional(Deserialize::outcome_of(f.deserialize->expect)) : std::nullopt;
    const std::optional<Serialize::Outcome> written =
        f.serialize ? std::optional(Serialize::outcome_of(f.serialize->expect)) : std::nullopt;
    if (check == "reserialize_differs") {
        ASSERT_TRUE(read && read->ok()) << id;
        const Serialize::Outcome again = Serialize::reference({read->tablet, layout_named(layout)});
        ASSERT_TRUE(again.ok()) << id;
        const Bytes input = Deserialize::input_of(f.deserialize->input, layout).bytes;
        EXPECT_NE(Bytes(input.begin(), input.begin() + static_cast<std::ptrdiff_t>(read->consumed)), again.bytes)
            << id << ": serializing what was read gives the input back";
    } else if (check == "reserialize_fails") {
        ASSERT_TRUE(read && read->ok() && written) << id;
        EXPECT_FALSE(compare(read->tablet, Serialize::input_of(f.serialize->input, layout).tablet))
            << id << ": the serialize vector's tablet is not the one read";
        EXPECT_FALSE(written->ok()) << id;
        EXPECT_EQ(Serialize::reference(Serialize::input_of(f.serialize->input, layout)).error, written->error) << id;
    } else if (check == "round_trip_differs") {
        ASSERT_TRUE(read && read->ok() && written && written->ok()) << id;
        EXPECT_TRUE(compare(Serialize::input_of(f.serialize->input, layout).tablet, read->tablet))
            << id << ": the tablet read back equals the one written";
    } else if (check == "serialize_error") {
        ASSERT_TRUE(written) << id;
        EXPECT_FALSE(written->ok()) << id;
    } else if (check == "hostile") {
        ASSERT_TRUE(f.deserialize && f.deserialize->limits.max_alloc_bytes) << id;
    } else {
        EXPECT_TRUE(check == "deserialize" || check == "codec") << id << ": unknown check " << check;
        EXPECT_TRUE(f.deserialize) << id;
    }
}

TEST(TsfileTabletFindings, EveryFindingIsStillDetected) {
    const std::vector<Vector> vectors = load_vectors<Family>();
    const std::map<std::string, Finding> findings = findings_of(vectors);
    ASSERT_GE(findings.size(), 10u);
    for (const auto& [id, f] : findings) {
        // Against the spec: the layouts are where a Java behaviour the spec does not want is modelled.
        EXPECT_EQ(string_field(f.block, "against"), "spec") << id;
        const Vector& any = f.serialize ? *f.serialize : *f.deserialize;
        for (const std::string& layout : any.profiles) expect_finding(id, f, layout);
    }
}

// The pitfalls the spec lists for Tablet.deserialize each have a finding (§3 "Deserialization").
TEST(TsfileTabletFindings, CoverTheDocumentedPitfalls) {
    const std::vector<Vector> vectors = load_vectors<Family>();
    const std::map<std::string, Finding> findings = findings_of(vectors);
    for (const char* id : {"absent_schema_misindexed", "absent_schema_index_out_of_bounds", "unmarked_bitmap_comes_back_null",
                           "readstring_platform_charset", "date_null_reads_back_as_1000_01_01", "string_negative_length_is_null",
                           "hostile_row_size_allocates"})
        EXPECT_TRUE(findings.count(id)) << "no finding " << id;
}

}  // namespace
}  // namespace tsc::tsfile::test
