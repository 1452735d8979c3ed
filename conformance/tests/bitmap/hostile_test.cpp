// Hostile sizes and counts: a program or fuzz input that declares a huge bitmap, operand or row count
// must be rejected or skipped without sizing storage from that number. The global allocator counts
// what each call allocates.
#include <limits>

#include <gtest/gtest.h>

#include "conformance/allocation/allocation_counter.hpp"
#include "conformance/harness/bitmap_checks.hpp"

namespace tsc::bitmap {
namespace {

constexpr std::size_t kAllocationLimit = 64 * 1024;
constexpr std::int32_t kIntMax = std::numeric_limits<std::int32_t>::max();

TEST(BitmapHostile, HugeSizesGiveNoResultWithoutAllocating) {
    for (Subject* s : reference_and_subjects())
        for (std::int32_t size : {kIntMax, kMaxSize + 1, -1, std::numeric_limits<std::int32_t>::min()}) {
            const std::size_t bytes = allocation::bytes_allocated_by([&] {
                EXPECT_EQ(s->create(size), nullptr) << s->name() << " size " << size;
                EXPECT_EQ(s->create(Value{size, Bytes{}}), nullptr) << s->name() << " size " << size;
                Program p;
                p.size = size;
                EXPECT_FALSE(check_program(*s, p).ran) << s->name() << " size " << size;
            });
            EXPECT_LT(bytes, kAllocationLimit) << s->name() << " size " << size;
        }
}

TEST(BitmapHostile, ParserChecksDeclaredOperandSizesAgainstTheBytesGiven) {
    for (const char* text : {"merge 2147483647 00 0 0 1", "merge 1048576 00 0 0 1", "equals 1000000 ffff",
                             "equalsInRange -5 00 1", "orFailedRows 0 2147483647 ff"}) {
        std::string error;
        std::optional<std::vector<Op>> ops;
        const std::size_t bytes = allocation::bytes_allocated_by([&] { ops = parse_ops(text, error); });
        EXPECT_LT(bytes, kAllocationLimit) << text;
        if (std::string_view(text).starts_with("orFailedRows")) {
            ASSERT_TRUE(ops) << error;  // a row count is only a bound: one byte was given
            EXPECT_EQ(ops->front().rows.size(), 1u);
        } else {
            EXPECT_FALSE(ops) << text;
        }
    }
}

TEST(BitmapHostile, FuzzDecoderNeverReadsMoreThanTheInputHolds) {
    const Bytes inputs[] = {
        {0xFF, 0xFF, 0x01},                                 // size 65535 % 1025, initial bytes missing
        {0x10, 0x00, 0x00, 0x80 | 19, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F, 0xAA},  // orFailedRows 0 INT_MAX, 1 row byte
        {0x10, 0x00, 0x00, 14, 0xFF, 0xFF},                 // merge with a source size and no source bytes
    };
    for (const Bytes& in : inputs) {
        Program p;
        const std::size_t bytes = allocation::bytes_allocated_by([&] { p = decode_fuzz_input(in); });
        EXPECT_LT(bytes, kAllocationLimit);
        EXPECT_TRUE(is_valid(p));
        std::vector<Failure> failures;
        const std::size_t checked = allocation::bytes_allocated_by([&] { failures = check_program(p); });
        EXPECT_LT(checked, kAllocationLimit);
        EXPECT_TRUE(failures.empty()) << describe_all(failures);
    }
}

}  // namespace
}  // namespace tsc::bitmap
