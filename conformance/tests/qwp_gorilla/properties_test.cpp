// RapidCheck properties: every subject against the reference on generated columns.
// Each failure shows the divergence report and RapidCheck's RC_PARAMS="reproduce=..." line.
#include <algorithm>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "conformance/tests/qwp_gorilla/generators.hpp"
#include "conformance/tests/qwp_gorilla/stream_writer.hpp"
#include "reference/qwp_gorilla/reference.hpp"

namespace tsc::qwp::test {
namespace {

Profile gen_profile() { return *rc::gen::elementOf(kProfiles); }

void assert_no_failures(const std::vector<Failure>& failures) {
    if (!failures.empty()) RC_FAIL(describe_all(failures));
}

TEST(QwpGorillaSubjects, AreRegistered) { EXPECT_FALSE(subjects_under_test<Subject>().empty()); }

RC_GTEST_PROP(QwpGorilla, ReferenceRoundTrips, ()) {
    const auto [c, gorilla_flag, encoder] = gen_encode_input();
    const Bytes bytes = reference::encode(c, gorilla_flag, encoder);
    const DecodeOutcome back = reference::decode(bytes, {c.row_count, gorilla_flag}, gen_profile());
    RC_ASSERT(back.ok());
    RC_ASSERT(back.column == c);
    RC_ASSERT(back.consumed == bytes.size());
}

RC_GTEST_PROP(QwpGorilla, SubjectsEncodeReferenceBytesAndDecodeThemBack, ()) {
    const Encode::Input input = gen_encode_input();
    assert_no_failures(check_roundtrip(input.column, input.gorilla_flag));
}

// Each prefix is copied into a buffer of exactly its size, so a read past the end is an ASan error.
RC_GTEST_PROP(QwpGorilla, EveryTruncationGivesTheReferenceErrorClass, ()) {
    const auto [c, gorilla_flag, encoder] = gen_encode_input();
    const Bytes bytes = reference::encode(c, gorilla_flag, encoder);
    const Profile p = gen_profile();
    // Every cut of a short body; of a long one, the first and last 64 and 64 spread between.
    const std::size_t step = bytes.size() <= 256 ? 1 : bytes.size() / 64;
    for (std::size_t len = 0; len < bytes.size(); len += len < 64 || len + 64 >= bytes.size() ? 1 : step) {
        const Bytes prefix(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(len));
        RC_ASSERT(!reference::decode(prefix, {c.row_count, gorilla_flag}, p).ok());
        assert_no_failures(check<Decode>({prefix, {c.row_count, gorilla_flag}, p}));
    }
}

// Spec §2.3: a decoder never checks that a payload belongs to its bucket.
RC_GTEST_PROP(QwpGorilla, NonCanonicalCodesDecodeToTheSameValues, ()) {
    std::vector<std::int64_t> dods;
    const std::size_t count = *rc::gen::inRange<std::size_t>(1, 40);
    for (std::size_t i = 0; i < count; ++i) dods.push_back(*rc::gen::elementOf(kBoundaryDods));
    for (std::int64_t& dod : dods) dod = std::clamp(dod, kInt32Min, kInt32Max);  // the widest bucket is 32 bits
    const std::vector<std::int64_t> ts = series_from_dods(gen_start(), gen_start(), dods);
    StreamWriter w;
    w.null_section_without_nulls();
    w.byte(0x01);
    w.seeds(ts[0], ts[1]);
    for (std::int64_t dod : dods) w.dod_in_bucket(dod, *rc::gen::inRange(0, 5));
    const Bytes body = w.finish(*rc::gen::arbitrary<std::uint8_t>());  // padding bits set at random
    const Framing f{ts.size(), true};
    const DecodeOutcome ref = reference::decode(body, f, kDefaultProfile);
    RC_ASSERT(ref.ok());
    RC_ASSERT(ref.column.values == ts);
    assert_no_failures(check<Decode>({body, f, gen_profile()}));
}

// Encoded columns as they are, with padding bits set, cut short, with a byte changed, or no column at all.
RC_GTEST_PROP(QwpGorilla, ProducedBodiesDecodeAsTheReferenceDoes, ()) {
    assert_no_failures(check<Decode>(gen_decode_input()));
}

RC_GTEST_PROP(QwpGorilla, ArbitraryBytesDecodeAsTheReferenceDoes, ()) {
    const Bytes body = *rc::gen::container<Bytes>(rc::gen::arbitrary<std::uint8_t>());
    const Framing f{*rc::gen::inRange<std::uint64_t>(0, 40), *rc::gen::arbitrary<bool>()};
    assert_no_failures(check<Decode>({body, f, gen_profile()}));
}

// A subject keeps storage between columns: a small column, then a larger one, then a small one.
RC_GTEST_PROP(QwpGorilla, ReusedDecoderGrowsItsStorage, ()) {
    const Column small = gen_encode_input().column;
    const Column large = gen_encode_input().column;
    RC_PRE(large.values.size() > small.values.size());
    const Profile p = gen_profile();
    for (Subject* s : subjects_under_test<Subject>())
        for (const Column* c : {&small, &large, &small})
            assert_no_failures(check<Decode>(*s, {reference::encode(*c, true), {c->row_count, true}, p}));
}

}  // namespace
}  // namespace tsc::qwp::test
