// The input layout of fuzz/tsfile_tablet_deserialize.cpp (conformance/harness/fuzz_input.hpp):
//
//   offset  size  field
//   0       1     bit 0 = layout (0 newest, 1 v15201a9d); bits 1-7 ignored
//   1       ...   the serialized tablet, to the end of the input
//
// tsfile_tablet_roundtrip reads its input through FuzzedDataProvider, so any bytes are valid there:
// it takes the same seeds.
#pragma once

#include <array>
#include <optional>

#include "conformance/harness/tsfile_tablet/operations.hpp"

namespace tsc::tsfile {

struct DeserializeFuzzInput {
    static constexpr std::string_view target = "tsfile_tablet_deserialize";
    static constexpr std::array<std::string_view, 1> also_seeds{"tsfile_tablet_roundtrip"};
    using Op = Deserialize;
    static std::optional<Deserialize::Input> decode(ByteView bytes);
    static std::optional<Bytes> encode(const Deserialize::Input& input);
};

}  // namespace tsc::tsfile
