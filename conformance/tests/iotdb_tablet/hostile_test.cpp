// Hostile counts: a few bytes that declare 2^31-1 rows or a 2^31-1 byte string must fail with an error class,
// quickly and without sizing storage from the declared count. The global allocator counts what each parse
// allocates; ctest's timeout catches a parser that walks two billion rows.

#include <gtest/gtest.h>

#include "conformance/allocation/allocation_counter.hpp"
#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/iotdb_tablet_checks.hpp"
#include "reference/iotdb_tablet/reference.hpp"
#include "subjects/api/registry.hpp"

namespace tsc::iotdb {
namespace {

constexpr std::int32_t kHugeRows = 2147483647;

struct HostileCase {
    const char* what;
    std::vector<DataType> types;
    std::int32_t rows;
    const char* timestamps;
    const char* values;
};

const HostileCase kCases[] = {
    {"2^31-1 rows, 16 bytes of timestamps", {DataType::INT64}, kHugeRows, "00000000000000010000000000000002", "00"},
    {"2^31-1 rows, no columns", {}, kHugeRows, "0000000000000001", ""},
    {"2^31-1 rows, one timestamp byte short of one row", {DataType::TEXT}, kHugeRows, "00000000000000", "7fffffff"},
    {"a TEXT of 2^31-1 bytes in six", {DataType::TEXT}, 1, "0000000000000001", "7fffffff6162"},
    {"a BLOB of 2^31-16 bytes after an empty one", {DataType::BLOB}, 2, "00000000000000010000000000000002",
     "00000000" "7ffffff0" "00"},
    {"an OBJECT of 2^31-1 bytes", {DataType::OBJECT}, 1, "0000000000000001", "7fffffff" "01"},
    {"a length of -1", {DataType::STRING}, 1, "0000000000000001", "ffffffff"},
    {"a negative row count", {DataType::INT32}, -2147483647 - 1, "", ""},
};

TEST(IotdbTabletHostile, HugeCountsInAFewBytesFailWithoutAllocating) {
    for (const HostileCase& c : kCases) {
        const Bytes timestamps = *from_hex(c.timestamps);
        const Bytes values = *from_hex(c.values);
        const Schema schema{c.types, c.rows};
        for (Subject* s : reference_and_subjects())
            for (const ParserProfile& q : kParserProfiles) {
                allocation::reset();
                const ParseOutcome out = s->parse(timestamps, values, schema, q);
                const std::size_t allocated = allocation::bytes();
                EXPECT_FALSE(out.ok()) << c.what << ", subject " << s->name() << ": " << describe(out);
                EXPECT_LT(allocated, allocation::kHostileInputLimit)
                    << c.what << ", subject " << s->name() << ", parser " << q.name << ": allocated " << allocated
                    << " bytes\n  reproduce: " << parse_command(std::string(s->name()), timestamps, values, schema, q);
                EXPECT_EQ(out.error, reference::parse(timestamps, values, schema, q).error)
                    << c.what << ", " << s->name();
            }
    }
}

}  // namespace
}  // namespace tsc::iotdb
