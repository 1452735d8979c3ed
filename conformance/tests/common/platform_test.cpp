// Proves which byte order the suite ran on: the s390x build must really run big-endian.
#include <bit>
#include <cstdint>
#include <cstring>

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
