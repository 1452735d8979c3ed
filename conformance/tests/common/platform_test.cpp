// Proves which platform the suite ran on: the s390x build must really run big-endian, the armhf
// build must really have a 32-bit size_t and an unsigned plain char (the classes of bugs each
// foreign build is there to show).
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>

#include <gtest/gtest.h>

TEST(Platform, ByteOrderIsTheOneTheBuildTargets) {
    const std::uint32_t word = 0x01020304;
    unsigned char first = 0;
    std::memcpy(&first, &word, 1);
    const bool big_endian = first == 0x01;
    EXPECT_EQ(big_endian, std::endian::native == std::endian::big);
    EXPECT_EQ(big_endian, TSC_EXPECT_BIG_ENDIAN != 0) << "built for a " << (TSC_EXPECT_BIG_ENDIAN ? "big" : "little")
                                                      << "-endian target but ran " << (big_endian ? "big" : "little")
                                                      << "-endian";
    std::printf("host byte order: %s-endian\n", big_endian ? "big" : "little");
}

TEST(Platform, SizeAndCharAreTheOnesTheBuildTargets) {
    // A size that only a 32-bit size_t wraps, computed at run time so the compiler cannot fold it.
    volatile std::uint64_t rows = (std::uint64_t{1} << 29) + 1;
    const std::size_t bytes = static_cast<std::size_t>(rows) * 8;
    const bool wraps = bytes / 8 != rows;
    const bool char_signed = std::numeric_limits<char>::is_signed;
    EXPECT_EQ(wraps, TSC_EXPECT_32_BIT != 0) << "size_t is " << 8 * sizeof(std::size_t) << " bits";
    EXPECT_EQ(sizeof(std::size_t) == 4, TSC_EXPECT_32_BIT != 0);
    // Plain char is signed on x86-64 and unsigned on both s390x and ARM (their ABIs).
    const bool expect_unsigned_char = TSC_EXPECT_32_BIT != 0 || TSC_EXPECT_BIG_ENDIAN != 0;
    EXPECT_EQ(char_signed, !expect_unsigned_char);
    std::printf("size_t: %zu bits; plain char: %s\n", 8 * sizeof(std::size_t), char_signed ? "signed" : "unsigned");
}
