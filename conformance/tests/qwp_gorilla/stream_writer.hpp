// Builds column bodies by hand, including what no encoder writes: delta-of-deltas in wider
// buckets than needed and set padding bits. Test-only; the bucket layout is spec §2.3.
#pragma once

#include <algorithm>
#include <cstdint>

#include "reference/common/bytes.hpp"

namespace tsc::qwp::test {

class StreamWriter {
public:
    void byte(std::uint8_t b) { out_.push_back(b), bits_ = 0; }
    void null_section_without_nulls() { byte(0x00); }
    void seeds(std::int64_t t0, std::int64_t t1) {
        for (std::int64_t t : {t0, t1})
            for (int i = 0; i < 8; ++i) byte(static_cast<std::uint8_t>(static_cast<std::uint64_t>(t) >> (8 * i)));
    }
    // Writes `dod` in bucket `wanted` (0 = the 1-bit zero code, 1..4 = 7/9/12/32-bit payloads) or
    // in the narrowest bucket that holds it, whichever is wider.
    void dod_in_bucket(std::int64_t dod, int wanted) {
        const int bucket = std::max(wanted, narrowest_bucket(dod));
        static constexpr unsigned kPrefixLen[] = {1, 2, 3, 4, 4};
        static constexpr std::uint64_t kPrefix[] = {0b0, 0b01, 0b011, 0b0111, 0b1111};
        static constexpr unsigned kWidth[] = {0, 7, 9, 12, 32};
        bits(kPrefix[bucket], kPrefixLen[bucket]);
        bits(static_cast<std::uint64_t>(dod), kWidth[bucket]);
    }
    // Fills the unused high bits of the last byte with `padding` and returns the body.
    Bytes finish(std::uint8_t padding) {
        if (bits_ != 0) out_.back() = static_cast<std::uint8_t>(out_.back() | (padding & (0xFFu << bits_)));
        return out_;
    }

private:
    static int narrowest_bucket(std::int64_t dod) {
        if (dod == 0) return 0;
        if (dod >= -64 && dod <= 63) return 1;
        if (dod >= -256 && dod <= 255) return 2;
        if (dod >= -2048 && dod <= 2047) return 3;
        return 4;
    }
    void bits(std::uint64_t v, unsigned n) {
        for (unsigned i = 0; i < n; ++i) {
            if (bits_ == 0) out_.push_back(0);
            out_.back() = static_cast<std::uint8_t>(out_.back() | (((v >> i) & 1u) << bits_));
            bits_ = (bits_ + 1) % 8;
        }
    }
    Bytes out_;
    unsigned bits_ = 0;
};

}  // namespace tsc::qwp::test
