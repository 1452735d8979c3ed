// Hostile counts: a few bytes that declare 2^31-1 rows or a 2^31-1 byte string must fail with an error class,
// quickly and without sizing storage from the declared count. The global allocator counts what each parse
// allocates; ctest's timeout catches a parser that walks two billion rows.
#include <atomic>
#include <cstdlib>
#include <new>

#include <gtest/gtest.h>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/iotdb_tablet_checks.hpp"
#include "reference/iotdb_tablet/reference.hpp"
#include "subjects/api/registry.hpp"

namespace {
std::atomic<std::size_t> g_allocated{0};
}  // namespace

// Not inlined: gcc would otherwise see free() called on what it takes for the builtin operator new's memory
// (-Wmismatched-new-delete).
[[gnu::noinline]] void* operator new(std::size_t size) {
    g_allocated += size;
    if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
    throw std::bad_alloc();
}
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace tsc::iotdb {
namespace {

constexpr std::int32_t kHugeRows = 2147483647;
constexpr std::size_t kAllocationLimit = 1 << 20;

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

std::vector<Subject*> reference_and_subjects() {
    std::vector<Subject*> all = subjects_under_test();
    all.insert(all.begin(), registry<Subject>().find("reference"));
    return all;
}

TEST(IotdbTabletHostile, HugeCountsInAFewBytesFailWithoutAllocating) {
    for (const HostileCase& c : kCases) {
        const Bytes timestamps = *from_hex(c.timestamps);
        const Bytes values = *from_hex(c.values);
        const Schema schema{c.types, c.rows};
        for (Subject* s : reference_and_subjects())
            for (const ParserProfile& q : kParserProfiles) {
                g_allocated = 0;
                const ParseOutcome out = s->parse(timestamps, values, schema, q);
                const std::size_t allocated = g_allocated;
                EXPECT_FALSE(out.ok()) << c.what << ", subject " << s->name() << ": " << describe(out);
                EXPECT_LT(allocated, kAllocationLimit)
                    << c.what << ", subject " << s->name() << ", parser " << q.name << ": allocated " << allocated
                    << " bytes\n  reproduce: " << parse_command(std::string(s->name()), timestamps, values, schema, q);
                EXPECT_EQ(out.error, reference::parse(timestamps, values, schema, q).error)
                    << c.what << ", " << s->name();
            }
    }
}

}  // namespace
}  // namespace tsc::iotdb
