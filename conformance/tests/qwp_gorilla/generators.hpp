// The properties' QWP inputs: the family's one producer (conformance/inputs/qwp_gorilla/producer.hpp)
// drawn through RapidCheck, so a failing case shrinks. Call only inside a property.
#pragma once

#include "conformance/inputs/qwp_gorilla/producer.hpp"
#include "conformance/inputs/rapidcheck_source.hpp"

namespace tsc::qwp::test {

using inputs::kBoundaryDods;
using inputs::series_from_dods;

inline constexpr std::int64_t kInt32Min = std::numeric_limits<std::int32_t>::min();
inline constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();

inline std::int64_t gen_start() {
    tsc::inputs::RapidCheckSource s;
    return inputs::start(s);
}

inline Encode::Input gen_encode_input() {
    tsc::inputs::RapidCheckSource s;
    return inputs::ColumnProducer::build(s, *rc::gen::elementOf(kEncodeProfiles));
}

inline Decode::Input gen_decode_input() {
    tsc::inputs::RapidCheckSource s;
    return inputs::BodyProducer::build(s);
}

}  // namespace tsc::qwp::test
