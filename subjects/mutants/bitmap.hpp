// Helpers that only the BitMap mutants (subjects/mutants/catalogue.json) use: the buggy code of a
// mutant's branch, kept out of the fast subjects so that they read as the production code plus one
// switched statement.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace tsc::mutants::bitmap {

// The first n bytes of `bytes` copied as whole 8-byte words and then the bytes left over, those taken
// from byte offset whole / 8 (the word count used as a byte offset) instead of from byte `whole`.
// Right up to 8 bytes and at multiples of 8; wrong in between, past the first word.
inline std::vector<std::uint8_t> truncated_copy_tail_at_word_count(std::span<const std::uint8_t> bytes, std::size_t n) {
    std::vector<std::uint8_t> out(n);
    const std::size_t whole = n & ~std::size_t{7};
    if (whole != 0) std::memcpy(out.data(), bytes.data(), whole);
    if (n != whole) std::memcpy(out.data() + whole, bytes.data() + whole / 8, n - whole);
    return out;
}

}  // namespace tsc::mutants::bitmap
