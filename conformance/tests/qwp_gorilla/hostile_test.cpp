// Hostile sizes: a ~20-byte column that declares 4e9 rows must fail with an error class, quickly
// and without sizing storage from the row count. The global allocator counts what each decode
// allocates; ctest's timeout catches a decoder that walks four billion rows.

#include <gtest/gtest.h>

#include "conformance/allocation/allocation_counter.hpp"
#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/qwp_gorilla_checks.hpp"
#include "reference/qwp_gorilla/reference.hpp"
#include "subjects/api/registry.hpp"

namespace tsc::qwp {
namespace {

constexpr std::uint64_t kHostileRows = 4'000'000'000;

struct HostileCase {
    const char* what;
    std::string hex;
    bool gorilla_flag;
};

const HostileCase kCases[] = {
    {"Gorilla, no bitmap", "0001" "e803000000000000" "d007000000000000" "ff", true},
    {"raw under FLAG_GORILLA, no bitmap", "0000" "e803000000000000" "d007000000000000" "ff", true},
    {"raw without FLAG_GORILLA", "00" "e803000000000000" "d007000000000000" "ffff", false},
    {"bitmap of all NULLs then Gorilla", "01" "ffffffffffffffffffffffffffffffffffff" "01", true},
    {"bitmap with NULLs and values", "01" "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" "00", true},
};

TEST(QwpGorillaHostile, FourBillionRowsInTwentyBytesFailWithoutAllocating) {
    for (const HostileCase& c : kCases) {
        const Bytes body = *from_hex(c.hex);
        const Framing framing{kHostileRows, c.gorilla_flag};
        for (Subject* s : reference_and_subjects())
            for (const Profile& p : kProfiles) {
                allocation::reset();
                const DecodeOutcome out = s->decode(body, framing, p);
                const std::size_t allocated = allocation::bytes();
                EXPECT_FALSE(out.ok()) << c.what << ", subject " << s->name() << ": " << describe(out);
                EXPECT_LT(allocated, allocation::kHostileInputLimit)
                    << c.what << ", subject " << s->name() << ", profile " << p.name << ": allocated " << allocated
                    << " bytes\n  reproduce: " << decode_command(std::string(s->name()), body, framing, p);
                EXPECT_EQ(out.error, reference::decode(body, framing, p).error) << c.what << ", " << s->name();
            }
    }
}

}  // namespace
}  // namespace tsc::qwp
