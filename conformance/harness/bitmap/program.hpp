// BitMap operation programs: a bitmap size, optional initial bytes and a list of §4 operations, in
// the text form the CLI, the vectors and every reproduce command use
//     mark 3; markRange 5 4; isRangeAnyMarked 0 4; bytes
// and in the binary form the bitmap_ops fuzz target decodes.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/bitmap/model.hpp"

namespace tsc::bitmap {

enum class OpKind : std::uint8_t {
    mark,
    unmark,
    is_marked,
    mark_all,
    reset,
    mark_range,
    unmark_range,
    is_all_unmarked,
    is_all_unmarked_prefix,
    is_all_marked,
    is_range_any_marked,
    is_range_all_marked,
    is_range_none_marked,
    contains_marked_bit,
    merge,
    byte_array,
    truncated_byte_array,
    equals,
    equals_in_range,
    or_failed_rows,
};

// Where an operation's non-integer input goes in its text form.
enum class Operand : std::uint8_t {
    none,
    value,  // a bitmap value, SIZE HEX, before the integers (merge, equals, equalsInRange)
    rows,   // failed-row bytes, HEX or '-', after the integers (orFailedRows)
};

struct OpInfo {
    OpKind kind;
    std::string_view name;  // the Java method name (bytes = getByteArray)
    std::uint8_t ints;      // how many int arguments
    Operand operand;
};

// Indexed by OpKind. isAllUnmarked appears twice: without and with its range size.
inline constexpr std::array kOps{
    OpInfo{OpKind::mark, "mark", 1, Operand::none},
    OpInfo{OpKind::unmark, "unmark", 1, Operand::none},
    OpInfo{OpKind::is_marked, "isMarked", 1, Operand::none},
    OpInfo{OpKind::mark_all, "markAll", 0, Operand::none},
    OpInfo{OpKind::reset, "reset", 0, Operand::none},
    OpInfo{OpKind::mark_range, "markRange", 2, Operand::none},
    OpInfo{OpKind::unmark_range, "unmarkRange", 2, Operand::none},
    OpInfo{OpKind::is_all_unmarked, "isAllUnmarked", 0, Operand::none},
    OpInfo{OpKind::is_all_unmarked_prefix, "isAllUnmarked", 1, Operand::none},
    OpInfo{OpKind::is_all_marked, "isAllMarked", 0, Operand::none},
    OpInfo{OpKind::is_range_any_marked, "isRangeAnyMarked", 2, Operand::none},
    OpInfo{OpKind::is_range_all_marked, "isRangeAllMarked", 2, Operand::none},
    OpInfo{OpKind::is_range_none_marked, "isRangeNoneMarked", 2, Operand::none},
    OpInfo{OpKind::contains_marked_bit, "containsMarkedBit", 2, Operand::none},
    OpInfo{OpKind::merge, "merge", 3, Operand::value},
    OpInfo{OpKind::byte_array, "bytes", 0, Operand::none},
    OpInfo{OpKind::truncated_byte_array, "getTruncatedByteArray", 1, Operand::none},
    OpInfo{OpKind::equals, "equals", 0, Operand::value},
    OpInfo{OpKind::equals_in_range, "equalsInRange", 1, Operand::value},
    OpInfo{OpKind::or_failed_rows, "orFailedRows", 2, Operand::rows},
};

constexpr const OpInfo& info(OpKind k) { return kOps[static_cast<std::size_t>(k)]; }

struct Op {
    OpKind kind = OpKind::byte_array;
    std::array<std::int32_t, 3> args{};  // in text order: position | start, length | src, dst, length | ...
    Value operand;                       // Operand::value
    Bytes rows;                          // Operand::rows

    bool operator==(const Op&) const = default;
};

struct Program {
    std::int32_t size = 0;
    std::optional<Bytes> initial;  // BitMap(size, bytes) when set, else BitMap(size)
    std::vector<Op> ops;
};

std::string to_text(const Op& op);
std::string to_text(const std::vector<Op>& ops);  // joined with "; "

// Parses "op args; op args; ..." (';' or newlines between operations). On error, nullopt and a message
// naming the operation. Value operands must be valid (size in [0, kMaxSize], size/8+1 bytes).
std::optional<std::vector<Op>> parse_ops(std::string_view text, std::string& error);

// A program's size and initial bytes are valid for the reference (0 <= size <= kMaxSize, size/8+1 bytes).
bool is_valid(const Program& program);

// Bytes of a bitmap of `size` positions: size/8+1 (§4.1).
inline std::size_t bytes_for(std::int32_t size) { return static_cast<std::size_t>(size / 8 + 1); }

}  // namespace tsc::bitmap
