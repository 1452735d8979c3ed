// The input layout of fuzz/qwp_gorilla_decode.cpp (conformance/harness/fuzz_input.hpp):
//
//   offset  size  field
//   0       1     bit 0 = FLAG_GORILLA; bits 1-3 = decoder profile index (mod the profile count:
//                 0 strict, 1 server, 2 rust, 3 typescript, 4 dotnet); bits 4-7 ignored
//   1       4     row_count, uint32 little-endian
//   5       ...   the column body, to the end of the input
//
// A row count above uint32 does not fit (the golden-vector tests keep those). qwp_gorilla_roundtrip
// reads its input through FuzzedDataProvider, so any bytes are valid there: it takes the same seeds.
#pragma once

#include <array>
#include <optional>

#include "conformance/harness/qwp_gorilla/operations.hpp"

namespace tsc::qwp {

struct DecodeFuzzInput {
    static constexpr std::string_view target = "qwp_gorilla_decode";
    static constexpr std::array<std::string_view, 1> also_seeds{"qwp_gorilla_roundtrip"};
    using Op = Decode;
    static std::optional<Decode::Input> decode(ByteView bytes);
    static std::optional<Bytes> encode(const Decode::Input& input);
};

}  // namespace tsc::qwp
