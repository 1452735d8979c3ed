// Every bitmap shape up to 5 bitmap bytes: each row count 0–40 with no null, one null at each row, every
// other row null and every row null, in every profile, with and without client marks past n. The fast
// serializer packs eight rows at a time and the parser expands eight at a time; this crosses every split.
#include <gtest/gtest.h>

#include "conformance/harness/iotdb_tablet/checks.hpp"

namespace tsc::iotdb {
namespace {

// A BOOLEAN column with the given nulls and an INT32 column without any.
Tablet two_columns(const Bytes& nulls) {
    Tablet t;
    const std::size_t n = nulls.size();
    for (std::size_t i = 0; i < n; ++i) t.timestamps.push_back(static_cast<std::int64_t>(1000 + i));
    Column flags{DataType::BOOLEAN, std::vector<std::uint8_t>(n, 1), nulls};
    std::vector<std::int32_t> ints(n);
    for (std::size_t i = 0; i < n; ++i) ints[i] = static_cast<std::int32_t>(i);
    Column numbers{DataType::INT32, ints, Bytes(n, 0)};
    t.columns = {flags, numbers};
    return t;
}

std::vector<Bytes> null_patterns(std::size_t n) {
    std::vector<Bytes> patterns{Bytes(n, 0), Bytes(n, 1)};
    Bytes alternate(n, 0);
    for (std::size_t i = 0; i < n; i += 2) alternate[i] = 1;
    patterns.push_back(alternate);
    for (std::size_t i = 0; i < n; ++i) {
        Bytes one(n, 0);
        one[i] = 1;
        patterns.push_back(one);
    }
    return patterns;
}

TEST(IotdbTabletBitmapEdges, EveryRowCountAndNullPosition) {
    const std::vector<ClientState> clients{
        {},
        {true, {{0xff, true}, {0xff, false}}},
        {false, {{0x00, false}, {0x81, false}}},
    };
    for (std::size_t n = 0; n <= 40; ++n)
        for (const Bytes& nulls : null_patterns(n))
            for (const ClientState& client : clients) {
                const std::vector<Failure> failures = check_tablet(two_columns(nulls), client);
                ASSERT_TRUE(failures.empty()) << "n=" << n << "\n" << describe_all(failures);
            }
}

}  // namespace
}  // namespace tsc::iotdb
