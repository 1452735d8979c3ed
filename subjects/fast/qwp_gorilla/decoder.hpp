// The fast QWP timestamp column decoder (spec qwp-gorilla.md §1.6, §2, §3, §4 D2/D3, §7); the
// overview of the codec is qwp_gorilla/codec.hpp.
//
// Decoder
//   - bit reader: a 64-bit window loaded with one 8-byte little-endian load at the current bit
//     position, 57+ valid bits (byte-by-byte only for the last < 8 bytes of the input, through a
//     zero-padded copy);
//   - uniform windows: the first code of a window picks its bucket; one mask test tells whether the
//     K codes that fit in the window (6 × 9-bit, 4 × 12-bit, 3 × 16-bit) all share that bucket.
//     If so, their payloads are extracted by constant shifts, independent of one another, and the
//     bit position advances by a constant, so the next load does not wait for decoded data. The
//     bucket's loop runs while windows stay uniform; a window that is not gives the leading codes
//     of that bucket, and a jittered interval's occasional zero code after them is taken at once.
//     36-bit codes (one per window) are loaded four windows at a time;
//   - runs of zero codes (constant interval) are counted with count-trailing-zeros, eight bytes at a
//     time, and emitted in one step by a 4-lane arithmetic fill;
//   - the last 32 bytes / 16 codes: a 16-entry table indexed by the low 4 bits of the window gives
//     code length and the two shifts that extract and sign-extend the payload: a table load, two
//     shifts and two adds per code, no branch on the bucket; the last < 8 bytes go through a
//     zero-padded copy with an explicit bound;
//   - no storage is sized before the input is known to hold it: null bitmap, seeds, one bit per code
//     (Gorilla) or n×8 bytes (raw) are checked first, in the order that gives the reference's class;
//   - values and bitmap storage are members, grown when a later column is larger, never shrunk.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "reference/qwp_gorilla/model.hpp"
#include "subjects/api/mutant.hpp"
#include "subjects/fast/qwp_gorilla/code_windows.hpp"
#include "subjects/fast/qwp_gorilla/memory.hpp"
#include "subjects/fast/qwp_gorilla/thresholds.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {
namespace qwp_detail {

// Decodes `codes` codes (n−2) of the bitstream s[0, len) into out[0, codes), starting from
// ts = t1 and delta = t1 − t0 (§2.1, §2.4).
// Precondition: codes ≤ 8·len (at least one bit per code, checked by the caller); out has codes + 8
// writable slots. Returns the number of bits read, or UINT64_MAX if the bitstream runs out (§3.1).
//
// Three regions:
//   fast:    while at least 16 codes and 32 bytes remain. The first code of a window picks its
//            bucket's loop over uniform windows (Uniform), or a zero run;
//   general: while an 8-byte load fits. Branch-free table decoding, and zero runs;
//   tail:    the last < 8 bytes, copied into a zero-padded buffer, decoded with an explicit bound.
template <bool kPortable>
std::uint64_t decode_codes(const std::uint8_t* s, std::size_t len, std::int64_t* out, std::uint64_t codes,
                           std::uint64_t ts, std::uint64_t delta) {
    const CodeEntry* const table = kCodeTable.e;
    std::uint64_t i = 0;
    std::uint64_t bitpos = 0;

    // Table decoding of the codes of window w that surely lie inside it (at least one); returns
    // the bits used. One table load and two shifts per code, no branch on the bucket.
    const auto table_codes = [&](std::uint64_t w) {
        unsigned used = 0;
        do {
            const CodeEntry e = table[w & 15u];
            delta += extract_dod(w, e);
            w >>= e.len;
            used += e.len;
            if constexpr (tsc::mutant("qwp_int32_carry_dropped")) {
                // MUTANT qwp_int32_carry_dropped: int64 added as two int32 halves, the low carry lost
                ts = (((ts >> 32) + (delta >> 32)) << 32) | ((ts + delta) & 0xffffffffu);
            } else {
                ts += delta;
            }
            out[i++] = static_cast<std::int64_t>(ts);
        } while (used <= kSafeStart && i < codes);
        bitpos += used;
    };

    // A run of zero codes starting at bitpos (w is the window there, its low byte zero), emitted
    // in one step. zero_run_length touches no decoder state: inlined or not, that stays in registers.
    const auto zero_run = [&](std::uint64_t w, std::size_t last_load) TSC_QWP_LAMBDA_INLINE {
        const std::uint64_t run = zero_run_length<kPortable>(s, bitpos, w, codes - i, last_load);
        fill_run(out + i, run, ts, delta);
        ts += run * delta;
        i += run;
        bitpos += run;
    };

    if (len >= limits::kLoadBytes) {
        const std::size_t last_load = len - limits::kLoadBytes;  // highest byte offset an 8-byte load may start at

        // Fast region: i + 16 ≤ codes and bytes [bitpos/8, bitpos/8 + 32) inside the input, so
        // that no step below needs a bound of its own.
        if (len >= limits::kFastRegionBytes && codes >= limits::kFastRegionCodes) {
            const std::uint64_t bit_limit = static_cast<std::uint64_t>(len - limits::kFastRegionBytes) * 8;
            const std::uint64_t code_limit = codes - limits::kFastRegionCodes;
            const auto in_fast_region = [&] { return i <= code_limit && bitpos <= bit_limit; };

            // Windows of bucket U, starting with v (whose first code is of bucket U), while they
            // are uniform; then the leading codes of bucket U of the next window, and the zero
            // codes (up to three) that may follow them: a jittered interval repeats itself now and
            // then, and this keeps the common case in the loop.
            const auto bucket_run = [&](auto bucket, std::uint64_t v) {
                using U = decltype(bucket);
                while (U::matches(v)) {
                    U::emit_all(v, out + i, ts, delta);
                    i += U::kCount;
                    bitpos += U::kCount * U::kLen;
                    if (!in_fast_region()) return;
                    v = window_at<kPortable>(s, bitpos);
                }
                if ((v & U::kFirstMask) != U::kPattern) return;
                const unsigned g = U::leading(v);  // 1 .. kCount−1
                U::emit_some(v, g, out + i, ts, delta);
                i += g;
                bitpos += g * U::kLen;
                // (kCount−1)·len + 3 ≤ 57: the bits of three more codes are still valid in v.
                const std::uint64_t rest = v >> (g * U::kLen);
                if ((rest & 1u) == 0 && (rest & kCountedZeroRunMask) != 0) {
                    constexpr std::uint64_t kStop = std::uint64_t{1} << limits::kZerosAfterBucketRun;
                    unsigned z = static_cast<unsigned>(std::countr_zero(rest | kStop));  // 1..3
                    if constexpr (tsc::mutant("qwp_zeros_after_bucket_stop_bit")) {
                        // MUTANT qwp_zeros_after_bucket_stop_bit: the stop bit one too high, up to four
                        // zero codes counted for the three stores of emit_zeros3
                        z = static_cast<unsigned>(std::countr_zero(rest | (kStop << 1)));
                    }
                    emit_zeros3(out + i, z, ts, delta);
                    i += z;
                    bitpos += z;
                }
            };

            while (in_fast_region()) {
                const std::uint64_t w = window_at<kPortable>(s, bitpos);
                const unsigned low = static_cast<unsigned>(w) & 15u;
                if (low == 0b1111) {
                    // 32-bit bucket (36-bit codes), one per window: the next windows' addresses are
                    // known without decoding; four are loaded and taken while all hold 36-bit codes.
                    using U = Uniform<3>;
                    U::emit_all(w, out + i, ts, delta);
                    i += 1;
                    bitpos += U::kLen;
                    static_assert(limits::kWideCodeWindowsPerStep == 4, "four windows below");
                    while (in_fast_region()) {
                        const std::uint64_t w0 = window_at<kPortable>(s, bitpos);
                        const std::uint64_t w1 = window_at<kPortable>(s, bitpos + U::kLen);
                        const std::uint64_t w2 = window_at<kPortable>(s, bitpos + 2 * U::kLen);
                        const std::uint64_t w3 = window_at<kPortable>(s, bitpos + 3 * U::kLen);
                        if constexpr (tsc::mutant("qwp_wide_step_three_prefixes")) {
                            // MUTANT qwp_wide_step_three_prefixes: the fourth window's prefix goes untested
                            if ((w0 & w1 & w2 & 15u) != 15u) break;
                        } else {
                            if ((w0 & w1 & w2 & w3 & 15u) != 15u) break;
                        }
                        U::emit_all(w0, out + i, ts, delta);
                        U::emit_all(w1, out + i + 1, ts, delta);
                        U::emit_all(w2, out + i + 2, ts, delta);
                        U::emit_all(w3, out + i + 3, ts, delta);
                        i += limits::kWideCodeWindowsPerStep;
                        bitpos += limits::kWideCodeWindowsPerStep * U::kLen;
                    }
                } else if ((low & 3u) == 1u) {
                    bucket_run(Uniform<0>{}, w);  // 7-bit bucket, 9-bit codes
                } else if ((low & 1u) == 0) {
                    if ((w & kCountedZeroRunMask) == 0) {
                        zero_run(w, last_load);
                    } else {
                        // 1–7 zero codes: the next window starts at the code after them.
                        const unsigned z = static_cast<unsigned>(std::countr_zero(w));
                        fill_run(out + i, z, ts, delta);
                        ts += z * delta;
                        i += z;
                        bitpos += z;
                    }
                } else if (low == 0b0111) {
                    bucket_run(Uniform<2>{}, w);  // 12-bit bucket, 16-bit codes
                } else {
                    bucket_run(Uniform<1>{}, w);  // 9-bit bucket, 12-bit codes
                }
            }
        }

        // General region: every window is one 8-byte load wholly inside the input.
        while (i < codes && (bitpos >> 3) <= last_load) {
            const std::uint64_t w = window_at<kPortable>(s, bitpos);
            if ((w & kCountedZeroRunMask) == 0)
                zero_run(w, last_load);
            else
                table_codes(w);
        }
    }

    // Tail: fewer than 8 bytes remain at the read position. Copy them into a zero-padded buffer and
    // decode with an explicit bound; the padding reads as zero codes, which the bound clamps.
    if (i < codes) {
        const std::size_t start = static_cast<std::size_t>(bitpos >> 3);
        const std::size_t rem = len - start;  // < 8 here
        std::uint8_t buf[limits::kTailBufferBytes] = {};
        if constexpr (tsc::mutant("qwp_tail_copy_inclusive_end")) {
            std::memcpy(buf, s + start, rem + 1);  // MUTANT qwp_tail_copy_inclusive_end: one byte past len
        } else {
            std::memcpy(buf, s + start, rem);
        }
        const std::uint64_t limit = static_cast<std::uint64_t>(rem) * 8;
        std::uint64_t lb = bitpos & 7;
        while (i < codes) {
            const std::uint64_t w = window_at<kPortable>(buf, lb);
            if ((w & 1u) == 0) {
                std::uint64_t run =
                    static_cast<unsigned>(std::countr_zero(w | (std::uint64_t{1} << limits::kZeroRunBitsPerLoad)));
                run = std::min({run, limit - lb, codes - i});
                if (run == 0) return UINT64_MAX;  // lb == limit: no bit left
                fill_run(out + i, run, ts, delta);
                ts += run * delta;
                i += run;
                lb += run;
                continue;
            }
            const CodeEntry e = table[w & 15u];
            if (lb + e.len > limit) return UINT64_MAX;
            delta += extract_dod(w, e);
            lb += e.len;
            ts += delta;
            out[i++] = static_cast<std::int64_t>(ts);
        }
        bitpos = static_cast<std::uint64_t>(start) * 8 + lb;
    }
    return bitpos;
}

}  // namespace qwp_detail

template <bool kPortable>
class QwpGorillaDecoder {
public:
    // Decodes one column body (§2.7). The result stays valid until the next call.
    qwp::ErrorClass decode(ByteView in, const qwp::Framing& framing, const qwp::Profile& profile);

    qwp::ErrorClass error() const { return error_; }
    std::span<const std::int64_t> values() const { return {values_.data(), count_}; }
    // Bytes of the input that belong to the column (a partly used last byte counts, §2.5).
    // On a truncation error: the whole input, as a byte-at-a-time reader would have read it all.
    std::size_t consumed() const { return consumed_; }
    qwp::Encoding encoding() const { return encoding_; }
    std::uint64_t row_count() const { return row_count_; }
    bool has_null_bitmap() const { return has_bitmap_; }
    // ceil(row_count/8) bytes, the bits past row_count zero; empty without a bitmap.
    std::span<const std::uint8_t> null_bitmap() const { return {bitmap_.data(), bitmap_size_}; }

private:
    qwp::ErrorClass fail(qwp::ErrorClass e) {
        error_ = e;
        return e;
    }
    // Room for n values; returns how many values the storage will hold.
    std::uint64_t reserve_values(std::uint64_t n) {
        if (n <= values_.capacity()) return n;
        if constexpr (tsc::mutant("qwp_storage_not_grown")) {
            // MUTANT qwp_storage_not_grown: once storage exists it is reused without growing; the
            // decoder decodes only as many values as fit.
            if (values_.capacity() != 0) return values_.capacity();
        }
        values_.grow_to(static_cast<std::size_t>(n));
        return n;
    }
    std::size_t bytes_up_to_bit(std::size_t base, std::uint64_t bits) const {
        if constexpr (tsc::mutant("qwp_consumed_rounded_down")) {
            return base + static_cast<std::size_t>(bits >> 3);  // MUTANT qwp_consumed_rounded_down
        } else {
            return base + static_cast<std::size_t>((bits >> 3) + ((bits & 7) != 0 ? 1 : 0));
        }
    }

    qwp_detail::GrowBuffer<std::int64_t> values_;
    qwp_detail::GrowBuffer<std::uint8_t> bitmap_;
    std::size_t count_ = 0;
    std::size_t bitmap_size_ = 0;
    std::size_t consumed_ = 0;
    std::uint64_t row_count_ = 0;
    qwp::ErrorClass error_ = qwp::ErrorClass::ok;
    qwp::Encoding encoding_ = qwp::Encoding::none;
    bool has_bitmap_ = false;
};

template <bool kPortable>
qwp::ErrorClass QwpGorillaDecoder<kPortable>::decode(ByteView in, const qwp::Framing& framing,
                                                     const qwp::Profile& profile) {
    using qwp::ErrorClass;
    const std::uint8_t* const p = in.data();
    const std::size_t size = in.size();
    const std::uint64_t rows = framing.row_count;
    count_ = 0;
    bitmap_size_ = 0;
    consumed_ = 0;
    has_bitmap_ = false;
    row_count_ = rows;
    encoding_ = qwp::Encoding::none;
    error_ = ErrorClass::ok;

    // §3.1a: a profile's cap on the frame's row count comes before the column.
    if constexpr (tsc::mutant("qwp_go_row_cap_unchecked")) {
        // MUTANT qwp_go_row_cap_unchecked: the cap is not applied, the column is read
    } else if constexpr (tsc::mutant("qwp_go_row_cap_inclusive")) {
        // MUTANT qwp_go_row_cap_inclusive: a frame of exactly the cap is refused too
        if (rows >= profile.max_row_count) return fail(ErrorClass::row_count_out_of_range);
    } else {
        if (rows > profile.max_row_count) return fail(ErrorClass::row_count_out_of_range);
    }
    // §1.6 null flag and bitmap.
    if (size == 0) return fail(ErrorClass::missing_null_flag);
    std::size_t pos = 1;
    std::uint64_t nulls = 0;
    if (p[0] != 0) {
        if (p[0] != 1 && profile.null_flag == qwp::NullFlagPolicy::only_0_or_1)
            return fail(ErrorClass::invalid_null_flag);  // §4 D3
        const std::uint64_t bm = (rows >> 3) + ((rows & 7) != 0 ? 1 : 0);
        // Checked in uint64 before the narrowing: ceil(rows/8) passes 2^32 from rows = 2^35 on.
        if constexpr (tsc::mutant("qwp_bitmap_size_narrowed_before_check")) {
            // MUTANT qwp_bitmap_size_narrowed_before_check: the check after the cast to size_t
            if (static_cast<std::size_t>(bm) > size - pos) return fail(ErrorClass::truncated_null_bitmap);
        } else {
            if (bm > size - pos) return fail(ErrorClass::truncated_null_bitmap);
        }
        const std::size_t nbm = static_cast<std::size_t>(bm);
        bitmap_.grow_to(nbm);
        std::uint8_t* const b = bitmap_.data();
        if constexpr (tsc::mutant("qwp_null_bitmap_copy_through_flag")) {
            // MUTANT qwp_null_bitmap_copy_through_flag: the enc_flag byte after the bitmap is copied
            // along (into the slack), read one past the body when it ends with the bitmap
            if (nbm != 0) std::memcpy(b, p + pos, nbm + 1);
        } else {
            if (nbm != 0) std::memcpy(b, p + pos, nbm);
        }
        if ((rows & 7) != 0) b[nbm - 1] = static_cast<std::uint8_t>(b[nbm - 1] & ((1u << (rows & 7)) - 1u));  // §1.5
        // Population count does not depend on byte order: whole native words, then the last bytes.
        std::size_t k = 0;
        for (; k + 8 <= nbm; k += 8) {
            std::uint64_t word;
            if constexpr (tsc::mutant("qwp_null_popcount_input_words")) {
                // MUTANT qwp_null_popcount_input_words: whole words counted straight from the input,
                // before the padding mask of the copy (wrong when the bitmap is a whole number of words)
                std::memcpy(&word, p + pos + k, 8);
            } else {
                std::memcpy(&word, b + k, 8);
            }
            nulls += static_cast<unsigned>(std::popcount(word));
        }
        for (; k < nbm; ++k) nulls += static_cast<unsigned>(std::popcount(static_cast<unsigned>(b[k])));
        has_bitmap_ = true;
        bitmap_size_ = nbm;
        pos += nbm;
    }
    const std::uint64_t n = rows - nulls;  // §1.5 value_count

    // §1.6 enc_flag.
    bool gorilla = false;
    if (framing.gorilla_flag) {
        if (pos >= size) return fail(ErrorClass::missing_encoding_flag);
        const std::uint8_t enc = p[pos++];
        if (enc > 1) return fail(ErrorClass::unknown_encoding);
        gorilla = enc == 1;
        encoding_ = gorilla ? qwp::Encoding::gorilla : qwp::Encoding::raw;
    }
    const std::size_t avail = size - pos;

    if (!gorilla) {  // §1.6 raw: n × int64 LE
        if (n > avail / 8) {
            consumed_ = size;
            return fail(ErrorClass::truncated_raw_values);
        }
        const std::uint64_t m = reserve_values(n);
        qwp_detail::load_values_le<kPortable>(values_.data(), p + pos, static_cast<std::size_t>(m));
        count_ = static_cast<std::size_t>(m);
        consumed_ = pos + static_cast<std::size_t>(m) * 8;
        return ErrorClass::ok;
    }

    // §2.1 / §4 D2: the profile's policy for fewer than three values comes before any read.
    bool accepted = true;
    switch (profile.few_values) {
        case qwp::FewValuesPolicy::reject_below_3: accepted = n >= 3; break;
        case qwp::FewValuesPolicy::accept_all: accepted = true; break;
        case qwp::FewValuesPolicy::accept_2_only: accepted = n >= 2; break;
    }
    if (!accepted) {
        consumed_ = pos;
        return fail(ErrorClass::gorilla_too_few_values);
    }
    // Seeds first (a reader fails on them before any code), then one bit per code.
    const std::uint64_t seeds = n < 2 ? n : 2;
    if (avail < seeds * 8) {
        consumed_ = size;
        return fail(ErrorClass::truncated_seeds);
    }
    if (n >= 3) {
        const std::uint64_t codes = n - 2;
        const std::uint64_t min_bytes = (codes >> 3) + ((codes & 7) != 0 ? 1 : 0);
        if (min_bytes > avail - 16) {
            consumed_ = size;
            return fail(ErrorClass::truncated_bitstream);
        }
    }

    const std::uint64_t m = reserve_values(n);  // bounded by 8·size + 2 now
    std::int64_t* const out = values_.data();
    const std::uint64_t t0 = m > 0 ? qwp_detail::load_le64<kPortable>(p + pos) : 0;
    const std::uint64_t t1 = m > 1 ? qwp_detail::load_le64<kPortable>(p + pos + 8) : 0;
    if (m > 0) out[0] = static_cast<std::int64_t>(t0);
    if (m > 1) out[1] = static_cast<std::int64_t>(t1);
    if (n < 3 || m < 3) {
        count_ = static_cast<std::size_t>(m);
        consumed_ = pos + static_cast<std::size_t>(m < seeds ? m : seeds) * 8;
        return ErrorClass::ok;
    }
    const std::size_t stream = pos + 16;
    const std::uint64_t bits =
        qwp_detail::decode_codes<kPortable>(p + stream, size - stream, out + 2, m - 2, t1, t1 - t0);
    if (bits == UINT64_MAX) {
        consumed_ = size;
        return fail(ErrorClass::truncated_bitstream);
    }
    if constexpr (tsc::mutant("qwp_padding_trusted")) {
        // MUTANT qwp_padding_trusted: a final byte with non-zero padding bits is taken for a
        // truncated stream (§2.5: padding bits are never checked)
        if ((bits & 7) != 0 && (p[stream + (bits >> 3)] >> (bits & 7)) != 0) return fail(ErrorClass::truncated_bitstream);
    }
    count_ = static_cast<std::size_t>(m);
    consumed_ = bytes_up_to_bit(stream, bits);
    return ErrorClass::ok;
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS
