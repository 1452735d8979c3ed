// Reference TsFile/IoTDB BitMap. Every rule names its section of tablets-and-bitmaps.md.
// One bit (or, for the upstream byte scanners of the profiles, one byte) at a time. Arguments are
// Java ints; sums of two of them are formed in int64 so that nothing overflows.
#include "reference/bitmap/reference.hpp"

namespace tsc::bitmap::reference {

std::size_t size_of_bytes(std::int32_t size) { return static_cast<std::size_t>(size / 8 + 1); }

bool is_valid(const Value& v) {
    return v.size >= 0 && v.size <= kMaxSize && v.bytes.size() == size_of_bytes(v.size);
}

std::optional<Bitmap> Bitmap::make(std::int32_t size) {
    if (size < 0 || size > kMaxSize) return std::nullopt;
    return Bitmap(size, Bytes(size_of_bytes(size), 0));
}

std::optional<Bitmap> Bitmap::make(const Value& v) {
    if (!is_valid(v)) return std::nullopt;
    return Bitmap(v.size, v.bytes);
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
}  // namespace

// §4.1 mark / unmark / isMarked: one bit. The spec's error class for any position outside [0, size).
ErrorClass Bitmap::mark(std::int32_t p) {
    if (p < 0 || p >= size_) return ErrorClass::position_out_of_range;
    set_bit(p, true);
    return ErrorClass::ok;
}

ErrorClass Bitmap::unmark(std::int32_t p) {
    if (p < 0 || p >= size_) return ErrorClass::position_out_of_range;
    set_bit(p, false);
    return ErrorClass::ok;
}

Answer Bitmap::is_marked(std::int32_t p) const {
    if (p < 0 || p >= size_) return failed(ErrorClass::position_out_of_range);
    return yes_no(bit(p));
}

// §4.1 markAll / reset: every byte, the extra byte and the padding bits included (Errata 3: also the
// long-backed bitmap's stored 9th byte at size 64).
void Bitmap::mark_all() {
    for (std::uint8_t& b : bytes_) b = 0xFF;
    long_upper_bits_ = true;
}

void Bitmap::reset() {
    for (std::uint8_t& b : bytes_) b = 0x00;
    long_upper_bits_ = false;
}

// §4.1 markRange / unmarkRange: length <= 0 does nothing (whatever start is); otherwise the range
// must lie in [0, size].
ErrorClass Bitmap::mark_range(std::int32_t start, std::int32_t length) {
    if (length <= 0) return ErrorClass::ok;
    if (!range_fits(start, length)) return ErrorClass::range_out_of_bounds;
    for (std::int64_t p = start; p < std::int64_t{start} + length; ++p) set_bit(p, true);
    return ErrorClass::ok;
}

ErrorClass Bitmap::unmark_range(std::int32_t start, std::int32_t length) {
    if (length <= 0) return ErrorClass::ok;
    if (!range_fits(start, length)) return ErrorClass::range_out_of_bounds;
    for (std::int64_t p = start; p < std::int64_t{start} + length; ++p) set_bit(p, false);
    return ErrorClass::ok;
}

// §4.1 isAllUnmarked(): bits [0, size) only; the padding bits are ignored.
bool Bitmap::is_all_unmarked() const {
    for (std::int64_t p = 0; p < size_; ++p)
        if (bit(p)) return false;
    return true;
}

// §4.1 isAllUnmarked(r): bits [0, r) only.
Answer Bitmap::is_all_unmarked(std::int32_t r, const Profile& profile) const {
    switch (profile.prefix) {
        case PrefixPolicy::java_array_unchecked: return java_array_prefix(r);
        case PrefixPolicy::java_long_masked_shift: return java_long_prefix(r);
        case PrefixPolicy::checked: break;
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
// m = 64 when r == 64 and m = r & 63 otherwise (Java masks a long shift count to 6 bits). The word's
// bits past the byte array are the invisible ones markAll sets.
Answer Bitmap::java_long_prefix(std::int32_t r) const {
    const unsigned m = r == 64 ? 64u : static_cast<unsigned>(static_cast<std::uint32_t>(r) & 63u);
    const std::int64_t visible = static_cast<std::int64_t>(bytes_.size()) * 8;
    for (std::int64_t p = 0; p < m; ++p)
        if (p < visible ? bit(p) : long_upper_bits_) return yes_no(false);
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

Answer Bitmap::contains_marked_bit(std::int32_t start, std::int32_t length, const Profile& profile) const {
    switch (profile.range_check) {
        case RangeCheckPolicy::legacy_byte_scan: return legacy_byte_scan(start, length);
        case RangeCheckPolicy::prefix_then_legacy: {
            if (start != 0) return legacy_byte_scan(start, length);
            // Seed 002: a range starting at 0 asks isAllUnmarked(length) of the bitmap itself.
            const Answer none = is_all_unmarked(length, profile);
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
ErrorClass Bitmap::merge(const Value& src, std::int32_t src_start, std::int32_t dst_start, std::int32_t length) {
    if (length <= 0) return ErrorClass::ok;
    if (src_start < 0 || dst_start < 0 || std::int64_t{src_start} + length > src.size ||
        std::int64_t{dst_start} + length > size_)
        return ErrorClass::range_out_of_bounds;
    for (std::int64_t i = 0; i < length; ++i)
        if (value_bit(src, src_start + i)) set_bit(dst_start + i, true);
    return ErrorClass::ok;
}

// §4.1 getTruncatedByteArray(k): a copy of the first k/8+1 bytes, unmasked. The spec's error class for
// k outside [0, size].
BytesAnswer Bitmap::truncated_byte_array(std::int32_t k) const {
    if (k < 0 || k > size_) return {ErrorClass::range_out_of_bounds, {}};
    BytesAnswer out;
    for (std::size_t i = 0; i < size_of_bytes(k); ++i) out.bytes.push_back(bytes_[i]);
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
Answer Bitmap::equals_in_range(const Value& other, std::int32_t r) const {
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
