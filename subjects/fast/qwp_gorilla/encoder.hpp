// The fast QWP timestamp column encoder (spec qwp-gorilla.md §1.6, §2.2, §2.3, §2.5, §2.6, §2.8); the
// overview of the codec is qwp_gorilla/codec.hpp.
//
// Encoder
//   - one pass into a reused buffer; a 64-bit accumulator to which each code (prefix and payload
//     merged into one field of at most 36 bits) is added, followed by an unconditional 8-byte
//     little-endian store that advances by the whole bytes completed;
//   - the bucket and the int32 test come from one table load indexed by the highest set bit of the
//     delta-of-delta's magnitude; a value outside int32 rolls the column back to raw (§2.8);
//   - runs of zero delta-of-deltas are found four values at a time and emitted as one bit count;
//   - an exact-arithmetic profile (§4 D4) adds one pass before: the wrapped delta-of-deltas with the
//     carries of their three subtractions, which say whether the exact value equals the wrapped one.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "reference/qwp_gorilla/model.hpp"
#include "subjects/api/mutant.hpp"
#include "subjects/mutants/qwp_gorilla.hpp"
#include "subjects/fast/qwp_gorilla/memory.hpp"
#include "subjects/fast/qwp_gorilla/thresholds.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {

template <bool kPortable>
class QwpGorillaEncoder {
public:
    // Encodes one column body (§1.6, §2.6, §2.8). The bytes stay valid until the next call.
    std::span<const std::uint8_t> encode(const qwp::Column& column, bool gorilla_flag, const qwp::EncodeProfile& profile);
    std::span<const std::uint8_t> bytes() const { return {out_.data(), size_}; }

private:
    // Writes the Gorilla payload after enc_flag at out+pos; returns the end position, or 0 if a
    // delta-of-delta does not fit int32 (§2.8), in which case the caller rolls back to raw.
    std::size_t write_gorilla(std::uint8_t* out, std::size_t pos, const std::int64_t* t, std::size_t n);

    qwp_detail::GrowBuffer<std::uint8_t> out_;
    std::size_t size_ = 0;
};

namespace qwp_detail {

// §2.3 encoding of a non-zero delta-of-delta: one field of len ≤ 36 bits holding the prefix (read
// order, LSB first) and the payload: ((dod << plen) | prefix) & lenmask.
struct BucketCode {
    std::uint64_t lenmask;
    std::uint8_t plen;
    std::uint8_t prefix;
    std::uint8_t len;
    bool fits;  // false: the delta-of-delta is outside int32 (§2.8)
};

constexpr BucketCode bucket_code(unsigned bucket) {
    constexpr std::uint8_t kPrefix[4] = {0b01, 0b011, 0b0111, 0b1111};
    constexpr std::uint8_t kPlen[4] = {2, 3, 4, 4};
    constexpr std::uint8_t kWidth[4] = {7, 9, 12, 32};
    if (bucket > 3) return BucketCode{0, 0, 0, 0, false};
    const unsigned len = kPlen[bucket] + kWidth[bucket];
    std::uint8_t prefix = kPrefix[bucket];
    if constexpr (tsc::mutant("qwp_prefix_msb_first")) {
        // MUTANT qwp_prefix_msb_first: prefixes written as read-order MSB first ("10" as 0b10, …)
        prefix = tsc::mutants::qwp_gorilla::bits_reversed(prefix, kPlen[bucket]);
    }
    return BucketCode{(std::uint64_t{1} << len) - 1, kPlen[bucket], prefix, static_cast<std::uint8_t>(len), true};
}

// Indexed by the position of the highest set bit of m = dod ^ (dod >> 63) (the magnitude, one less
// for negatives), or of 1 when m = 0: m < 2^6 fits 7 bits two's complement, m < 2^8 fits 9,
// m < 2^11 fits 12, m < 2^31 fits int32. One table load chooses the bucket and tests int32.
struct BucketTable {
    BucketCode e[limits::kBucketTableSize];
};

constexpr BucketTable make_bucket_table() {
    BucketTable t{};
    for (unsigned top = 0; top < limits::kBucketTableSize; ++top)
        t.e[top] = bucket_code(top <= 5 ? 0 : top <= 7 ? 1 : top <= 10 ? 2 : top <= 30 ? 3 : 4);
    return t;
}

inline constexpr BucketTable kBucketTable = make_bucket_table();

TSC_QWP_INLINE const BucketCode& bucket_of(std::uint64_t dod) {
    if constexpr (tsc::mutant("qwp_bucket_bounds_63_64")) {
        // MUTANT qwp_bucket_bounds_63_64: the historical [−63, 64] / [−255, 256] / [−2047, 2048] (§4 D1)
        static constexpr BucketCode kCodes[5] = {bucket_code(0), bucket_code(1), bucket_code(2), bucket_code(3),
                                                 bucket_code(4)};
        return kCodes[tsc::mutants::qwp_gorilla::historical_bucket(dod)];
    } else {
        const std::uint64_t m = dod ^ static_cast<std::uint64_t>(static_cast<std::int64_t>(dod) >> 63);
        return kBucketTable.e[63 - std::countl_zero(m | 1u)];
    }
}

// How many times 2^64 the exact a − b exceeds the wrapped one: +1 when it overflowed upward (b < 0),
// −1 when downward, 0 when it did not overflow.
TSC_QWP_INLINE std::int64_t sub_carry(std::int64_t a, std::int64_t b, std::int64_t& wrapped) {
    if (!__builtin_sub_overflow(a, b, &wrapped)) return 0;
    return b < 0 ? 1 : -1;
}

// §4 D4: whether every exact delta-of-delta t_i − t_{i−1} − (t_{i−1} − t_{i−2}) fits int32. The exact
// value is the wrapped one plus (carry of the outer subtraction + carry of the new delta − carry of
// the old delta)·2^64, so it fits iff the wrapped one does and the carries cancel. No branch but the
// loop's: the verdict is an OR over the column.
inline bool exact_dods_fit_int32(const std::int64_t* t, std::size_t n) {
    std::int64_t delta = 0;
    std::int64_t carry = sub_carry(t[1], t[0], delta);
    std::uint64_t outside = 0;
    for (std::size_t i = 2; i < n; ++i) {
        std::int64_t d = 0, dod = 0;
        const std::int64_t c = sub_carry(t[i], t[i - 1], d);
        std::int64_t total = sub_carry(d, delta, dod) + c - carry;
        if constexpr (tsc::mutant("qwp_exact_dod_delta_carry_dropped")) {
            // MUTANT qwp_exact_dod_delta_carry_dropped: the carry of the old delta left out, as if a
            // delta that overflowed int64 were its wrapped value
            total += carry;
        }
        outside |= static_cast<std::uint64_t>(total) |
                   ((static_cast<std::uint64_t>(dod) + 0x80000000u) >> 32);  // non-zero: outside int32
        delta = d;
        carry = c;
    }
    return outside == 0;
}

}  // namespace qwp_detail

template <bool kPortable>
std::size_t QwpGorillaEncoder<kPortable>::write_gorilla(std::uint8_t* out, std::size_t pos, const std::int64_t* t,
                                                        std::size_t n) {
    using qwp_detail::store_le64;
    const auto u = [t](std::size_t k) { return static_cast<std::uint64_t>(t[k]); };
    store_le64<kPortable>(out + pos, u(0));  // §2.1 seeds
    store_le64<kPortable>(out + pos + 8, u(1));
    std::uint8_t* o = out + pos + 16;
    // Invariant: acc holds nb < 8 pending bits; everything before o is final.
    std::uint64_t acc = 0;
    unsigned nb = 0;
    std::uint64_t delta = u(1) - u(0);
    std::size_t i = 2;
    while (i < n) {
        const std::uint64_t d = u(i) - u(i - 1);
        const std::uint64_t dod = d - delta;
        if (dod == 0) {
            // A run of zero codes: find its end four values at a time, emit it as one bit count.
            std::size_t j = i + 1;
            static_assert(qwp_detail::limits::kEncoderZeroRunStep == 4, "four values per step below");
            if constexpr (tsc::mutant("qwp_encoder_zero_scan_lane_repeated")) {
                // MUTANT qwp_encoder_zero_scan_lane_repeated: the third lane repeats the second, so a run
                // ending at the step's third value is taken as going on
                while (j + qwp_detail::limits::kEncoderZeroRunStep <= n && ((u(j) - u(j - 1) - delta) | (u(j + 1) - u(j) - delta) |
                                      (u(j + 1) - u(j) - delta) | (u(j + 3) - u(j + 2) - delta)) == 0)
                    j += qwp_detail::limits::kEncoderZeroRunStep;
            } else {
                while (j + qwp_detail::limits::kEncoderZeroRunStep <= n && ((u(j) - u(j - 1) - delta) | (u(j + 1) - u(j) - delta) |
                                      (u(j + 2) - u(j + 1) - delta) | (u(j + 3) - u(j + 2) - delta)) == 0)
                    j += qwp_detail::limits::kEncoderZeroRunStep;
            }
            while (j < n && u(j) - u(j - 1) == delta) ++j;
            const std::uint64_t total = nb + static_cast<std::uint64_t>(j - i);
            if (total >= 8) {
                // acc's nb bits then zeros: whole bytes are acc's low byte followed by zero bytes.
                const std::size_t whole = static_cast<std::size_t>(total >> 3);
                store_le64<kPortable>(o, acc);  // bytes 1..7 of it are zero
                if (whole > 8) std::memset(o + 8, 0, whole - 8);
                o += whole;
                acc = 0;
            }
            nb = static_cast<unsigned>(total & 7);
            i = j;
            continue;
        }
        const qwp_detail::BucketCode& b = qwp_detail::bucket_of(dod);
        if (TSC_QWP_UNLIKELY(!b.fits)) return 0;  // §2.8: outside int32
        const std::uint64_t code = ((dod << b.plen) | b.prefix) & b.lenmask;
        acc |= code << nb;  // nb + len ≤ 7 + 36 < 64
        nb += b.len;
        store_le64<kPortable>(o, acc);
        o += nb >> 3;
        acc >>= nb & ~7u;  // ≤ 40
        nb &= 7;
        delta = d;
        ++i;
    }
    if constexpr (tsc::mutant("qwp_spurious_zero_byte_on_boundary")) {
        // MUTANT qwp_spurious_zero_byte_on_boundary: Prometheus' bstream bug (prometheus#14854), a
        // zero byte appended when the stream already ends on a byte boundary
        if (nb == 0) *o++ = 0;
    }
    // §2.5 zero padding.
    if (nb != 0) *o++ = static_cast<std::uint8_t>(acc);
    return static_cast<std::size_t>(o - out);
}

template <bool kPortable>
std::span<const std::uint8_t> QwpGorillaEncoder<kPortable>::encode(const qwp::Column& column, bool gorilla_flag,
                                                                   const qwp::EncodeProfile& profile) {
    const std::size_t n = column.values.size();
    const std::uint64_t rows = column.row_count;
    const std::size_t bm = column.has_null_bitmap ? static_cast<std::size_t>((rows >> 3) + ((rows & 7) != 0 ? 1 : 0)) : 0;
    // Raw is the larger of the two payloads (§2.8: 16 + ceil(36(n−2)/8) < 8n for n ≥ 3); +8 slack
    // for the unconditional 8-byte stores.
    out_.grow_to(2 + bm + 8 * n + 8);
    std::uint8_t* const out = out_.data();
    std::size_t pos = 0;

    // §1.6 null section; the bits past row_count are zero (bytes missing from the model read as 0).
    out[pos++] = column.has_null_bitmap ? 0x01 : 0x00;
    if (bm != 0) {
        const std::size_t have = std::min(bm, column.null_bitmap.size());
        if (have != 0) std::memcpy(out + pos, column.null_bitmap.data(), have);
        if (have < bm) std::memset(out + pos + have, 0, bm - have);
        if ((rows & 7) != 0) out[pos + bm - 1] = static_cast<std::uint8_t>(out[pos + bm - 1] & ((1u << (rows & 7)) - 1u));
        pos += bm;
    }

    if (gorilla_flag) {
        bool gorilla = n >= 3;
        if (gorilla && profile.arithmetic == qwp::DodArithmetic::exact) {  // §4 D4: the pass only this profile needs
            gorilla = qwp_detail::exact_dods_fit_int32(column.values.data(), n);
            if constexpr (tsc::mutant("qwp_exact_dod_as_wrapped")) {
                // MUTANT qwp_exact_dod_as_wrapped: the TypeScript profile encoded with wrapped arithmetic (§4 D4)
                gorilla = true;
            }
        }
        if (gorilla) {
            out[pos] = 0x01;
            if (const std::size_t end = write_gorilla(out, pos + 1, column.values.data(), n); end != 0) {
                size_ = end;
                return bytes();
            }
        }
        out[pos++] = 0x00;  // §2.8 raw fallback (or rollback)
    }
    qwp_detail::store_values_le<kPortable>(out + pos, column.values.data(), n);
    size_ = pos + 8 * n;
    return bytes();
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS
