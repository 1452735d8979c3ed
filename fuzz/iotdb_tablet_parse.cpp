// Raw buffers against every IoTDB insertTablet parser, under both parser profiles (legacy, tablet-decoder).
// Input: byte 0 = column count c (low 3 bits); bytes 1..c = type codes (any byte); then the row count n,
// int32 little-endian; then the timestamps buffer: 8·n bytes, or all that is left if fewer (or n < 0);
// then the values buffer: the rest. corpora/tools/vectors_to_seeds.py writes the seed corpus in this format.
#include <cstddef>
#include <cstdint>

#include "conformance/harness/iotdb_tablet_checks.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace tsc::iotdb;
    if (size < 1) return 0;
    const std::size_t columns = data[0] & 7u;
    if (size < 1 + columns + 4) return 0;
    Schema schema;
    for (std::size_t j = 0; j < columns; ++j) schema.types.push_back(static_cast<tsc::DataType>(data[1 + j]));
    std::uint32_t rows = 0;
    for (int i = 0; i < 4; ++i) rows |= static_cast<std::uint32_t>(data[1 + columns + i]) << (8 * i);
    schema.row_count = static_cast<std::int32_t>(rows);
    const std::size_t start = 1 + columns + 4;
    const std::size_t rest = size - start;
    const std::size_t wanted = schema.row_count < 0 ? rest : 8 * static_cast<std::size_t>(schema.row_count);
    const std::size_t ts_size = wanted < rest ? wanted : rest;
    const tsc::ByteView timestamps(data + start, ts_size);
    const tsc::ByteView values(data + start + ts_size, rest - ts_size);
    for (const ParserProfile& q : kParserProfiles)
        tsc::fuzz::require_no_failures("iotdb_tablet_parse", check_parse(timestamps, values, schema, q));
    return 0;
}
