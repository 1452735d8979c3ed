// The registry and the "no result" rule: which sizes each subject supports, and that the harness
// skips a subject for a size it gives no result for instead of failing it.
#include <gtest/gtest.h>

#include "conformance/harness/bitmap_checks.hpp"
#include "subjects/api/registry.hpp"

namespace tsc::bitmap {
namespace {

Subject& registered(std::string_view name) {
    register_builtin_subjects();
    Subject* s = registry<Subject>().find(name);
    if (s == nullptr) throw std::runtime_error("no bitmap subject " + std::string(name));
    return *s;
}

TEST(BitmapSubjects, FastSubjectsAreRegisteredAndClaimAKnownProfile) {
    for (std::string_view name : {"reference", "fast-array", "fast-long"}) {
        Subject& s = registered(name);
        EXPECT_TRUE(find_profile(s.profile())) << name;
    }
    for (const Subject* s : subjects_under_test()) EXPECT_TRUE(find_profile(s->profile())) << s->name();
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

TEST(BitmapSubjects, HarnessSkipsUnsupportedSizes) {
    Program p;
    p.size = 100;
    p.ops = {Op{OpKind::mark_all, {}, {}, {}}};
    EXPECT_FALSE(check_program(registered("fast-long"), p).ran);
    const ProgramResult array = check_program(registered("fast-array"), p);
    EXPECT_TRUE(array.ran);
    EXPECT_TRUE(array.failures.empty()) << describe_all(array.failures);
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
    const Program p = decode_fuzz_input(input);
    EXPECT_EQ(p.size, 20);
    EXPECT_FALSE(p.initial);
    EXPECT_EQ(to_text(p.ops), "markRange 5 4; isRangeAnyMarked 0 6; bytes");
}

}  // namespace
}  // namespace tsc::bitmap
