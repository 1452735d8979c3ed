// Reference QWP timestamp column codec. Every rule names its section of qwp-gorilla.md.
// One bit or byte at a time, explicit shifts, wrapping arithmetic through uint64.
#include "reference/qwp_gorilla/reference.hpp"

#include <algorithm>
#include <limits>

namespace tsc::qwp::reference {
namespace {

constexpr std::uint8_t kEncRaw = 0x00;
constexpr std::uint8_t kEncGorilla = 0x01;

// §2.2: bits fill each byte from bit 0 upward; multi-bit fields go least-significant bit first.
class BitWriter {
public:
    explicit BitWriter(Bytes& out) : out_(out) {}

    void bit(unsigned b) {
        if (used_ == 0) out_.push_back(0);
        out_.back() = static_cast<std::uint8_t>(out_.back() | (b << used_));
        used_ = (used_ + 1) % 8;
    }
    void bits(std::uint64_t value, unsigned count) {
        for (unsigned i = 0; i < count; ++i) bit(static_cast<unsigned>((value >> i) & 1u));
    }

private:
    Bytes& out_;
    unsigned used_ = 0;  // bits already used in out_.back(); the rest stay zero (§2.5 padding)
};

void put_int64_le(Bytes& out, std::int64_t v) {
    const auto u = static_cast<std::uint64_t>(v);
    for (unsigned i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>((u >> (8 * i)) & 0xFFu));
}

std::int64_t wrapping_sub(std::int64_t a, std::int64_t b) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b));
}

std::int64_t wrapping_add(std::int64_t a, std::int64_t b) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}

bool fits_int32(std::int64_t v) {
    return v >= std::numeric_limits<std::int32_t>::min() && v <= std::numeric_limits<std::int32_t>::max();
}

// §2.4: the wrapped delta-of-delta for i = 2 .. n-1.
std::vector<std::int64_t> delta_of_deltas(const std::vector<std::int64_t>& ts) {
    std::vector<std::int64_t> dods;
    dods.reserve(ts.size());
    for (std::size_t i = 2; i < ts.size(); ++i)
        dods.push_back(wrapping_sub(wrapping_sub(ts[i], ts[i - 1]), wrapping_sub(ts[i - 1], ts[i - 2])));
    return dods;
}

// §4 D4: whether t_i − 2·t_{i−1} + t_{i−2}, computed without bounds, fits int32. Each timestamp is
// split as 2^32·high + low (high signed, low in [0, 2^32)); the sums of the halves fit int64, and
// the value is 2^32·highs + lows, with lows carried into highs until lows is in [0, 2^32).
bool exact_dod_fits_int32(std::int64_t t0, std::int64_t t1, std::int64_t t2) {
    const auto high = [](std::int64_t t) { return t >> 32; };  // floor(t / 2^32)
    const auto low = [](std::int64_t t) { return t & 0xFFFFFFFF; };
    std::int64_t highs = high(t2) - 2 * high(t1) + high(t0);
    std::int64_t lows = low(t2) - 2 * low(t1) + low(t0);
    highs += lows >> 32;  // floor division: the carry (or borrow) of the low halves
    lows &= 0xFFFFFFFF;
    // 2^32·highs + lows in int32: highs 0 with lows below 2^31, or highs −1 with lows from 2^31.
    constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();
    return (highs == 0 && lows <= kInt32Max) || (highs == -1 && lows > kInt32Max);
}

// §2.8: whether every delta-of-delta fits int32 under the profile's arithmetic.
bool dods_fit_int32(const std::vector<std::int64_t>& ts, const std::vector<std::int64_t>& dods,
                    DodArithmetic arithmetic) {
    for (std::size_t i = 2; i < ts.size(); ++i) {
        const bool fits = arithmetic == DodArithmetic::exact ? exact_dod_fits_int32(ts[i - 2], ts[i - 1], ts[i])
                                                             : fits_int32(dods[i - 2]);
        if (!fits) return false;
    }
    return true;
}

// §2.3: zero first, then the first bucket whose range holds the value.
void write_dod(BitWriter& w, std::int64_t dod) {
    if (dod == 0) {
        w.bits(0b0, 1);
    } else if (dod >= -64 && dod <= 63) {
        w.bits(0b01, 2);
        w.bits(static_cast<std::uint64_t>(dod), 7);
    } else if (dod >= -256 && dod <= 255) {
        w.bits(0b011, 3);
        w.bits(static_cast<std::uint64_t>(dod), 9);
    } else if (dod >= -2048 && dod <= 2047) {
        w.bits(0b0111, 4);
        w.bits(static_cast<std::uint64_t>(dod), 12);
    } else {
        w.bits(0b1111, 4);
        w.bits(static_cast<std::uint64_t>(dod), 32);
    }
}

bool is_null(const Column& c, std::uint64_t row) { return (c.null_bitmap[row >> 3] >> (row & 7)) & 1u; }

// §1.6: one bit per row, LSB-first, the tail of the last byte zero.
void write_null_section(Bytes& out, const Column& c) {
    out.push_back(c.has_null_bitmap ? 0x01 : 0x00);
    if (!c.has_null_bitmap) return;
    BitWriter w(out);
    for (std::uint64_t row = 0; row < c.row_count; ++row) w.bit(is_null(c, row) ? 1 : 0);
}

void write_gorilla(Bytes& out, const std::vector<std::int64_t>& ts, const std::vector<std::int64_t>& dods) {
    put_int64_le(out, ts[0]);  // §2.1: two raw seeds, then the codes
    put_int64_le(out, ts[1]);
    BitWriter w(out);
    for (std::int64_t dod : dods) write_dod(w, dod);
}

// Reads the body one byte or one bit at a time; never looks past the end.
// The per-bit primitives are always inlined: a call per bit whose result comes back through a
// reference costs, under AddressSanitizer with detect_stack_use_after_return (the fuzzers' runtime),
// a heap-allocated frame for the caller's local, on every bit of every input.
class Reader {
public:
    explicit Reader(ByteView in) : in_(in) {}

    [[gnu::always_inline]] bool byte(std::uint8_t& b) {
        align();
        if (pos_ >= in_.size()) return false;
        b = in_[pos_++];
        return true;
    }
    bool int64_le(std::int64_t& v) {
        std::uint64_t u = 0;
        for (unsigned i = 0; i < 8; ++i) {
            std::uint8_t b = 0;
            if (!byte(b)) return false;
            u |= static_cast<std::uint64_t>(b) << (8 * i);
        }
        v = static_cast<std::int64_t>(u);
        return true;
    }
    [[gnu::always_inline]] bool bit(unsigned& b) {
        if (pos_ >= in_.size()) return false;
        b = (in_[pos_] >> bit_) & 1u;
        if (++bit_ == 8) {
            bit_ = 0;
            ++pos_;
        }
        return true;
    }
    bool bits(unsigned count, std::uint64_t& v) {
        v = 0;
        for (unsigned i = 0; i < count; ++i) {
            unsigned b = 0;
            if (!bit(b)) return false;
            v |= static_cast<std::uint64_t>(b) << i;
        }
        return true;
    }
    // §2.5: a partly read byte counts as consumed; its padding bits are never looked at.
    std::size_t consumed() const { return pos_ + (bit_ != 0 ? 1 : 0); }
    // The bytes not yet read, a partly read one included: what bounds the values still to come.
    std::size_t left() const { return in_.size() - pos_; }

private:
    void align() {
        if (bit_ != 0) {
            bit_ = 0;
            ++pos_;
        }
    }
    ByteView in_;
    std::size_t pos_ = 0;
    unsigned bit_ = 0;
};

// §2.3 decoding: up to four prefix bits, stopping at the first 0, then a sign-extended payload.
bool read_dod(Reader& r, std::int64_t& dod) {
    static constexpr unsigned kWidths[] = {7, 9, 12, 32};
    unsigned ones = 0;
    for (; ones < 4; ++ones) {
        unsigned b = 0;
        if (!r.bit(b)) return false;
        if (b == 0) break;
    }
    if (ones == 0) {
        dod = 0;
        return true;
    }
    const unsigned width = kWidths[ones - 1];
    std::uint64_t payload = 0;
    if (!r.bits(width, payload)) return false;
    if ((payload >> (width - 1)) & 1u) payload |= ~std::uint64_t{0} << width;
    dod = static_cast<std::int64_t>(payload);
    return true;
}

bool gorilla_accepts_count(std::uint64_t n, FewValuesPolicy policy) {
    switch (policy) {
        case FewValuesPolicy::reject_below_3: return n >= 3;
        case FewValuesPolicy::accept_all: return true;
        case FewValuesPolicy::accept_2_only: return n >= 2;
    }
    return false;
}

ErrorClass read_gorilla(Reader& r, std::uint64_t n, const Profile& profile, std::vector<std::int64_t>& out) {
    if (!gorilla_accepts_count(n, profile.few_values)) return ErrorClass::gorilla_too_few_values;  // §4 D2
    for (std::uint64_t i = 0; i < n && i < 2; ++i) {
        std::int64_t seed = 0;
        if (!r.int64_le(seed)) return ErrorClass::truncated_seeds;
        out.push_back(seed);
    }
    if (n < 3) return ErrorClass::ok;
    // Each value after the seeds takes a bit at least: room for that many, never for n alone,
    // which the input need not back (one allocation instead of the vector's growths).
    out.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(n, 2 + 8 * std::uint64_t{r.left()})));
    std::int64_t prev_ts = out[1];
    std::int64_t prev_delta = wrapping_sub(out[1], out[0]);  // §2.1: no implicit zero anchor
    for (std::uint64_t i = 2; i < n; ++i) {
        std::int64_t dod = 0;
        if (!read_dod(r, dod)) return ErrorClass::truncated_bitstream;
        prev_delta = wrapping_add(prev_delta, dod);  // §2.4
        prev_ts = wrapping_add(prev_ts, prev_delta);
        out.push_back(prev_ts);
    }
    return ErrorClass::ok;
}

ErrorClass read_raw(Reader& r, std::uint64_t n, std::vector<std::int64_t>& out) {
    out.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(n, r.left() / 8)));  // as many as the input holds
    for (std::uint64_t i = 0; i < n; ++i) {
        std::int64_t v = 0;
        if (!r.int64_le(v)) return ErrorClass::truncated_raw_values;
        out.push_back(v);
    }
    return ErrorClass::ok;
}

// §1.6 null section; returns the number of NULL rows through `nulls`.
ErrorClass read_null_section(Reader& r, const Framing& f, const Profile& profile, Column& col,
                             std::uint64_t& nulls) {
    std::uint8_t flag = 0;
    if (!r.byte(flag)) return ErrorClass::missing_null_flag;
    if (flag == 0) return ErrorClass::ok;
    if (flag != 1 && profile.null_flag == NullFlagPolicy::only_0_or_1) return ErrorClass::invalid_null_flag;  // §4 D3
    col.has_null_bitmap = true;
    col.null_bitmap.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(f.row_count / 8 + 1, r.left())));
    // §1.5: one bit per row; the bits of the last byte past row_count are skipped, not counted.
    for (std::uint64_t row = 0; row < f.row_count; ++row) {
        unsigned b = 0;
        if (!r.bit(b)) return ErrorClass::truncated_null_bitmap;
        if ((row & 7) == 0) col.null_bitmap.push_back(0);
        col.null_bitmap.back() = static_cast<std::uint8_t>(col.null_bitmap.back() | (b << (row & 7)));
        nulls += b;
    }
    return ErrorClass::ok;
}

}  // namespace

Bytes encode(const Column& column, bool gorilla_flag, const EncodeProfile& profile) {
    Bytes out;
    // The most this column can take (a raw body): the bytes grow one at a time, and room up front
    // saves the vector's growths, each an allocation.
    out.reserve(3 + column.null_bitmap.size() + 8 * column.values.size());
    write_null_section(out, column);
    const std::vector<std::int64_t>& ts = column.values;
    if (gorilla_flag) {
        const std::vector<std::int64_t> dods = delta_of_deltas(ts);
        if (ts.size() >= 3 && dods_fit_int32(ts, dods, profile.arithmetic)) {  // §2.8
            out.push_back(kEncGorilla);
            write_gorilla(out, ts, dods);
            return out;
        }
        out.push_back(kEncRaw);
    }
    for (std::int64_t v : ts) put_int64_le(out, v);
    return out;
}

DecodeOutcome decode(ByteView body, const Framing& framing, const Profile& profile) {
    DecodeOutcome result;
    if (framing.row_count > profile.max_row_count) {  // §3.1a: the frame is refused before its columns
        result.error = ErrorClass::row_count_out_of_range;
        return result;
    }
    Reader r(body);
    std::uint64_t nulls = 0;
    result.error = read_null_section(r, framing, profile, result.column, nulls);
    if (!result.ok()) return result;
    result.column.row_count = framing.row_count;
    const std::uint64_t n = framing.row_count - nulls;

    result.encoding = Encoding::none;
    if (framing.gorilla_flag) {
        std::uint8_t enc = 0;
        if (!r.byte(enc)) {
            result.error = ErrorClass::missing_encoding_flag;
            return result;
        }
        if (enc != kEncRaw && enc != kEncGorilla) {
            result.error = ErrorClass::unknown_encoding;
            return result;
        }
        result.encoding = enc == kEncGorilla ? Encoding::gorilla : Encoding::raw;
    }
    result.error = result.encoding == Encoding::gorilla ? read_gorilla(r, n, profile, result.column.values)
                                                        : read_raw(r, n, result.column.values);
    result.consumed = r.consumed();
    return result;
}

}  // namespace tsc::qwp::reference
