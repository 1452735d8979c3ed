// The input layout of fuzz/iotdb_tablet_parse.cpp (conformance/harness/fuzz_input.hpp):
//
//   offset  size  field
//   0       1     bits 0-2 = column count c; bit 3 = parser profile (0 legacy, 1 tablet-decoder);
//                 bits 4-7 ignored
//   1       c     type codes, one byte each (TSDataType codes, any byte)
//   1+c     4     row count n, int32 little-endian
//   5+c     ...   the timestamps buffer: 8·n bytes, or all that is left if fewer (or n < 0); then the
//                 values buffer, to the end of the input
//
// Seeds come from the parse vectors and from the bytes each serialize vector expects. An input with
// more than 7 columns, or whose timestamps buffer is not where that split puts it,
// does not fit. iotdb_tablet_serialize reads its input through FuzzedDataProvider, so any bytes are
// valid there: it takes the same seeds.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "conformance/harness/iotdb_tablet/operations.hpp"

namespace tsc::iotdb {

struct ParseFuzzInput {
    static constexpr std::string_view target = "iotdb_tablet_parse";
    static constexpr std::array<std::string_view, 1> also_seeds{"iotdb_tablet_serialize"};
    using Op = Parse;
    static std::optional<Parse::Input> decode(ByteView bytes);
    static std::optional<Bytes> encode(const Parse::Input& input);
    // A serialize vector's expected buffers, as every parser is sent them.
    static std::vector<std::pair<std::string, Parse::Input>> more_inputs(const Vector& v);
};

}  // namespace tsc::iotdb
