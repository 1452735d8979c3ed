// RapidCheck generators of BitMap operations for a bitmap of a given size: positions and ranges mostly
// inside the bitmap and on its edges (0, size, the byte and word boundaries), sometimes just outside,
// rarely at the Java int extremes; source bitmaps of any size with random padding bits. Call only
// inside a property.
#pragma once

#include <algorithm>
#include <limits>
#include <vector>

#include <rapidcheck.h>

#include "conformance/harness/bitmap/program.hpp"

namespace tsc::bitmap::test {

inline constexpr std::int32_t kIntMin = std::numeric_limits<std::int32_t>::min();
inline constexpr std::int32_t kIntMax = std::numeric_limits<std::int32_t>::max();

inline Bytes gen_bytes(std::size_t n) {
    return *rc::gen::container<Bytes>(n, rc::gen::weightedOneOf<std::uint8_t>({
                                             {4, rc::gen::arbitrary<std::uint8_t>()},
                                             {1, rc::gen::element<std::uint8_t>(0x00, 0xFF)},
                                         }));
}

// A bitmap value of `size` bits with random bytes, padding bits included.
inline Value gen_value(std::int32_t size) { return {size, gen_bytes(static_cast<std::size_t>(size / 8 + 1))}; }

// Sizes 0-200, half of them in the long-backed range 0-64, with the byte and word edges favoured.
inline std::int32_t gen_size() {
    return *rc::gen::weightedOneOf<std::int32_t>({
        {3, rc::gen::inRange<std::int32_t>(0, 65)},
        {2, rc::gen::inRange<std::int32_t>(0, 201)},
        {1, rc::gen::element<std::int32_t>(0, 1, 7, 8, 9, 63, 64, 65, 127, 128, 129, 200)},
    });
}

// An int argument against a bound `n` (a size, or what is left of one): mostly in [0, n].
inline std::int32_t gen_index(std::int32_t n) {
    n = std::max(n, 0);
    return *rc::gen::weightedOneOf<std::int32_t>({
        {12, rc::gen::inRange<std::int32_t>(0, n + 1)},
        {3, rc::gen::elementOf(std::vector<std::int32_t>{0, n, n > 0 ? n - 1 : 0, n & ~7, n & ~63})},
        {2, rc::gen::inRange<std::int32_t>(-3, n + 4)},
        {1, rc::gen::elementOf(std::vector<std::int32_t>{kIntMin, kIntMax, -1, n + 1, kIntMax - n})},
    });
}

// (start, length) of a range inside a bitmap of `size` positions, mostly valid.
inline std::pair<std::int32_t, std::int32_t> gen_range(std::int32_t size) {
    const std::int32_t start = gen_index(size);
    const std::int32_t room = start >= 0 && start <= size ? size - start : size;
    return {start, gen_index(room)};
}

inline Op op(OpKind kind, std::int32_t a = 0, std::int32_t b = 0, std::int32_t c = 0) { return Op{kind, {a, b, c}, {}, {}}; }

inline Op gen_position_op(std::int32_t size) {
    return op(*rc::gen::element(OpKind::mark, OpKind::unmark, OpKind::is_marked), gen_index(size));
}

inline Op gen_whole_op() {
    return op(*rc::gen::element(OpKind::mark_all, OpKind::reset, OpKind::is_all_unmarked, OpKind::is_all_marked,
                                OpKind::byte_array));
}

inline Op gen_range_update(std::int32_t size) {
    const auto [start, length] = gen_range(size);
    return op(*rc::gen::element(OpKind::mark_range, OpKind::unmark_range), start, length);
}

inline Op gen_range_query(std::int32_t size) {
    const auto [start, length] = gen_range(size);
    const OpKind kind = *rc::gen::element(OpKind::is_range_any_marked, OpKind::is_range_all_marked,
                                          OpKind::is_range_none_marked, OpKind::contains_marked_bit,
                                          OpKind::is_all_unmarked_prefix, OpKind::truncated_byte_array);
    return kind == OpKind::is_all_unmarked_prefix || kind == OpKind::truncated_byte_array ? op(kind, length)
                                                                                           : op(kind, start, length);
}

inline Op gen_merge(std::int32_t size) {
    Op m = op(OpKind::merge);
    m.operand = gen_value(gen_size());
    const std::int32_t length = gen_index(std::min(size, m.operand.size));
    m.args = {gen_index(m.operand.size - std::max(length, 0)), gen_index(size - std::max(length, 0)), length};
    return m;
}

// equals / equalsInRange against the bitmap's own value, a copy with one bit flipped (padding bits
// included), or any other value.
inline Op gen_equality(const Value& current) {
    Op e = op(*rc::gen::element(OpKind::equals, OpKind::equals_in_range));
    e.operand = *rc::gen::weightedOneOf<Value>({
        {2, rc::gen::just(current)},
        {3, rc::gen::exec([&current] {
             Value v = current;
             const auto bit = *rc::gen::inRange<std::size_t>(0, v.bytes.size() * 8);
             v.bytes[bit >> 3] = static_cast<std::uint8_t>(v.bytes[bit >> 3] ^ (1u << (bit & 7)));
             return v;
         })},
        {1, rc::gen::exec([] { return gen_value(gen_size()); })},
    });
    e.args[0] = gen_index(std::min(current.size, e.operand.size));
    return e;
}

inline Op gen_failed_rows(std::int32_t size) {
    const auto [start, length] = gen_range(size);
    Op o = op(OpKind::or_failed_rows, start, length);
    const std::size_t bytes = length > 0 && length <= size ? static_cast<std::size_t>(length + 7) / 8 : 2;
    o.rows = gen_bytes(*rc::gen::element(bytes, bytes > 0 ? bytes - 1 : 0));  // sometimes one byte short
    return o;
}

}  // namespace tsc::bitmap::test
