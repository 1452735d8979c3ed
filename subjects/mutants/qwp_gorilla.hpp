// Helpers that only the QWP Gorilla mutants (subjects/mutants/catalogue.json) use: the buggy
// arithmetic of a mutant's branch, kept out of the fast subject so that it reads as the production
// code plus one switched statement.
#pragma once

#include <cstdint>

namespace tsc::mutants::qwp_gorilla {

// The low `width` bits of v in the opposite order: a read-order prefix written MSB first.
constexpr std::uint8_t bits_reversed(std::uint8_t v, unsigned width) {
    std::uint8_t out = 0;
    for (unsigned k = 0; k < width; ++k) out = static_cast<std::uint8_t>(out | (((v >> k) & 1u) << (width - 1 - k)));
    return out;
}

// The encoder bucket (0-3, or 4 outside int32) of a delta-of-delta under the historical bounds
// [−63, 64] / [−255, 256] / [−2047, 2048] of QuestDB @5e62742a (spec qwp-gorilla.md §4 D1).
constexpr unsigned historical_bucket(std::uint64_t dod) {
    if (dod + 0x80000000u > 0xFFFFFFFFu) return 4;
    return static_cast<unsigned>(dod + 63 >= 128) + static_cast<unsigned>(dod + 255 >= 512) +
           static_cast<unsigned>(dod + 2047 >= 4096);
}

}  // namespace tsc::mutants::qwp_gorilla
