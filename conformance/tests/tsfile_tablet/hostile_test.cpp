// Hostile counts: a few dozen bytes that declare 2^31−1 rows, schemas, props or bytes must fail with
// an error class (or, where Java would read them as a valid empty tablet, succeed) quickly and
// without sizing storage from the count. The global allocator counts what each call allocates;
// ctest's timeout catches a deserializer that walks two billion rows.

#include <gtest/gtest.h>

#include "conformance/allocation/allocation_counter.hpp"
#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/tsfile_tablet_checks.hpp"
#include "reference/tsfile_tablet/reference.hpp"

namespace tsc::tsfile::test {

namespace {

struct HostileCase {
    const char* what;
    std::string hex;
    const char* expected;  // error class, or "ok"
};

// Pieces: a null target, rowSize 2^31−1, and one schema of a given type code.
const std::string kHead = "ffffffff" "7fffffff";
std::string one_schema(const char* type) { return "01" "00000001" "01" "00000001" "73" + std::string(type) + "0000" "00000000" "01"; }

const HostileCase kCases[] = {
    {"2^31-1 timestamps, 16 bytes of them", kHead + "00" "01" "00000000000000010000000000000002", "truncated_timestamps"},
    {"2^31-1 INT64 cells", kHead + one_schema("02") + "00" "00" "01" "01" "0000000000000001", "truncated_values"},
    {"2^31-1 DOUBLE cells", kHead + one_schema("04") + "00" "00" "01" "01" "3ff0000000000000", "truncated_values"},
    {"2^31-1 DATE cells", kHead + one_schema("09") + "00" "00" "01" "01" "01352769" "01352769", "truncated_values"},
    {"2^31-1 BOOLEAN cells", kHead + one_schema("00") + "00" "00" "01" "01" "0101010101", "truncated_values"},
    {"2^31-1 TEXT cells, all absent", kHead + one_schema("05") + "00" "00" "01" "01" "000000000000000000", "truncated_values"},
    {"2^31-1 TEXT cells, present", kHead + one_schema("05") + "00" "00" "01" "01" "01000000016101", "truncated_values"},
    {"2^31-1 schemas, presence 0", "ffffffff" "00000001" "01" "7fffffff" "000000000000", "truncated_schemas"},
    {"2^31-1 schemas, present", "ffffffff" "00000001" "01" "7fffffff" "01ffffffff010000" "00000000" "01", "truncated_schemas"},
    {"2^31-1 props", "ffffffff" "00000001" "01" "00000001" "01ffffffff010000" "7fffffff" "0000000161", "truncated_schemas"},
    {"2^31-1 byte target name", "7fffffff" "616263", "truncated_target_name"},
    {"2^31-1 byte schema name", "ffffffff" "00000001" "01" "00000001" "01" "7fffffff" "6162", "truncated_schemas"},
    {"2^31-1 byte bitmap", "ffffffff" "00000008" "01" "00000001" "01ffffffff010000" "00000000" "01" "00" "01" "01" "00000008" "7fffffff" "ff", "truncated_bitmaps"},
    {"2^31-1 byte TEXT cell", "ffffffff" "00000001" + one_schema("05").substr(0) + "00" "00" "01" "01" "01" "7fffffff" "6161", "truncated_values"},
    // Valid for Java as well: it allocates new long[rowSize] (16 GiB) and fails; the model needs nothing.
    {"2^31-1 rows, every section absent", kHead + "00000000", "ok"},
    {"2^31-1 rows, one absent column", kHead + one_schema("02") + "00" "00" "01" "00", "ok"},
};

TEST(TsfileTabletHostile, DeclaredCountsDoNotSizeStorage) {
    for (const HostileCase& c : kCases) {
        const Bytes in = *from_hex(c.hex);
        for (Subject* s : reference_and_subjects())
            for (Layout layout : kLayouts) {
                allocation::reset();
                const DeserializeOutcome out = s->deserialize(in, layout);
                const std::size_t allocated = allocation::bytes();
                EXPECT_EQ(name_of(out.error), c.expected) << c.what << ", subject " << s->name() << ": " << describe(out);
                EXPECT_LT(allocated, allocation::kHostileInputLimit)
                    << c.what << ", subject " << s->name() << ", layout " << name_of(layout) << ": allocated " << allocated
                    << " bytes\n  reproduce: " << deserialize_command(std::string(s->name()), in, layout);
            }
    }
}

}  // namespace
}  // namespace tsc::tsfile::test
