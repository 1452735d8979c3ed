// The stateful test's BitMap inputs: the family's one producer (conformance/inputs/bitmap/producer.hpp)
// drawn through RapidCheck, so a failing command list shrinks. Call only inside a property.
#pragma once

#include "conformance/inputs/bitmap/producer.hpp"
#include "conformance/inputs/rapidcheck_source.hpp"

namespace tsc::bitmap::test {

// Each draws through a source of its own: RapidCheckSource holds no state.
template <class F>
auto draw(F&& f) {
    tsc::inputs::RapidCheckSource s;
    return f(s);
}

inline std::int32_t gen_size() { return draw(inputs::size); }
inline Value gen_value(std::int32_t size) { return draw([size](auto& s) { return inputs::value(s, size); }); }
inline Op gen_position_op(std::int32_t size) { return draw([size](auto& s) { return inputs::position_op(s, size); }); }
inline Op gen_whole_op() { return draw(inputs::whole_op); }
inline Op gen_range_update(std::int32_t size) { return draw([size](auto& s) { return inputs::range_update(s, size); }); }
inline Op gen_range_query(std::int32_t size) { return draw([size](auto& s) { return inputs::range_query(s, size); }); }
inline Op gen_merge(std::int32_t size) { return draw([size](auto& s) { return inputs::merge(s, size); }); }
inline Op gen_equality(const Value& current) { return draw([&current](auto& s) { return inputs::equality(s, current); }); }
inline Op gen_failed_rows(std::int32_t size) { return draw([size](auto& s) { return inputs::failed_rows(s, size); }); }

}  // namespace tsc::bitmap::test
