// Reference TsFile/IoTDB BitMap. Every rule names its section of tablets-and-bitmaps.md.
// One bit (or, for the upstream byte scanners of the profiles, one byte) at a time. Arguments are
// Java ints; sums of two of them are formed in int64 so that nothing overflows.
#include "reference/bitmap/reference.hpp"

#include <algorithm>

namespace tsc::bitmap::reference {

std::size_t size_of_bytes(std::int32_t size) { return static_cast<std::size_t>(size / 8 + 1); }

bool is_valid(const Value& v) {
    return v.size >= 0 && v.size <= kMaxSize && v.bytes.size() == size_of_bytes(v.size);
}

std::optional<Bitmap> Bitmap::make(std::int32_t size, const Profile& profile) {
    if (size < 0 || size > kMaxSize) return std::nullopt;
    return Bitmap(size, Bytes(size_of_bytes(size), 0), profile);
}

std::optional<Bitmap> Bitmap::make(const Value& v, const Profile& profile) {
    if (!is_valid(v)) return std::nullopt;
    return Bitmap(v.size, v.bytes, profile);
}

Bitmap Bitmap::under(const Profile& profile) const {
    Bitmap copy = *this;
    copy.profile_ = profile;
    return copy;
}

// §1.2: position p lives in byte p >> 3 at bit p & 7, counted from the least significant bit.
bool Bitmap::bit(std::int64_t p) const { return ((bytes_[static_cast<std::size_t>(p >> 3)] >> (p & 7)) & 1u) != 0; }

void Bitmap::set_bit(std::int64_t p, bool marked) {
    std::uint8_t& byte = bytes_[static_cast<std::size_t>(p >> 3)];
    const auto mask = static_cast<std::uint8_t>(1u << (p & 7));
    byte = static_cast<std::uint8_t>(marked ? (byte | mask) : (byte & ~mask));
}

// §4.1 checkRange: IndexOutOfBounds if start < 0 || length < 0 || start > size - length.
bool Bitmap::range_fits(std::int64_t start, std::int64_t length) const {
    return start >= 0 && length >= 0 && start <= size_ - length;
}

namespace {
bool value_bit(const Value& v, std::int64_t p) {
    return ((v.bytes[static_cast<std::size_t>(p >> 3)] >> (p & 7)) & 1u) != 0;
}
Answer yes_no(bool value) { return {ErrorClass::ok, value}; }
Answer failed(ErrorClass e) { return {e, false}; }

// Java int addition: wraps modulo 2^32.
std::int32_t java_add(std::int32_t a, std::int32_t b) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
}

// A Java long shift count: only its low 6 bits count (JLS 15.19), negative ones included.
std::int64_t shift_count(std::int32_t n) { return static_cast<std::int64_t>(static_cast<std::uint32_t>(n) & 63u); }

// BitMapLongImpl.lowerBitsMask(length): 64 ones for length 64, else (1L << length) - 1, whose shift
// is masked: (length & 63) ones.
std::int64_t lower_bits(std::int32_t length) { return length == 64 ? 64 : shift_count(length); }

// Bit q (0..63) of the long a BitMapLongImpl builds from a byte array (BitMap(size, bytes)): its
// first 8 bytes; the padding byte at size 64 is kept apart from the word.
bool long_operand_bit(const Value& v, std::int64_t q) {
    return q < static_cast<std::int64_t>(std::min<std::size_t>(v.bytes.size(), 8)) * 8 && value_bit(v, q);
}
}  // namespace

// BitMapArrayImpl mark / unmark / isMarked index bits[p / 8] and BIT_UTIL[p % 8] with no check: every
// bit of the byte array, padding bits included, is reached; a negative position or one past the array
// throws ArrayIndexOutOfBoundsException (both Java divisions truncate, so p in (-8, 0) fails on
// BIT_UTIL).
ErrorClass Bitmap::java_array_position(std::int32_t p) const {
    if (p < 0 || static_cast<std::size_t>(p / 8) >= bytes_.size()) return ErrorClass::index_out_of_bounds;
    return ErrorClass::ok;
}

// BitMapLongImpl's 64-bit word: bit q is bit q of the byte array while the array holds it (at most
// its first 8 bytes), else one of the hidden bits.
std::int64_t Bitmap::word_bits() const { return static_cast<std::int64_t>(std::min<std::size_t>(bytes_.size(), 8)) * 8; }

bool Bitmap::word_bit(std::int64_t q) const {
    return q < word_bits() ? bit(q) : hidden_word_bits_[static_cast<std::size_t>(q)];
}

void Bitmap::set_word_bit(std::int64_t q, bool marked) {
    if (q < word_bits()) {
        set_bit(q, marked);
    } else {
        hidden_word_bits_[static_cast<std::size_t>(q)] = marked;
    }
}

// §4.1 mark / unmark: one bit. The spec's error class for any position outside [0, size);
// BitMapArrayImpl checks nothing (java_array_position); BitMapLongImpl sets bit p & 63 of its word
// (1L << p), whatever p is.
ErrorClass Bitmap::mark(std::int32_t p) { return set_position(p, true); }

ErrorClass Bitmap::unmark(std::int32_t p) { return set_position(p, false); }

ErrorClass Bitmap::set_position(std::int32_t p, bool marked) {
    switch (profile_.implementation) {
        case Implementation::java_array:
            if (const ErrorClass e = java_array_position(p); e != ErrorClass::ok) return e;
            break;
        case Implementation::java_long: set_word_bit(shift_count(p), marked); return ErrorClass::ok;
        case Implementation::checked:
            if (p < 0 || p >= size_) return ErrorClass::position_out_of_range;
            break;
    }
    set_bit(p, marked);
    return ErrorClass::ok;
}

Answer Bitmap::is_marked(std::int32_t p) const {
    switch (profile_.implementation) {
        case Implementation::java_array:
            if (const ErrorClass e = java_array_position(p); e != ErrorClass::ok) return failed(e);
            break;
        case Implementation::java_long: return yes_no(word_bit(shift_count(p)));
        case Implementation::checked:
            if (p < 0 || p >= size_) return failed(ErrorClass::position_out_of_range);
            break;
    }
    return yes_no(bit(p));
}

// §4.1 markAll / reset: every byte, the extra byte and the padding bits included (Errata 3: also the
// long-backed bitmap's stored 9th byte at size 64, and its word's hidden bits).
void Bitmap::mark_all() {
    for (std::uint8_t& b : bytes_) b = 0xFF;
    hidden_word_bits_.fill(true);
}

void Bitmap::reset() {
    for (std::uint8_t& b : bytes_) b = 0x00;
    hidden_word_bits_.fill(false);
}

// §4.1 markRange / unmarkRange: length <= 0 does nothing (whatever start is); otherwise the range
// must lie in [0, size].
ErrorClass Bitmap::mark_range(std::int32_t start, std::int32_t length) {
    if (profile_.implementation == Implementation::java_long) return java_long_range(start, length, true);
    if (length <= 0) return ErrorClass::ok;
    if (!range_fits(start, length)) return ErrorClass::range_out_of_bounds;
    for (std::int64_t p = start; p < std::int64_t{start} + length; ++p) set_bit(p, true);
    return ErrorClass::ok;
}

ErrorClass Bitmap::unmark_range(std::int32_t start, std::int32_t length) {
    if (profile_.implementation == Implementation::java_long) return java_long_range(start, length, false);
    if (length <= 0) return ErrorClass::ok;
    if (!range_fits(start, length)) return ErrorClass::range_out_of_bounds;
    for (std::int64_t p = start; p < std::int64_t{start} + length; ++p) set_bit(p, false);
    return ErrorClass::ok;
}

// BitMapLongImpl @ae23861f markRange / unmarkRange: its own check, start < 0 || start + length > size,
// adds in int, so a sum past 2^31 - 1 wraps negative and passes; then lowerBitsMask(length) << start
// on the word, both shifts masked to 6 bits. Within the bitmap that is §4.1's range. (031deadf checks
// with BitMapImpl.checkRange, which does not overflow.)
ErrorClass Bitmap::java_long_range(std::int32_t start, std::int32_t length, bool marked) {
    if (length <= 0) return ErrorClass::ok;
    if (start < 0 || java_add(start, length) > size_) return ErrorClass::range_out_of_bounds;
    const std::int64_t from = shift_count(start);
    for (std::int64_t q = from; q < from + lower_bits(length) && q < 64; ++q) set_word_bit(q, marked);
    return ErrorClass::ok;
}

// §4.1 isAllUnmarked(): bits [0, size) only; the padding bits are ignored.
bool Bitmap::is_all_unmarked() const {
    for (std::int64_t p = 0; p < size_; ++p)
        if (bit(p)) return false;
    return true;
}

// §4.1 isAllUnmarked(r): bits [0, r) only.
Answer Bitmap::is_all_unmarked(std::int32_t r) const {
    switch (profile_.implementation) {
        case Implementation::java_array: return java_array_prefix(r);
        case Implementation::java_long: return java_long_prefix(r);
        case Implementation::checked: break;
    }
    if (r < 0 || r > size_) return failed(ErrorClass::range_out_of_bounds);
    for (std::int64_t p = 0; p < r; ++p)
        if (bit(p)) return yes_no(false);
    return yes_no(true);
}

// Errata 8, BitMapArrayImpl.isAllUnmarked(r) @031deadf: no check of r. Whole bytes [0, r/8) and then
// the low r%8 bits of byte r/8, with Java's truncating / and %, so a negative r answers true; a byte
// past the array throws.
Answer Bitmap::java_array_prefix(std::int32_t r) const {
    const std::int32_t whole = r / 8;
    for (std::int32_t i = 0; i < whole; ++i) {
        if (static_cast<std::size_t>(i) >= bytes_.size()) return failed(ErrorClass::index_out_of_bounds);
        if (bytes_[static_cast<std::size_t>(i)] != 0) return yes_no(false);
    }
    const std::int32_t remaining = r % 8;
    if (remaining <= 0) return yes_no(true);
    if (static_cast<std::size_t>(whole) >= bytes_.size()) return failed(ErrorClass::index_out_of_bounds);
    for (std::int32_t b = 0; b < remaining; ++b)
        if ((bytes_[static_cast<std::size_t>(whole)] >> b) & 1u) return yes_no(false);
    return yes_no(true);
}

// Errata 8, BitMapLongImpl.isAllUnmarked(r) @ae23861f: tests bits [0, m) of the 64-bit word with
// m = lowerBitsMask's ones (64 when r == 64, else r & 63), hidden bits included.
Answer Bitmap::java_long_prefix(std::int32_t r) const {
    for (std::int64_t q = 0; q < lower_bits(r); ++q)
        if (word_bit(q)) return yes_no(false);
    return yes_no(true);
}

// §4.1 isAllMarked(): bits [0, size) only.
bool Bitmap::is_all_marked() const {
    for (std::int64_t p = 0; p < size_; ++p)
        if (!bit(p)) return false;
    return true;
}

// §4.1 range queries: checkRange first; for length 0 they answer false, true and true.
Answer Bitmap::is_range_any_marked(std::int32_t start, std::int32_t length) const {
    if (!range_fits(start, length)) return failed(ErrorClass::range_out_of_bounds);
    for (std::int64_t p = start; p < std::int64_t{start} + length; ++p)
        if (bit(p)) return yes_no(true);
    return yes_no(false);
}

Answer Bitmap::is_range_all_marked(std::int32_t start, std::int32_t length) const {
    if (!range_fits(start, length)) return failed(ErrorClass::range_out_of_bounds);
    for (std::int64_t p = start; p < std::int64_t{start} + length; ++p)
        if (!bit(p)) return yes_no(false);
    return yes_no(true);
}

Answer Bitmap::is_range_none_marked(std::int32_t start, std::int32_t length) const {
    if (!range_fits(start, length)) return failed(ErrorClass::range_out_of_bounds);
    for (std::int64_t p = start; p < std::int64_t{start} + length; ++p)
        if (bit(p)) return yes_no(false);
    return yes_no(true);
}

Answer Bitmap::contains_marked_bit(std::int32_t start, std::int32_t length) const {
    switch (profile_.range_check) {
        case RangeCheckPolicy::legacy_byte_scan: return legacy_byte_scan(start, length);
        case RangeCheckPolicy::prefix_then_legacy: {
            if (start != 0) return legacy_byte_scan(start, length);
            // Seed 002: a range starting at 0 asks isAllUnmarked(length) of the bitmap itself.
            const Answer none = is_all_unmarked(length);
            return none.error == ErrorClass::ok ? yes_no(!none.value) : none;
        }
        case RangeCheckPolicy::is_range_any_marked: break;
    }
    return is_range_any_marked(start, length);
}

// §4.2 legacy containsMarkedBit, over getByteArray(), with Java int arithmetic: end = start+len-1
// wraps, and the byte indexes are start >>> 3 and end >>> 3 (unsigned shifts). If both indexes are the
// same byte, bits [start&7, end&7] of it; otherwise bits [start&7, 7] of the first byte, every byte
// strictly between, then bits [0, end&7] of the last byte, in that order, stopping at the first mark.
// No range check: a byte index past the array throws. For len 0, end = start-1: a start that is not
// a multiple of 8 gives an empty mask; a multiple of 8 reads byte start/8 and then byte start/8-1,
// and start 0 scans to the end of the array.
Answer Bitmap::legacy_byte_scan(std::int32_t start, std::int32_t length) const {
    const std::uint32_t s = static_cast<std::uint32_t>(start);
    const std::uint32_t end = s + static_cast<std::uint32_t>(length) - 1u;
    const std::uint64_t first = s >> 3;
    const std::uint64_t last = end >> 3;
    const unsigned first_bit = s & 7u;
    const unsigned last_bit = end & 7u;
    // Bits [from, to] of byte `index`: nullopt when the byte is past the array.
    auto any_in = [this](std::uint64_t index, unsigned from, unsigned to) -> std::optional<bool> {
        if (index >= bytes_.size()) return std::nullopt;
        for (unsigned b = from; b <= to && b < 8; ++b)
            if ((bytes_[index] >> b) & 1u) return true;
        return false;
    };
    auto step = [](std::optional<bool> r) { return r ? yes_no(*r) : failed(ErrorClass::index_out_of_bounds); };
    if (first == last) return step(any_in(first, first_bit, last_bit));
    const auto head = any_in(first, first_bit, 7);
    if (!head || *head) return step(head);
    for (std::uint64_t i = first + 1; i < last; ++i) {
        const auto middle = any_in(i, 0, 7);
        if (!middle || *middle) return step(middle);
    }
    return step(any_in(last, 0, last_bit));
}

// §4.1 merge: an OR-merge of src bits [src_start, src_start+len) into [dst_start, dst_start+len); it
// never clears. len <= 0 does nothing; otherwise both ranges must fit (BitMapArrayImpl/LongImpl merge).
// Both Java classes test srcStart + len > src.size and destStart + len > size in int: sums past
// 2^31 - 1 wrap negative and pass, and what each class then does is its own.
ErrorClass Bitmap::merge(const Value& src, std::int32_t src_start, std::int32_t dst_start, std::int32_t length) {
    if (length <= 0) return ErrorClass::ok;
    if (src_start < 0 || dst_start < 0 || std::int64_t{src_start} + length > src.size ||
        std::int64_t{dst_start} + length > size_) {
        const bool wrapped_passes = src_start >= 0 && dst_start >= 0 && java_add(src_start, length) <= src.size &&
                                    java_add(dst_start, length) <= size_;
        switch (wrapped_passes ? profile_.implementation : Implementation::checked) {
            case Implementation::java_array: return java_array_merge_overflowed(src, src_start, dst_start, length);
            case Implementation::java_long: return java_long_merge_overflowed(src, src_start, dst_start, length);
            case Implementation::checked: break;
        }
        return ErrorClass::range_out_of_bounds;
    }
    for (std::int64_t i = 0; i < length; ++i)
        if (value_bit(src, src_start + i)) set_bit(dst_start + i, true);
    return ErrorClass::ok;
}

// BitMapArrayImpl.merge past its overflowed bound, with an array-backed operand: 64 bits at a time,
// src.extractBits(srcStart + done, batch) (bytes from (srcStart + done) >>> 3 on, as many as the
// batch needs), ORed into bits[(destStart + done) >>> 3] and the bytes after it while the rest of the
// batch holds a 1; int arithmetic throughout. It stops at the first read or write past an array
// (ArrayIndexOutOfBoundsException); what it wrote before stays written.
ErrorClass Bitmap::java_array_merge_overflowed(const Value& src, std::int32_t src_start, std::int32_t dst_start,
                                               std::int32_t length) {
    const std::int64_t dst_bit = static_cast<std::uint32_t>(dst_start) & 7u;
    for (std::int32_t done = 0; done < length;) {
        const std::int32_t batch = std::min(length - done, 64);
        const std::uint64_t offset = static_cast<std::uint32_t>(java_add(src_start, done));
        std::uint64_t last_read = offset >> 3;
        for (std::int64_t got = 8 - static_cast<std::int64_t>(offset & 7); got < batch; got += 8) ++last_read;
        if (last_read >= src.bytes.size()) return ErrorClass::index_out_of_bounds;
        const std::uint64_t first_write = static_cast<std::uint32_t>(java_add(dst_start, done)) >> 3;
        // Bit i of the batch goes to bit dst_bit + i of the bytes from first_write on.
        for (std::int64_t k = 0; k * 8 < dst_bit + batch; ++k) {
            bool rest_has_a_one = false;
            for (std::int64_t i = std::max<std::int64_t>(0, k * 8 - dst_bit); i < batch; ++i)
                rest_has_a_one = rest_has_a_one || value_bit(src, static_cast<std::int64_t>(offset) + i);
            if (k > 0 && !rest_has_a_one) break;
            if (first_write + static_cast<std::uint64_t>(k) >= bytes_.size()) return ErrorClass::index_out_of_bounds;
            for (std::int64_t t = k * 8; t < k * 8 + 8; ++t) {
                const std::int64_t i = t - dst_bit;
                if (i >= 0 && i < batch && value_bit(src, static_cast<std::int64_t>(offset) + i))
                    set_bit(static_cast<std::int64_t>(first_write * 8) + t, true);
            }
        }
        done += batch;
    }
    return ErrorClass::ok;
}

// BitMapArrayImpl.extractBits(offset, length) of an array-backed operand, in Java long arithmetic:
// byte offset >>> 3 shifted right by offset & 7, then one byte more at a time, shifted left by the bits
// taken so far (a count Java masks to 6 bits), while fewer than `length` are taken; then masked by
// lowerBitsMask(length). nullopt where a byte it reads is past the operand's array.
static std::optional<std::uint64_t> array_extract_bits(const Value& src, std::uint32_t offset, std::int32_t length) {
    std::size_t at = offset >> 3;
    if (at >= src.bytes.size()) return std::nullopt;
    std::uint64_t value = src.bytes[at++] >> (offset & 7u);
    for (std::int64_t taken = 8 - static_cast<std::int64_t>(offset & 7u); taken < length; taken += 8) {
        if (at >= src.bytes.size()) return std::nullopt;
        value |= std::uint64_t{src.bytes[at++]} << (taken & 63);
    }
    const std::int64_t ones = lower_bits(length);
    return ones == 64 ? value : value & ((std::uint64_t{1} << ones) - 1);
}

// BitMapLongImpl @ae23861f merge past its overflowed bound: bits |= src.extractBits(srcStart, len) <<
// destStart, the shift masked to 6 bits. A long-backed operand (64 positions at most, as BitMap(size,
// bytes) builds it) gives (word >>> srcStart) & lowerBitsMask(len), shift masked; an array-backed one
// extracts as array_extract_bits, and fails before anything is written when it reads past its end.
ErrorClass Bitmap::java_long_merge_overflowed(const Value& src, std::int32_t src_start, std::int32_t dst_start,
                                              std::int32_t length) {
    std::uint64_t value = 0;
    if (src.size > 64) {
        const auto extracted = array_extract_bits(src, static_cast<std::uint32_t>(src_start), length);
        if (!extracted) return ErrorClass::index_out_of_bounds;
        value = *extracted;
    } else {
        const std::int64_t from = shift_count(src_start);
        for (std::int64_t i = 0; i < lower_bits(length) && from + i < 64; ++i)
            if (long_operand_bit(src, from + i)) value |= std::uint64_t{1} << i;
    }
    const std::int64_t to = shift_count(dst_start);
    for (std::int64_t i = 0; to + i < 64; ++i)
        if ((value >> i) & 1u) set_word_bit(to + i, true);
    return ErrorClass::ok;
}

// §4.1 getTruncatedByteArray(k): a copy of the first k/8+1 bytes, unmasked. The spec's error class for
// k outside [0, size]. The Java classes call Arrays.copyOf(getByteArray(), k / 8 + 1) with no check:
// zeros past the array, NegativeArraySizeException for k <= -16 (Java's / truncates, as C++'s).
BytesAnswer Bitmap::truncated_byte_array(std::int32_t k) const {
    const std::int64_t length = k / 8 + 1;
    if (profile_.implementation == Implementation::checked && (k < 0 || k > size_))
        return {ErrorClass::range_out_of_bounds, {}};
    if (length < 0) return {ErrorClass::negative_array_size, {}};
    BytesAnswer out;
    for (std::int64_t i = 0; i < length; ++i)
        out.bytes.push_back(static_cast<std::size_t>(i) < bytes_.size() ? bytes_[static_cast<std::size_t>(i)] : 0);
    return out;
}

// §4.1 equals: the same size and the same whole bytes, padding bits included (BitMap.equals).
bool Bitmap::equals(const Value& other) const {
    if (other.size != size_ || other.bytes.size() != bytes_.size()) return false;
    for (std::size_t i = 0; i < bytes_.size(); ++i)
        if (other.bytes[i] != bytes_[i]) return false;
    return true;
}

// §4.1 equalsInRange(o, r): bits [0, r) only; r larger than either size is an error (BitMap.java).
// The Java classes check only that: a negative r compares no byte (r / 8 and r % 8 are <= 0) and is
// true, except between two long-backed bitmaps (the operand of 64 positions at most), which compare
// their words under lowerBitsMask(r): bits [0, r & 63).
Answer Bitmap::equals_in_range(const Value& other, std::int32_t r) const {
    if (profile_.implementation != Implementation::checked && r < 0) {
        if (profile_.implementation == Implementation::java_array || other.size > 64) return yes_no(true);
        for (std::int64_t q = 0; q < lower_bits(r); ++q)
            if (word_bit(q) != long_operand_bit(other, q)) return yes_no(false);
        return yes_no(true);
    }
    if (r < 0 || r > size_ || r > other.size) return failed(ErrorClass::range_out_of_bounds);
    for (std::int64_t p = 0; p < r; ++p)
        if (bit(p) != value_bit(other, p)) return yes_no(false);
    return yes_no(true);
}

// §4.2 step 3: buildResultBitMapBytes puts row i at bit (element_idx & 7) + i of a
// ((element_idx & 7) + length + 7) >> 3 byte array, which is then ORed byte by byte into the column
// bitmap from byte element_idx >> 3. The rows must lie in [0, size] (checkRange).
ErrorClass Bitmap::or_failed_rows(std::int32_t element_idx, std::int32_t length, ByteView failed_rows) {
    if (!range_fits(element_idx, length)) return ErrorClass::range_out_of_bounds;
    const std::int64_t offset = element_idx & 7;
    Bytes result(static_cast<std::size_t>((offset + length + 7) >> 3), 0);
    for (std::int64_t i = 0; i < length; ++i) {
        const auto byte = static_cast<std::size_t>(i >> 3);
        if (byte < failed_rows.size() && ((failed_rows[byte] >> (i & 7)) & 1u)) {
            const std::int64_t r = offset + i;
            result[static_cast<std::size_t>(r >> 3)] |= static_cast<std::uint8_t>(1u << (r & 7));
        }
    }
    const auto base = static_cast<std::size_t>(element_idx >> 3);
    for (std::size_t j = 0; j < result.size(); ++j) bytes_[base + j] |= result[j];
    return ErrorClass::ok;
}

}  // namespace tsc::bitmap::reference
