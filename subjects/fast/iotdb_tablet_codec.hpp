// The optimized IoTDB insertTablet serializer and server-side parser (tablets-and-bitmaps.md §1–2).
//
// A subject: it shares only the model types with the reference, never its logic. Everything lives in
// namespace tsc::subjects::TSC_SUBJECT_NS so that a mutant build (subjects/api/mutant.hpp) compiles this same
// source into a namespace of its own. `MUTANT name` comments mark the seeded bugs of
// subjects/mutants/catalogue.json; in the normal build tsc::mutant(...) is false at compile time.
//
// kPortable = false: native-endian fast paths (byte-reversing copies of whole columns: AVX2 shuffles for the
// whole 32-byte blocks on x86-64 hosts that have AVX2, then a bswap loop; a plain copy on big-endian hosts,
// where native order is the wire order).
// kPortable = true: those paths are compiled out and every multi-byte value is stored or loaded one byte at a
// time by shifts, so both variants are compared on every host (as xxHash forces each backend).
//
// Serializer (single pass, single buffer, in the spirit of a Node.js client's serializeTabletValuesFast):
//   - the exact size first: fixed widths from the schema, one length scan for variable-width columns, one
//     word-at-a-time scan of each column's null marks; then one allocation, reused across calls;
//   - timestamps and fixed-width columns are written as whole arrays by byte-reversing copies; null cells are
//     then patched with the profile's placeholder (only in columns that have nulls);
//   - variable-width cells are a length store and a copy; a cell equal to the previous one (a constant TAG
//     column) is copied from the previous cell's output, length included, as one block;
//   - null bitmaps are packed eight marks at a time (one 8-byte load, a SWAR non-zero test, one multiply).
// Parser:
//   - validates the whole input first (schema, 8·n timestamp bytes, every column's extent, every length
//     prefix, every bitmap entry) in the order that gives the reference's error class; only then sizes any
//     storage, so nothing is ever sized from a declared count or length the input cannot hold;
//   - fixed-width columns are loaded as whole arrays by byte-reversing copies, bitmaps expanded eight rows at
//     a time through a 256-entry table; storage is kept between calls and never shrunk.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

#include "reference/iotdb_tablet/model.hpp"
#include "subjects/api/mutant.hpp"
#include "subjects/fast/lane_swap.hpp"

#if defined(__GNUC__) || defined(__clang__)
#define TSC_IOTDB_INLINE inline __attribute__((always_inline))
#else
#define TSC_IOTDB_INLINE inline
#endif

namespace tsc::subjects::TSC_SUBJECT_NS {

namespace iotdb_detail {

static_assert(std::endian::native == std::endian::little || std::endian::native == std::endian::big,
              "mixed-endian hosts are not supported");

inline constexpr bool kLittleHost = std::endian::native == std::endian::little;

// ---- big-endian stores and loads of one value ---------------------------------------------------

template <class U>
TSC_IOTDB_INLINE U byte_reversed(U v) {
    if constexpr (sizeof(U) == 4) {
        return __builtin_bswap32(v);
    } else {
        return __builtin_bswap64(v);
    }
}

template <bool kPortable, class U>
TSC_IOTDB_INLINE void store_be(std::uint8_t* p, U v) {
    if constexpr (kPortable) {
        for (unsigned i = 0; i < sizeof(U); ++i) {
            // MUTANT iotdb_portable_store_little_endian: the least significant byte first
            const unsigned shift = tsc::mutant("iotdb_portable_store_little_endian") ? i : sizeof(U) - 1 - i;
            p[i] = static_cast<std::uint8_t>(v >> (8 * shift));
        }
    } else {
        if constexpr (kLittleHost) v = byte_reversed(v);
        std::memcpy(p, &v, sizeof(U));
    }
}

template <bool kPortable, class U>
TSC_IOTDB_INLINE U load_be(const std::uint8_t* p) {
    if constexpr (kPortable) {
        U v = 0;
        for (unsigned i = 0; i < sizeof(U); ++i) {
            // MUTANT iotdb_portable_load_little_endian: the first byte read as the least significant
            const unsigned at = tsc::mutant("iotdb_portable_load_little_endian") ? sizeof(U) - 1 - i : i;
            v = static_cast<U>((v << 8) | p[at]);
        }
        return v;
    } else {
        U v;
        std::memcpy(&v, p, sizeof(U));
        if constexpr (kLittleHost) v = byte_reversed(v);
        return v;
    }
}

// Eight bytes with byte i at bits 8i..8i+7, whatever the host order.
template <bool kPortable>
TSC_IOTDB_INLINE std::uint64_t load_le64(const std::uint8_t* p) {
    if constexpr (kPortable) {
        std::uint64_t v = 0;
        for (unsigned i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
        return v;
    } else {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        // MUTANT iotdb_big_endian_marks_unswapped: the swap is forgotten (a big-endian host only)
        if constexpr (!kLittleHost && !tsc::mutant("iotdb_big_endian_marks_unswapped")) v = byte_reversed(v);
        return v;
    }
}

// ---- whole arrays --------------------------------------------------------------------------------

// n values of W bytes from native order to big-endian bytes, or back (the operation is its own inverse).
template <unsigned W>
inline void swap_lanes(std::uint8_t* out, const std::uint8_t* in, std::size_t n) {
    if constexpr (!kLittleHost) {
        if constexpr (tsc::mutant("iotdb_big_endian_copy_reversed")) {
            // MUTANT iotdb_big_endian_copy_reversed: a big-endian host reverses what is already in wire order
            for (std::size_t k = 0; k < n * W; ++k) out[k] = in[(k / W) * W + (W - 1 - k % W)];
            return;
        }
        if (n != 0) std::memcpy(out, in, n * W);  // native order is the wire order
    } else {
        std::size_t done = 0;
#ifdef TSC_LANE_SWAP_AVX2
        if (lane_swap::host_has_avx2()) done = lane_swap::reverse_avx2<W>(out, in, n);
#endif
        using U = std::conditional_t<W == 4, std::uint32_t, std::uint64_t>;
        for (std::size_t k = done; k < n; ++k) {
            U v;
            std::memcpy(&v, in + W * k, W);
            if constexpr (!tsc::mutant("iotdb_scalar_swap_skipped")) v = byte_reversed(v);  // MUTANT: copied as is
            std::memcpy(out + W * k, &v, W);
        }
    }
}

template <bool kPortable, class U>
inline void store_be_array(std::uint8_t* out, const U* in, std::size_t n) {
    if constexpr (kPortable) {
        for (std::size_t k = 0; k < n; ++k) store_be<true>(out + sizeof(U) * k, in[k]);
    } else {
        swap_lanes<sizeof(U)>(out, reinterpret_cast<const std::uint8_t*>(in), n);
    }
}

template <bool kPortable, class U>
inline void load_be_array(U* out, const std::uint8_t* in, std::size_t n) {
    if constexpr (kPortable) {
        for (std::size_t k = 0; k < n; ++k) out[k] = load_be<true, U>(in + sizeof(U) * k);
    } else {
        swap_lanes<sizeof(U)>(reinterpret_cast<std::uint8_t*>(out), in, n);
    }
}

// ---- null marks and bitmaps ----------------------------------------------------------------------

// Any non-zero byte, eight at a time (the OR of whole words does not depend on byte order).
inline bool any_nonzero(const std::uint8_t* p, std::size_t n) {
    std::uint64_t acc = 0;
    std::size_t k = 0;
    for (; k + 8 <= n; k += 8) {
        std::uint64_t w;
        std::memcpy(&w, p + k, 8);
        acc |= w;
    }
    for (; k < n; ++k) acc |= p[k];
    return acc != 0;
}

TSC_IOTDB_INLINE std::uint8_t reverse_bits(std::uint8_t b) {
    b = static_cast<std::uint8_t>((b & 0xF0u) >> 4 | (b & 0x0Fu) << 4);
    b = static_cast<std::uint8_t>((b & 0xCCu) >> 2 | (b & 0x33u) << 2);
    return static_cast<std::uint8_t>((b & 0xAAu) >> 1 | (b & 0x55u) << 1);
}

// §1.2 puts row i at bit i (LSB first); MUTANT iotdb_bitmap_msb_first puts it at bit 7-i.
TSC_IOTDB_INLINE std::uint8_t bit_order(std::uint8_t byte) {
    return tsc::mutant("iotdb_bitmap_msb_first") ? reverse_bits(byte) : byte;
}

// Eight null marks (any non-zero byte is a mark) to one bitmap byte, row i at bit i: the SWAR test moves
// "byte i is non-zero" to bit 8i+7, and the multiply gathers bits 8i into bits 56+i without carries.
template <bool kPortable>
TSC_IOTDB_INLINE std::uint8_t pack8(const std::uint8_t* marks) {
    const std::uint64_t x = load_le64<kPortable>(marks);
    constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full;
    std::uint64_t nonzero = (((x & kLow7) + kLow7) | x) & ~kLow7;
    // MUTANT iotdb_null_mark_bit0_only: only a mark byte with bit 0 set counts
    if constexpr (tsc::mutant("iotdb_null_mark_bit0_only")) nonzero = (x & 0x0101010101010101ull) << 7;
    return bit_order(static_cast<std::uint8_t>(((nonzero >> 7) * 0x0102040810204080ull) >> 56));
}

// The last, partial bitmap byte: rows 8·(n/8) .. n-1.
TSC_IOTDB_INLINE std::uint8_t pack_tail(const std::uint8_t* marks, std::size_t count) {
    unsigned byte = 0;
    for (std::size_t i = 0; i < count; ++i)
        byte |= (tsc::mutant("iotdb_null_mark_bit0_only") ? (marks[i] & 1u) : (marks[i] != 0 ? 1u : 0u)) << i;
    return bit_order(static_cast<std::uint8_t>(byte));
}

// Bitmap byte b → eight 0/1 marks, as bytes (so the copy does not depend on host order).
inline constexpr auto kExpand = [] {
    std::array<std::array<std::uint8_t, 8>, 256> table{};
    for (unsigned b = 0; b < 256; ++b)
        for (unsigned i = 0; i < 8; ++i) table[b][i] = static_cast<std::uint8_t>((b >> i) & 1u);
    return table;
}();

// ---- storage that is grown, never shrunk, and never value-initialized ---------------------------

class GrowBuffer {
public:
    std::uint8_t* data() { return data_.get(); }
    const std::uint8_t* data() const { return data_.get(); }
    void grow_to(std::size_t n) {
        if (n <= capacity_) return;
        data_ = std::make_unique_for_overwrite<std::uint8_t[]>(n);
        capacity_ = n;
    }

private:
    std::unique_ptr<std::uint8_t[]> data_;
    std::size_t capacity_ = 0;
};

// ---- type facts ----------------------------------------------------------------------------------

// Bytes of a fixed-width cell; 0 for the length-prefixed types (§1.1).
constexpr unsigned fixed_width(DataType t) {
    switch (t) {
        case DataType::BOOLEAN: return 1;
        case DataType::INT32:
        case DataType::FLOAT:
        case DataType::DATE: return 4;
        case DataType::INT64:
        case DataType::DOUBLE:
        case DataType::TIMESTAMP: return 8;
        default: return 0;
    }
}

// §2.6 placeholders of the fixed-width types, as the values whose big-endian bytes they are; rows are
// Placeholders::java_sentinels, cpp_sentinels, zeros (slot_values never uses the table).
// Columns: BOOLEAN, INT32, INT64 (and TIMESTAMP), FLOAT, DOUBLE, DATE.
inline constexpr std::uint64_t kNullBits[3][6] = {
    {0, 0x80000000u, 0x8000000000000000u, 0x00000001u, 0x0000000000000001u, 10000101},
    // MUTANT iotdb_cpp_float_sentinels_as_java: C++ with Java's Float/Double.MIN_VALUE
    {0, 0x80000000u, 0x8000000000000000u, tsc::mutant("iotdb_cpp_float_sentinels_as_java") ? 0x00000001u : 0x00800000u,
     tsc::mutant("iotdb_cpp_float_sentinels_as_java") ? 0x0000000000000001u : 0x0010000000000000u,
     tsc::mutant("iotdb_date_null_zero") ? 0 : 10000101},  // MUTANT iotdb_date_null_zero: C++ DATE null as 0
    {0, 0, 0, 0, 0, 0},
};

constexpr std::uint64_t null_bits(DataType t, iotdb::Placeholders p) {
    const auto row = static_cast<std::size_t>(p);
    switch (t) {
        case DataType::INT32: return kNullBits[row][1];
        case DataType::INT64:
        case DataType::TIMESTAMP: return kNullBits[row][2];
        case DataType::FLOAT: return kNullBits[row][3];
        case DataType::DOUBLE: return kNullBits[row][4];
        case DataType::DATE: return kNullBits[row][5];
        default: return kNullBits[row][0];
    }
}

// Days since 1970-01-01 of a proleptic Gregorian date (only the date_days_since_epoch mutant uses it).
constexpr std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const std::int64_t yoe = y - era * 400;
    const std::int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

}  // namespace iotdb_detail

// ==================================================================================================
// Serializer
// ==================================================================================================

template <bool kPortable>
class IotdbTabletSerializer {
public:
    // Serializes both buffers (§2.2, §2.3, §2.6). The bytes stay valid until the next call.
    iotdb::ErrorClass serialize(const iotdb::Tablet& tablet, const iotdb::ClientState& state,
                                const iotdb::Profile& profile);
    std::span<const std::uint8_t> timestamps() const { return {out_.data(), ts_size_}; }
    std::span<const std::uint8_t> values() const { return {out_.data() + ts_size_, values_size_}; }

private:
    struct ColumnPlan {
        bool has_null;
        bool flag;
        std::uint8_t padding;  // client marks OR-ed into the last bitmap byte
    };

    iotdb::ErrorClass check(const iotdb::Tablet& t, const iotdb::ClientState& s) const;
    void plan(const iotdb::Tablet& t, const iotdb::ClientState& s, const iotdb::Profile& p);
    void write_int64s(std::uint8_t* out, const std::int64_t* v, std::size_t n, bool host_order);
    std::uint8_t* write_column(std::uint8_t* o, const iotdb::Column& c, bool has_null, const iotdb::Profile& p,
                               iotdb::ErrorClass& error);
    std::uint8_t* write_dates(std::uint8_t* o, const iotdb::Column& c, bool slots, std::uint32_t null_value,
                              iotdb::ErrorClass& error);
    std::uint8_t* write_binaries(std::uint8_t* o, const iotdb::Column& c, bool slots);
    std::uint8_t* write_bitmap(std::uint8_t* o, const iotdb::Column& c, std::uint8_t padding);

    iotdb_detail::GrowBuffer out_;
    std::vector<ColumnPlan> plan_;  // reused across calls
    std::size_t ts_size_ = 0;
    std::size_t values_size_ = 0;
    std::size_t bitmap_bytes_ = 0;
    bool section_ = false;
};

// Types first, then the shape (one cell and one mark per row, one client entry per column or none).
template <bool kPortable>
iotdb::ErrorClass IotdbTabletSerializer<kPortable>::check(const iotdb::Tablet& t, const iotdb::ClientState& s) const {
    using iotdb::ErrorClass;
    const std::size_t n = t.row_count();
    for (const iotdb::Column& c : t.columns)
        if (!iotdb::cells_index(c.type))  // MUTANT iotdb_unsupported_type_as_inconsistent: the wrong class
            return tsc::mutant("iotdb_unsupported_type_as_inconsistent") ? ErrorClass::inconsistent_tablet
                                                                          : ErrorClass::unsupported_type;
    for (const iotdb::Column& c : t.columns) {
        const std::size_t cells = std::visit([](const auto& v) { return v.size(); }, c.cells);
        if (c.cells.index() != *iotdb::cells_index(c.type)) return ErrorClass::inconsistent_tablet;
        // MUTANT iotdb_shape_unchecked: n taken from the timestamps, one cell and mark per row assumed
        if ((cells != n || c.nulls.size() != n) && !tsc::mutant("iotdb_shape_unchecked"))
            return ErrorClass::inconsistent_tablet;
    }
    // MUTANT iotdb_client_columns_unchecked: extra client entries are ignored
    if (!s.columns.empty() && s.columns.size() != t.columns.size() && !tsc::mutant("iotdb_client_columns_unchecked"))
        return ErrorClass::inconsistent_tablet;
    return ErrorClass::ok;
}

// The exact size, each column's flag and padding, and whether the section is sent (§2.6).
template <bool kPortable>
void IotdbTabletSerializer<kPortable>::plan(const iotdb::Tablet& t, const iotdb::ClientState& s,
                                            const iotdb::Profile& p) {
    using tsc::mutant;
    const std::size_t n = t.row_count();
    // Bits of byte n/8 that are rows >= n. MUTANT iotdb_padding_marks_unmasked: all eight bits
    const auto padding_mask = static_cast<std::uint8_t>(mutant("iotdb_padding_marks_unmasked") ? 0xFFu : 0xFFu << (n & 7));
    const bool slots = p.placeholders == iotdb::Placeholders::slot_values;
    // MUTANT iotdb_padding_for_every_profile: Python and Node send client marks too
    const bool client_padding =
        (p.padding == iotdb::Padding::client_marks || mutant("iotdb_padding_for_every_profile")) && !s.columns.empty();
    // MUTANT iotdb_marks_past_n_ignored: C++ and Go as Java; MUTANT iotdb_flag_counts_marks_everywhere: the reverse
    const bool flag_counts_marks = mutant("iotdb_flag_counts_marks_everywhere") ||
                                   (p.flag == iotdb::FlagRule::any_mark && !mutant("iotdb_marks_past_n_ignored"));
    std::size_t size = 0;
    std::size_t flagged = 0;
    bool any_null = false;
    bool any_mark = false;
    plan_.resize(t.columns.size());
    for (std::size_t j = 0; j < t.columns.size(); ++j) {
        const iotdb::Column& c = t.columns[j];
        if (const unsigned w = iotdb_detail::fixed_width(c.type); w != 0) {
            size += w * n;
        } else {
            // A null cell is sent empty, except as a Go slot.
            const std::vector<Bytes>& cells = std::get<std::vector<Bytes>>(c.cells);
            size += 4 * n;
            for (std::size_t row = 0; row < n; ++row)
                if (slots || c.nulls[row] == 0 || mutant("iotdb_binary_null_sends_slot")) size += cells[row].size();
        }
        const bool has_null = iotdb_detail::any_nonzero(c.nulls.data(), n);
        const iotdb::ColumnBitmapState marks = s.columns.empty() ? iotdb::ColumnBitmapState{} : s.columns[j];
        const bool marked = (marks.padding_marks & padding_mask) != 0 || marks.marked_past_last_byte;
        // MUTANT iotdb_flag_without_nulls: flag 1 for every column
        const bool flag = has_null || (flag_counts_marks && marked) || mutant("iotdb_flag_without_nulls");
        plan_[j] = ColumnPlan{has_null, flag,
                              static_cast<std::uint8_t>(client_padding ? marks.padding_marks & padding_mask : 0)};
        if constexpr (mutant("iotdb_padding_marks_dropped")) plan_[j].padding = 0;  // MUTANT: marks not sent
        flagged += flag;
        any_null = any_null || has_null;
        any_mark = any_mark || marked;
    }
    switch (mutant("iotdb_section_always") ? iotdb::SectionRule::always : p.section) {  // MUTANT: always sent
        case iotdb::SectionRule::always: section_ = true; break;
        case iotdb::SectionRule::if_bitmaps_exist:
            // MUTANT iotdb_section_ignores_allocated_bitmaps, iotdb_section_ignores_marks: a term forgotten
            section_ = (s.bitmaps_allocated && !mutant("iotdb_section_ignores_allocated_bitmaps")) || any_null ||
                       (any_mark && !mutant("iotdb_section_ignores_marks"));
            break;
        case iotdb::SectionRule::if_any_null: section_ = any_null; break;
    }
    // MUTANT iotdb_node_bitmap_ceil: ceil(n/8) for every profile; iotdb_node_bitmap_plus_one: n/8+1 for Node too
    const bool ceil = mutant("iotdb_node_bitmap_ceil") ||
                      (p.bitmap_length == iotdb::BitmapLength::ceil_n_div_8 && !mutant("iotdb_node_bitmap_plus_one"));
    bitmap_bytes_ = n / 8 + (ceil && n % 8 == 0 ? 0 : 1);
    if (section_) size += t.columns.size() + flagged * bitmap_bytes_;
    ts_size_ = 8 * n;
    values_size_ = size;
    out_.grow_to(ts_size_ + values_size_);
}

// int64 arrays: the timestamps buffer and INT64/TIMESTAMP columns.
template <bool kPortable>
void IotdbTabletSerializer<kPortable>::write_int64s(std::uint8_t* out, const std::int64_t* v, std::size_t n,
                                                    bool host_order) {
    if constexpr (tsc::mutant("iotdb_int64_hi_lo_split_negative")) {
        // MUTANT iotdb_int64_hi_lo_split_negative: hi = trunc(v / 2^32) rather than floor, lo = v mod 2^32,
        // a hi/lo split that is wrong for negative values whose low half is not zero.
        for (std::size_t k = 0; k < n; ++k) {
            iotdb_detail::store_be<kPortable>(out + 8 * k,
                                              static_cast<std::uint32_t>(static_cast<std::int32_t>(v[k] / 4294967296LL)));
            iotdb_detail::store_be<kPortable>(out + 8 * k + 4, static_cast<std::uint32_t>(static_cast<std::uint64_t>(v[k])));
        }
        return;
    }
    if constexpr (tsc::mutant("iotdb_timestamp_host_order")) {
        if (host_order) {  // MUTANT iotdb_timestamp_host_order: TIMESTAMP cells in host byte order
            if (n != 0) std::memcpy(out, v, 8 * n);
            return;
        }
    }
    (void)host_order;
    iotdb_detail::store_be_array<kPortable>(out, reinterpret_cast<const std::uint64_t*>(v), n);
}

template <bool kPortable>
std::uint8_t* IotdbTabletSerializer<kPortable>::write_column(std::uint8_t* o, const iotdb::Column& c, bool has_null,
                                                             const iotdb::Profile& p, iotdb::ErrorClass& error) {
    using iotdb_detail::store_be;
    const std::size_t n = c.nulls.size();
    const std::uint8_t* nulls = c.nulls.data();
    const bool slots = p.placeholders == iotdb::Placeholders::slot_values;
    // Columns without nulls, and Go's slot values, are written as they are; otherwise null cells are patched.
    // MUTANT iotdb_null_placeholder_skipped: never patched
    const bool patch = has_null && !slots && !tsc::mutant("iotdb_null_placeholder_skipped");
    const std::uint64_t null_value = slots ? 0 : iotdb_detail::null_bits(c.type, p.placeholders);
    auto patch_nulls = [&](unsigned width) {
        if (!patch) return;
        for (std::size_t row = 0; row < n; ++row) {
            if (nulls[row] == 0) continue;
            if (width == 4) {
                store_be<kPortable>(o + 4 * row, static_cast<std::uint32_t>(null_value));
            } else {
                store_be<kPortable>(o + 8 * row, null_value);
            }
        }
    };
    switch (c.type) {
        case DataType::BOOLEAN: {
            const std::uint8_t* v = std::get<std::vector<std::uint8_t>>(c.cells).data();
            // MUTANT iotdb_boolean_raw_byte: the model's byte as it is; iotdb_boolean_null_sends_slot: not patched
            const bool patch_booleans = patch && !tsc::mutant("iotdb_boolean_null_sends_slot");
            for (std::size_t row = 0; row < n; ++row)
                o[row] = tsc::mutant("iotdb_boolean_raw_byte")
                             ? v[row]
                             : static_cast<std::uint8_t>(v[row] != 0 && !(patch_booleans && nulls[row] != 0));
            return o + n;
        }
        case DataType::INT32:
            iotdb_detail::store_be_array<kPortable>(
                o, reinterpret_cast<const std::uint32_t*>(std::get<std::vector<std::int32_t>>(c.cells).data()), n);
            patch_nulls(4);
            return o + 4 * n;
        case DataType::FLOAT:
            iotdb_detail::store_be_array<kPortable>(o, std::get<std::vector<std::uint32_t>>(c.cells).data(), n);
            patch_nulls(4);
            return o + 4 * n;
        case DataType::INT64:
        case DataType::TIMESTAMP:
            write_int64s(o, std::get<std::vector<std::int64_t>>(c.cells).data(), n, c.type == DataType::TIMESTAMP);
            patch_nulls(8);
            return o + 8 * n;
        case DataType::DOUBLE:
            iotdb_detail::store_be_array<kPortable>(o, std::get<std::vector<std::uint64_t>>(c.cells).data(), n);
            patch_nulls(8);
            return o + 8 * n;
        case DataType::DATE: return write_dates(o, c, slots, static_cast<std::uint32_t>(null_value), error);
        default: return write_binaries(o, c, slots);
    }
}

template <bool kPortable>
std::uint8_t* IotdbTabletSerializer<kPortable>::write_dates(std::uint8_t* o, const iotdb::Column& c, bool slots,
                                                            std::uint32_t null_value, iotdb::ErrorClass& error) {
    using tsc::mutant;
    const std::size_t n = c.nulls.size();
    const iotdb::Date* dates = std::get<std::vector<iotdb::Date>>(c.cells).data();
    // Errata 7: years 1000–9999, as one unsigned compare. MUTANT iotdb_date_year_10000_accepted: only year < 1000
    // is rejected, as DateUtils versions other than a9f54614 do.
    const std::uint32_t year_span = mutant("iotdb_date_year_10000_accepted") ? 0x7FFFFFFFu : 8999u;
    for (std::size_t row = 0; row < n; ++row) {
        const iotdb::Date& d = dates[row];
        // yyyyMMdd in unsigned arithmetic: a Go slot holds anything and wraps as an i32 would (§2.6).
        std::uint32_t packed = static_cast<std::uint32_t>(d.year) * 10000u + d.month * 100u + d.day;
        // MUTANT iotdb_date_slot_checked: a Go slot is range-checked too
        if (c.nulls[row] == 0 || (slots && mutant("iotdb_date_slot_checked"))) {
            if (static_cast<std::uint32_t>(d.year) - 1000u > year_span || d.month > 99 || d.day > 99) {
                error = iotdb::ErrorClass::date_out_of_range;
                return o;
            }
            // MUTANT iotdb_date_days_since_epoch: the days since 1970-01-01 of older Node serializers (§2.7 item 7)
            if constexpr (mutant("iotdb_date_days_since_epoch"))
                packed = static_cast<std::uint32_t>(iotdb_detail::days_from_civil(d.year, d.month, d.day));
        }
        if (c.nulls[row] != 0 && !slots) packed = null_value;
        iotdb_detail::store_be<kPortable>(o + 4 * row, packed);
    }
    return o + 4 * n;
}

template <bool kPortable>
std::uint8_t* IotdbTabletSerializer<kPortable>::write_binaries(std::uint8_t* o, const iotdb::Column& c, bool slots) {
    const std::size_t n = c.nulls.size();
    const Bytes* cells = std::get<std::vector<Bytes>>(c.cells).data();
    // A one-entry cache: the previous cell's source and output.
    const std::uint8_t* last_src = nullptr;
    const std::uint8_t* last_out = nullptr;
    std::size_t last_len = 0;
    for (std::size_t row = 0; row < n; ++row) {
        // MUTANT iotdb_binary_null_sends_slot: a null cell sends the slot's bytes in every profile
        if (c.nulls[row] != 0 && !slots && !tsc::mutant("iotdb_binary_null_sends_slot")) {
            iotdb_detail::store_be<kPortable>(o, std::uint32_t{0});  // §2.6: a null binary is empty
            o += 4;
            continue;
        }
        const Bytes& b = cells[row];
        const std::size_t len = b.size();
        // MUTANT iotdb_stale_string_cache: any cell of the previous cell's length hits
        const bool same = last_out != nullptr && len == last_len &&
                          (tsc::mutant("iotdb_stale_string_cache") || len == 0 ||
                           std::memcmp(b.data(), last_src, len) == 0);
        if (same) {
            std::memcpy(o, last_out, 4 + len);
        } else {
            std::uint32_t prefix = static_cast<std::uint32_t>(len);
            if constexpr (tsc::mutant("iotdb_text_length_in_chars")) {
                // MUTANT iotdb_text_length_in_chars: TEXT/STRING length in UTF-8 characters, not bytes
                if (c.type == DataType::TEXT || c.type == DataType::STRING) {
                    prefix = 0;
                    for (std::uint8_t byte : b) prefix += (byte & 0xC0u) != 0x80u;
                }
            }
            iotdb_detail::store_be<kPortable>(o, prefix);
            if (len != 0) std::memcpy(o + 4, b.data(), len);
            last_src = b.data();
            last_out = o;
            last_len = len;
        }
        o += 4 + len;
    }
    return o;
}

template <bool kPortable>
std::uint8_t* IotdbTabletSerializer<kPortable>::write_bitmap(std::uint8_t* o, const iotdb::Column& c,
                                                             std::uint8_t padding) {
    const std::size_t n = c.nulls.size();
    const std::uint8_t* marks = c.nulls.data();
    const std::size_t whole = n / 8;
    for (std::size_t k = 0; k < whole; ++k) o[k] = iotdb_detail::pack8<kPortable>(marks + 8 * k);
    if (bitmap_bytes_ > whole) {
        // MUTANT iotdb_bitmap_tail_zero: the partial last byte loses its rows
        const std::uint8_t tail = tsc::mutant("iotdb_bitmap_tail_zero") ? 0 : iotdb_detail::pack_tail(marks + 8 * whole, n % 8);
        o[whole] = static_cast<std::uint8_t>(tail | padding);
    }
    return o + bitmap_bytes_;
}

template <bool kPortable>
iotdb::ErrorClass IotdbTabletSerializer<kPortable>::serialize(const iotdb::Tablet& t, const iotdb::ClientState& s,
                                                               const iotdb::Profile& p) {
    ts_size_ = values_size_ = 0;
    if (const iotdb::ErrorClass e = check(t, s); e != iotdb::ErrorClass::ok) return e;
    plan(t, s, p);
    const std::size_t n = t.row_count();
    std::uint8_t* o = out_.data();
    write_int64s(o, t.timestamps.data(), n, false);  // §2.2
    o += 8 * n;
    iotdb::ErrorClass error = iotdb::ErrorClass::ok;
    for (std::size_t j = 0; j < t.columns.size() && error == iotdb::ErrorClass::ok; ++j)
        o = write_column(o, t.columns[j], plan_[j].has_null, p, error);
    if (error != iotdb::ErrorClass::ok) {
        ts_size_ = values_size_ = 0;
        return error;
    }
    if (!section_) return error;
    for (std::size_t j = 0; j < t.columns.size(); ++j) {
        *o++ = plan_[j].flag ? 1 : 0;
        if (plan_[j].flag) o = write_bitmap(o, t.columns[j], plan_[j].padding);
    }
    return error;
}

// ==================================================================================================
// Parser (the server's reading, §2.2–2.3, Errata 2)
// ==================================================================================================

template <bool kPortable>
class IotdbTabletParser {
public:
    // Parses both buffers; the tablet stays valid until the next call.
    iotdb::ErrorClass parse(ByteView timestamps, ByteView values, const iotdb::Schema& schema,
                            const iotdb::ParserProfile& parser);
    const iotdb::Tablet& tablet() const { return tablet_; }
    std::size_t consumed() const { return consumed_; }

private:
    static constexpr std::size_t kNoBitmap = SIZE_MAX;
    struct Extent {
        std::size_t data;    // offset of the column's first cell in `values`
        std::size_t bitmap;  // offset of its bitmap, or kNoBitmap
    };

    iotdb::ErrorClass check_schema(const iotdb::Schema& schema, const iotdb::ParserProfile& parser) const;
    iotdb::ErrorClass find_extents(ByteView values, const iotdb::Schema& schema);
    void fill_cells(iotdb::Column& c, const std::uint8_t* data, std::size_t n, const iotdb::ParserProfile& parser);
    void fill_nulls(iotdb::Column& c, const std::uint8_t* bitmap, std::size_t n);

    iotdb::Tablet tablet_;         // storage kept between calls
    std::vector<Extent> extents_;  // one per column of the schema
    std::size_t consumed_ = 0;
};

namespace iotdb_detail {

// The Cells alternative T, made current without giving up the storage it already holds.
template <class T>
std::vector<T>& cells_as(iotdb::Cells& cells) {
    if (!std::holds_alternative<std::vector<T>>(cells)) cells.template emplace<std::vector<T>>();
    return std::get<std::vector<T>>(cells);
}

// yyyyMMdd back to a Date with floor division (model.hpp): offsetting by a multiple of 10000 that makes every
// i32 non-negative turns the floor division into an unsigned one, without a branch on the sign.
inline iotdb::Date split_date(std::int32_t v) {
    constexpr std::int64_t kBias = 214749;  // 10000·kBias > 2^31
    if constexpr (tsc::mutant("iotdb_parse_date_truncating_division")) {
        // MUTANT iotdb_parse_date_truncating_division: C-style division, wrong for negative values
        return iotdb::Date{v / 10000, static_cast<std::uint8_t>(v / 100 % 100), static_cast<std::uint8_t>(v % 100)};
    }
    const auto shifted = static_cast<std::uint64_t>(static_cast<std::int64_t>(v) + 10000 * kBias);
    const auto rest = static_cast<unsigned>(shifted % 10000);
    return iotdb::Date{static_cast<std::int32_t>(static_cast<std::int64_t>(shifted / 10000) - kBias),
                       static_cast<std::uint8_t>(rest / 100), static_cast<std::uint8_t>(rest % 100)};
}

}  // namespace iotdb_detail

template <bool kPortable>
iotdb::ErrorClass IotdbTabletParser<kPortable>::check_schema(const iotdb::Schema& schema,
                                                              const iotdb::ParserProfile& parser) const {
    using iotdb::ErrorClass;
    using tsc::mutant;
    for (DataType t : schema.types)  // MUTANT iotdb_parse_type_code_unchecked: codes > 12 pass
        if (static_cast<std::uint8_t>(t) > static_cast<std::uint8_t>(DataType::OBJECT) &&
            !mutant("iotdb_parse_type_code_unchecked"))
            return ErrorClass::invalid_type_code;
    for (DataType t : schema.types) {
        // MUTANT iotdb_parse_reserved_types_accepted: VECTOR and UNKNOWN read as binary
        if ((t == DataType::VECTOR || t == DataType::UNKNOWN) && !mutant("iotdb_parse_reserved_types_accepted"))
            return ErrorClass::unsupported_type;
        // MUTANT iotdb_parse_object_accepted: TabletDecoder reads OBJECT like BLOB
        if (t == DataType::OBJECT && !parser.reads_object && !mutant("iotdb_parse_object_accepted"))
            return ErrorClass::unsupported_type;
    }
    // MUTANT iotdb_parse_row_count_unchecked: a negative count goes on as a huge unsigned one
    if (schema.row_count < 0 && !mutant("iotdb_parse_row_count_unchecked")) return ErrorClass::negative_row_count;
    return ErrorClass::ok;
}

// Walks the whole values buffer without storing anything: where each column and bitmap starts, or the first
// error in reading order. Bounded by the input: every cell or bitmap entry moves at least one byte forward.
template <bool kPortable>
iotdb::ErrorClass IotdbTabletParser<kPortable>::find_extents(ByteView values, const iotdb::Schema& schema) {
    using iotdb::ErrorClass;
    using tsc::mutant;
    const std::uint8_t* const p = values.data();
    const std::size_t size = values.size();
    const auto n = static_cast<std::size_t>(schema.row_count);
    extents_.resize(schema.types.size());
    std::size_t pos = 0;
    for (std::size_t j = 0; j < schema.types.size(); ++j) {
        extents_[j] = Extent{pos, kNoBitmap};
        if (const unsigned w = iotdb_detail::fixed_width(schema.types[j]); w != 0) {
            if ((size - pos) / w < n)  // MUTANT iotdb_parse_truncated_column_as_value: the wrong class
                return mutant("iotdb_parse_truncated_column_as_value") ? ErrorClass::truncated_value
                                                                       : ErrorClass::truncated_column;
            pos += w * n;
            continue;
        }
        for (std::size_t row = 0; row < n; ++row) {
            if (size - pos < 4)  // MUTANT iotdb_parse_short_length_as_truncated_value: the wrong class
                return mutant("iotdb_parse_short_length_as_truncated_value") ? ErrorClass::truncated_value
                                                                             : ErrorClass::truncated_length;
            const auto len = static_cast<std::int32_t>(iotdb_detail::load_be<kPortable, std::uint32_t>(p + pos));
            pos += 4;
            // MUTANT iotdb_parse_negative_length_as_unsigned: the length read as a u32
            if (len < 0 && !mutant("iotdb_parse_negative_length_as_unsigned")) return ErrorClass::negative_length;
            const std::size_t room = size - pos;
            // MUTANT iotdb_parse_exact_fit_rejected: a value that ends exactly at the end is called truncated
            if (room < static_cast<std::uint32_t>(len) || (mutant("iotdb_parse_exact_fit_rejected") && room == static_cast<std::uint32_t>(len)))
                return ErrorClass::truncated_value;
            pos += static_cast<std::uint32_t>(len);
        }
    }
    // §2.3 step 2: no byte left, no bitmap section. MUTANT iotdb_parse_bitmap_section_required: read anyway
    if (pos < size || mutant("iotdb_parse_bitmap_section_required")) {
        // §2.3 step 4: n/8+1 bytes, also when n % 8 == 0. MUTANT iotdb_parse_bitmap_ceil: ceil(n/8)
        const std::size_t bitmap_bytes = mutant("iotdb_parse_bitmap_ceil") ? (n + 7) / 8 : n / 8 + 1;
        for (Extent& e : extents_) {
            if (pos == size) {
                // MUTANT iotdb_parse_missing_flag_accepted: running out of flags ends the section quietly
                if (mutant("iotdb_parse_missing_flag_accepted")) break;
                return ErrorClass::truncated_bitmap_flag;
            }
            const std::uint8_t flag = p[pos++];
            // §2.3 step 3: BytesUtils.byteToBool is b == 1. MUTANT iotdb_parse_flag_nonzero: any non-zero flag
            if (mutant("iotdb_parse_flag_nonzero") ? flag == 0 : flag != 1) continue;
            if (size - pos < bitmap_bytes)  // MUTANT iotdb_parse_truncated_bitmap_as_flag: the wrong class
                return mutant("iotdb_parse_truncated_bitmap_as_flag") ? ErrorClass::truncated_bitmap_flag
                                                                      : ErrorClass::truncated_bitmap;
            e.bitmap = pos;
            // MUTANT iotdb_parse_consumed_excludes_bitmaps: bitmap bytes not counted as consumed
            pos += bitmap_bytes;
            if (mutant("iotdb_parse_consumed_excludes_bitmaps")) consumed_ -= bitmap_bytes;
        }
    }
    consumed_ += pos;  // §2.3 step 5: what follows is ignored
    return ErrorClass::ok;
}

template <bool kPortable>
void IotdbTabletParser<kPortable>::fill_cells(iotdb::Column& c, const std::uint8_t* data, std::size_t n,
                                              const iotdb::ParserProfile& parser) {
    using iotdb_detail::cells_as;
    using iotdb_detail::load_be_array;
    switch (c.type) {
        case DataType::BOOLEAN: {
            std::vector<std::uint8_t>& v = cells_as<std::uint8_t>(c.cells);
            v.resize(n);
            // Errata 2. MUTANT iotdb_parse_boolean_any_nonzero: the legacy reader as TabletDecoder
            const bool only_0x01 = parser.boolean_true_only_0x01 && !tsc::mutant("iotdb_parse_boolean_any_nonzero");
            for (std::size_t row = 0; row < n; ++row) v[row] = only_0x01 ? data[row] == 1 : data[row] != 0;
            return;
        }
        case DataType::INT32: {
            std::vector<std::int32_t>& v = cells_as<std::int32_t>(c.cells);
            v.resize(n);
            load_be_array<kPortable>(reinterpret_cast<std::uint32_t*>(v.data()), data, n);
            return;
        }
        case DataType::INT64:
        case DataType::TIMESTAMP: {
            std::vector<std::int64_t>& v = cells_as<std::int64_t>(c.cells);
            v.resize(n);
            load_be_array<kPortable>(reinterpret_cast<std::uint64_t*>(v.data()), data, n);
            return;
        }
        case DataType::FLOAT: {
            std::vector<std::uint32_t>& v = cells_as<std::uint32_t>(c.cells);
            v.resize(n);
            load_be_array<kPortable>(v.data(), data, n);
            return;
        }
        case DataType::DOUBLE: {
            std::vector<std::uint64_t>& v = cells_as<std::uint64_t>(c.cells);
            v.resize(n);
            load_be_array<kPortable>(v.data(), data, n);
            return;
        }
        case DataType::DATE: {
            std::vector<iotdb::Date>& v = cells_as<iotdb::Date>(c.cells);
            v.resize(n);
            for (std::size_t row = 0; row < n; ++row)
                v[row] = iotdb_detail::split_date(
                    static_cast<std::int32_t>(iotdb_detail::load_be<kPortable, std::uint32_t>(data + 4 * row)));
            return;
        }
        default: {  // find_extents has checked every length
            std::vector<Bytes>& v = cells_as<Bytes>(c.cells);
            v.resize(n);
            // MUTANT iotdb_parse_binary_prefix_included: the copy starts at the length prefix
            const std::size_t skip = tsc::mutant("iotdb_parse_binary_prefix_included") ? 0 : 4;
            for (std::size_t row = 0; row < n; ++row) {
                const std::uint32_t len = iotdb_detail::load_be<kPortable, std::uint32_t>(data);
                v[row].assign(data + skip, data + skip + len);
                data += 4 + len;
            }
        }
    }
}

template <bool kPortable>
void IotdbTabletParser<kPortable>::fill_nulls(iotdb::Column& c, const std::uint8_t* bitmap, std::size_t n) {
    c.nulls.assign(n, 0);
    if (bitmap == nullptr) return;
    std::uint8_t* marks = c.nulls.data();
    const std::size_t whole = n / 8;
    for (std::size_t k = 0; k < whole; ++k) {
        // MUTANT iotdb_parse_bitmap_msb_first: row i read from bit 7-i
        const std::uint8_t b = tsc::mutant("iotdb_parse_bitmap_msb_first") ? iotdb_detail::reverse_bits(bitmap[k]) : bitmap[k];
        std::memcpy(marks + 8 * k, iotdb_detail::kExpand[b].data(), 8);
    }
    if constexpr (!tsc::mutant("iotdb_parse_bitmap_tail_ignored"))  // MUTANT: rows of the last byte not read
        for (std::size_t i = 0; i < n % 8; ++i) marks[8 * whole + i] = iotdb_detail::kExpand[bitmap[whole]][i];
    if constexpr (tsc::mutant("iotdb_parse_null_cells_kept")) {
        return;  // MUTANT iotdb_parse_null_cells_kept: the placeholder stays in a null cell
    }
    // A null cell holds the zero value (model.hpp, ParseOutcome).
    std::visit(
        [marks, n](auto& cells) {
            for (std::size_t row = 0; row < n; ++row)
                if (marks[row] != 0) cells[row] = {};
        },
        c.cells);
}

template <bool kPortable>
iotdb::ErrorClass IotdbTabletParser<kPortable>::parse(ByteView timestamps, ByteView values,
                                                      const iotdb::Schema& schema, const iotdb::ParserProfile& parser) {
    using iotdb::ErrorClass;
    consumed_ = 0;
    if (const ErrorClass e = check_schema(schema, parser); e != ErrorClass::ok) return e;
    const auto n = static_cast<std::size_t>(schema.row_count);
    // §2.2 before the values. MUTANT iotdb_parse_values_before_timestamps: the other order
    constexpr bool kValuesFirst = tsc::mutant("iotdb_parse_values_before_timestamps");
    ErrorClass e = kValuesFirst ? find_extents(values, schema) : ErrorClass::ok;
    if (e == ErrorClass::ok && timestamps.size() / 8 < n) e = ErrorClass::truncated_timestamps;
    if (e == ErrorClass::ok && !kValuesFirst) e = find_extents(values, schema);
    if (e != ErrorClass::ok) {
        consumed_ = 0;
        return e;
    }
    // Only now is storage sized: n <= timestamps.size()/8, and every column's cells are in `values`.
    tablet_.timestamps.resize(n);
    iotdb_detail::load_be_array<kPortable>(reinterpret_cast<std::uint64_t*>(tablet_.timestamps.data()),
                                           timestamps.data(), n);
    tablet_.columns.resize(schema.types.size());
    for (std::size_t j = 0; j < schema.types.size(); ++j) {
        iotdb::Column& c = tablet_.columns[j];
        c.type = schema.types[j];
        fill_cells(c, values.data() + extents_[j].data, n, parser);
        fill_nulls(c, extents_[j].bitmap == kNoBitmap ? nullptr : values.data() + extents_[j].bitmap, n);
    }
    return ErrorClass::ok;
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS
