// The registry and the "no result" rule: which sizes each subject supports, and that the harness
// skips a subject for a size it gives no result for instead of failing it.
#include <limits>

#include <gtest/gtest.h>

#include "conformance/harness/bitmap/operations.hpp"

#include "conformance/allocation/allocation_counter.hpp"
#include "conformance/harness/bitmap/operations.hpp"

namespace tsc::bitmap {
namespace {

Subject& registered(std::string_view name) { return subject_named<Subject>(Family::family, name); }

TEST(BitmapSubjects, FastSubjectsAreRegisteredAndClaimAKnownProfile) {
    for (std::string_view name : {"reference", "fast-array", "fast-long"}) {
        Subject& s = registered(name);
        EXPECT_NO_THROW(profile_of(s)) << name;
    }
    for (const Subject* s : subjects_under_test<Subject>()) EXPECT_NO_THROW(profile_of(*s)) << s->name();
}

TEST(BitmapSubjects, LongBackedSupportsExactlySizes0To64) {
    Subject& s = registered("fast-long");
    for (std::int32_t n = 0; n <= 64; ++n) EXPECT_NE(s.create(n), nullptr) << n;
    for (std::int32_t n : {-1, 65, 128, kMaxSize, std::numeric_limits<std::int32_t>::max()}) EXPECT_EQ(s.create(n), nullptr) << n;
    EXPECT_EQ(s.create(Value{65, Bytes(9, 0)}), nullptr);
}

TEST(BitmapSubjects, ArrayBackedSupportsSizesUpToTheSuiteMaximum) {
    Subject& s = registered("fast-array");
    for (std::int32_t n : {0, 1, 64, 65, 1000, kMaxSize}) EXPECT_NE(s.create(n), nullptr) << n;
    for (std::int32_t n : {-1, kMaxSize + 1, std::numeric_limits<std::int32_t>::max()}) EXPECT_EQ(s.create(n), nullptr) << n;
}

TEST(BitmapSubjects, ValuesWithTheWrongByteCountGiveNoResult) {
    for (std::string_view name : {"reference", "fast-array", "fast-long"}) {
        Subject& s = registered(name);
        EXPECT_EQ(s.create(Value{16, Bytes(2, 0)}), nullptr) << name;  // 16 bits need 3 bytes
        EXPECT_EQ(s.create(Value{16, Bytes(4, 0)}), nullptr) << name;
        EXPECT_NE(s.create(Value{16, Bytes(3, 0)}), nullptr) << name;
    }
}

TEST(BitmapSubjects, HarnessSkipsUnsupportedSizesAndProfiles) {
    Program p;
    p.size = 100;
    p.ops = {Op{OpKind::mark_all, {}, {}, {}}};
    EXPECT_TRUE(RunProgram::run(registered("fast-long"), {p, kDefaultProfile}).unsupported);
    EXPECT_TRUE(check_program(registered("fast-long"), p).empty());
    EXPECT_FALSE(RunProgram::run(registered("fast-array"), {p, kDefaultProfile}).unsupported);
    const std::vector<Failure> array = check_program(registered("fast-array"), p);
    EXPECT_TRUE(array.empty()) << describe_all(array);
    // A subject answers under the profile it claims only; the reference under every profile.
    const RunProgram::Input legacy{p, profile_named("iotdb-legacy")};
    EXPECT_TRUE(RunProgram::run(registered("fast-array"), legacy).unsupported);
    EXPECT_FALSE(RunProgram::run(registered("reference"), legacy).unsupported);
}

// The fuzz decoder (fuzz/bitmap_ops.cpp): size, flags, then opcodes with raw or scaled arguments.
TEST(BitmapSubjects, FuzzInputDecodes) {
    const Bytes input{
        20, 0,                     // size 20
        0,                         // no initial bytes
        0x80 | 5, 5, 0, 0, 0, 4, 0, 0, 0,  // markRange 5 4 (raw int32 arguments)
        10, 1, 0, 7, 0,            // isRangeAnyMarked 0 6 (scaled: u16 % 23 - 1)
        15,                        // bytes
        0x80 | 19, 1,              // orFailedRows, cut short: dropped
    };
    const Program p = ProgramFuzzInput::decode(input)->program;
    EXPECT_EQ(p.size, 20);
    EXPECT_FALSE(p.initial);
    EXPECT_EQ(to_text(p.ops), "markRange 5 4; isRangeAnyMarked 0 6; bytes");
}

// Flag bit 4 puts the size just past the suite maximum, where the subjects must give no bitmap; no
// operations are read there.
TEST(BitmapSubjects, FuzzInputReachesPastTheSuiteMaximum) {
    for (const std::uint8_t selector : {0, 7, 8}) {
        const Bytes input{selector, 0, 0x10, 15};
        const Program p = ProgramFuzzInput::decode(input)->program;
        EXPECT_EQ(p.size, kMaxSize + 1 + selector % 8) << int{selector};
        EXPECT_FALSE(is_valid(p));
        EXPECT_TRUE(p.ops.empty());
    }
}

// Declared sizes and counts in a fuzz input only bound what is read: never more than the input holds.
// (What the decoded programs do on every subject is checked by the hostile-size vectors
// fuzz_decoded_*, with max_alloc_bytes.)
TEST(BitmapSubjects, FuzzDecoderNeverReadsMoreThanTheInputHolds) {
    const struct {
        Bytes input;
        const char* program;
    } cases[] = {
        {{0xFF, 0xFF, 0x01}, ""},  // size 65535 % 1025 = 960, initial bytes missing
        {{0x10, 0x00, 0x00, 0x80 | 19, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F, 0xAA}, "orFailedRows 0 2147483647 aa"},
        {{0x10, 0x00, 0x00, 14, 0xFF, 0xFF}, ""},  // merge with a source size and no source bytes
    };
    for (const auto& c : cases) {
        Program p;
        const std::size_t bytes = allocation::bytes_allocated_by([&] { p = ProgramFuzzInput::decode(c.input)->program; });
        EXPECT_LT(bytes, 64u * 1024u);
        EXPECT_TRUE(is_valid(p));
        EXPECT_EQ(to_text(p.ops), c.program);
    }
}

}  // namespace
}  // namespace tsc::bitmap
