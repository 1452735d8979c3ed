// The optimized IoTDB insertTablet serializer (tablets-and-bitmaps.md §1–2, §2.6), in the spirit of a Node.js
// client's serializeTabletValuesFast: single pass, single buffer.
//
// A subject: it shares only the model types with the reference, never its logic. Everything lives in
// namespace tsc::subjects::TSC_SUBJECT_NS so that a mutant build (subjects/api/mutant.hpp) compiles this same
// source into a namespace of its own. `MUTANT name` comments mark the seeded bugs of
// subjects/mutants/catalogue.json; in the normal build every such switch is false at compile time. The bugs
// that misread a profile or placeholder rule, or report the wrong error class, are applied whole in
// subjects/mutants/iotdb_tablet.hpp.
//
// Serializer
//   - the exact size first: fixed widths from the schema, one length scan for variable-width columns, one
//     word-at-a-time scan of each column's null marks; then one allocation, reused across calls;
//   - timestamps and fixed-width columns are written as whole arrays by byte-reversing copies (columns.hpp);
//     null cells are then patched with the profile's placeholder (only in columns that have nulls);
//   - variable-width cells are a length store and a copy; a cell equal to the previous one (a constant TAG
//     column) is copied from the previous cell's output, length included, as one block;
//   - null bitmaps are packed eight marks at a time (one 8-byte load, a SWAR non-zero test, one multiply);
//   - what a profile does to a value before writing it (Node's timestamps as doubles and quieted f32 NaNs,
//     Node's calendar check, Go's date normalisation) costs only the profiles that have it: one pass over
//     the timestamps or the FLOAT cells, and std::chrono for dates.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "reference/iotdb_tablet/model.hpp"
#include "subjects/api/mutant.hpp"
#include "subjects/fast/common/grow_buffer.hpp"
#include "subjects/fast/common/inline.hpp"
#include "subjects/fast/iotdb_tablet/columns.hpp"
#include "subjects/fast/iotdb_tablet/thresholds.hpp"
#include "subjects/mutants/iotdb_tablet.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {

namespace iotdb_detail {

inline constexpr std::size_t kRowsPerByte = thresholds::iotdb_tablet::kRowsPerBitmapByte;

// Any non-zero byte, a word at a time (the OR of whole words does not depend on byte order).
inline bool any_nonzero(const std::uint8_t* p, std::size_t n) {
    constexpr std::size_t kWord = thresholds::iotdb_tablet::kNullScanWordBytes;
    static_assert(kWord == sizeof(std::uint64_t));
    std::uint64_t acc = 0;
    std::size_t k = 0;
    for (; k + kWord <= n; k += kWord) {
        std::uint64_t w;
        std::memcpy(&w, p + k, kWord);
        acc |= w;
    }
    // MUTANT iotdb_null_scan_tail_word_overread: the last n % 8 marks loaded as a whole word, then masked
    if constexpr (mutant("iotdb_null_scan_tail_word_overread")) return (acc | tsc::mutants::tail_word(p + k, n - k)) != 0;
    for (; k < n; ++k) acc |= p[k];
    return acc != 0;
}

// Eight bytes with byte i at bits 8i..8i+7, whatever the host order.
template <bool kPortable>
TSC_FAST_INLINE std::uint64_t load_le64(const std::uint8_t* p) {
    if constexpr (kPortable) {
        std::uint64_t v = 0;
        for (unsigned i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
        return v;
    } else {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        if constexpr (!kLittleHost) {
            // MUTANT iotdb_big_endian_marks_unswapped: the swap is forgotten (a big-endian host only)
            if constexpr (!mutant("iotdb_big_endian_marks_unswapped")) v = common::byte_reversed(v);
        }
        return v;
    }
}

// §1.2 puts row i at bit i (LSB first).
TSC_FAST_INLINE std::uint8_t bit_order(std::uint8_t byte) {
    if constexpr (mutant("iotdb_bitmap_msb_first")) {
        return tsc::mutants::reverse_bits(byte);  // MUTANT iotdb_bitmap_msb_first: row i at bit 7-i
    } else {
        return byte;
    }
}

// Eight null marks (any non-zero byte is a mark) to one bitmap byte, row i at bit i: the SWAR test moves
// "byte i is non-zero" to bit 8i+7, and the multiply gathers bits 8i into bits 56+i without carries.
template <bool kPortable>
TSC_FAST_INLINE std::uint8_t pack8(const std::uint8_t* marks) {
    static_assert(kRowsPerByte == 8);
    const std::uint64_t x = load_le64<kPortable>(marks);
    constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full;
    std::uint64_t nonzero = (((x & kLow7) + kLow7) | x) & ~kLow7;
    // MUTANT iotdb_null_mark_bit0_only: only a mark byte with bit 0 set counts
    if constexpr (mutant("iotdb_null_mark_bit0_only")) nonzero = (x & 0x0101010101010101ull) << 7;
    return bit_order(static_cast<std::uint8_t>(((nonzero >> 7) * 0x0102040810204080ull) >> 56));
}

// The last, partial bitmap byte: rows 8·(n/8) .. n-1.
TSC_FAST_INLINE std::uint8_t pack_tail(const std::uint8_t* marks, std::size_t count) {
    unsigned byte = 0;
    for (std::size_t i = 0; i < count; ++i) {
        if constexpr (mutant("iotdb_null_mark_bit0_only")) {
            byte |= (marks[i] & 1u) << i;  // MUTANT iotdb_null_mark_bit0_only
        } else {
            byte |= (marks[i] != 0 ? 1u : 0u) << i;
        }
    }
    return bit_order(static_cast<std::uint8_t>(byte));
}

// §2.6 placeholders of the fixed-width types, as the values whose big-endian bytes they are; rows are
// Placeholders::java_sentinels, cpp_sentinels, zeros (slot_values never uses the table).
// Columns: BOOLEAN, INT32, INT64 (and TIMESTAMP), FLOAT, DOUBLE, DATE.
inline constexpr std::uint64_t kNullBits[3][6] = {
    {0, 0x80000000u, 0x8000000000000000u, 0x00000001u, 0x0000000000000001u, 10000101},
    {0, 0x80000000u, 0x8000000000000000u, 0x00800000u, 0x0010000000000000u, 10000101},
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

// node.timestamps_js_number: the timestamp as the double a JS number holds, back as an i64; false for 2^63.
inline bool js_number(std::int64_t v, std::int64_t& out) {
    constexpr std::int64_t kExact = (std::int64_t{1} << 53) - 1;
    if (v >= -kExact && v <= kExact) {
        out = v;
        return true;
    }
    const auto d = static_cast<double>(v);  // round to nearest, ties to even
    // MUTANT iotdb_node_timestamp_2p63_wrapped: 2^63 not rejected, wrapped to Long.MIN_VALUE
    if (d >= 9223372036854775808.0) {
        if constexpr (!mutant("iotdb_node_timestamp_2p63_wrapped")) return false;
        out = INT64_MIN;
        return true;
    }
    out = static_cast<std::int64_t>(d);
    return true;
}

// node-f0b76ed8.date_calendar: a real calendar date (the year range is checked before).
inline bool calendar_date(const iotdb::Date& d) {
    namespace chr = std::chrono;
    return chr::year_month_day{chr::year{d.year}, chr::month{d.month}, chr::day{d.day}}.ok();
}

// go.date_normalised: time.Date's carry of month and day, through std::chrono; nullopt when the year it
// lands in is outside 1000–9999. Month and day are at most 255, so a year outside 978–10000 stays outside.
inline std::optional<std::uint32_t> normalised_date(const iotdb::Date& d) {
    namespace chr = std::chrono;
    if (d.year < 978 || d.year > 10000) return std::nullopt;
    const chr::year_month ym = chr::year{d.year} / chr::January + chr::months{static_cast<int>(d.month) - 1};
    const chr::year_month_day ymd{chr::sys_days{ym / chr::day{1}} + chr::days{static_cast<int>(d.day) - 1}};
    const int year = static_cast<int>(ymd.year());
    if (year < 1000 || year > 9999) return std::nullopt;
    return static_cast<std::uint32_t>(year) * 10000u + static_cast<unsigned>(ymd.month()) * 100u +
           static_cast<unsigned>(ymd.day());
}

}  // namespace iotdb_detail

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
    iotdb::ErrorClass write_timestamps(std::uint8_t* out, const std::vector<std::int64_t>& ts, const iotdb::Profile& p);
    void quiet_float_nans(std::uint8_t* out, const std::uint32_t* cells, const std::uint8_t* nulls, std::size_t n);
    std::uint8_t* write_column(std::uint8_t* o, const iotdb::Column& c, bool has_null, const iotdb::Profile& p,
                               iotdb::ErrorClass& error);
    std::uint8_t* write_dates(std::uint8_t* o, const iotdb::Column& c, bool slots, std::uint32_t null_value,
                              iotdb::DateRule rule, iotdb::ErrorClass& error);
    std::uint8_t* write_binaries(std::uint8_t* o, const iotdb::Column& c, bool slots);
    std::uint8_t* write_bitmap(std::uint8_t* o, const iotdb::Column& c, std::uint8_t padding);

    common::GrowBuffer<> out_;
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
    // MUTANT iotdb_shape_unchecked: n taken from the timestamps, one cell and mark per row assumed;
    // MUTANT iotdb_client_columns_unchecked: extra client entries are ignored
    constexpr bool kShapeUnchecked = mutant("iotdb_shape_unchecked");
    constexpr bool kClientColumnsUnchecked = mutant("iotdb_client_columns_unchecked");
    const std::size_t n = t.row_count();
    for (const iotdb::Column& c : t.columns)
        if (!iotdb::cells_index(c.type)) return ErrorClass::unsupported_type;
    for (const iotdb::Column& c : t.columns) {
        const std::size_t cells = std::visit([](const auto& v) { return v.size(); }, c.cells);
        if (c.cells.index() != *iotdb::cells_index(c.type)) return ErrorClass::inconsistent_tablet;
        if (!kShapeUnchecked && (cells != n || c.nulls.size() != n)) return ErrorClass::inconsistent_tablet;
    }
    if (!kClientColumnsUnchecked && !s.columns.empty() && s.columns.size() != t.columns.size())
        return ErrorClass::inconsistent_tablet;
    return ErrorClass::ok;
}

// The exact size, each column's flag and padding, and whether the section is sent (§2.6).
template <bool kPortable>
void IotdbTabletSerializer<kPortable>::plan(const iotdb::Tablet& t, const iotdb::ClientState& s,
                                            const iotdb::Profile& profile) {
    // MUTANT iotdb_padding_marks_unmasked: all eight bits of the last byte taken as padding;
    // MUTANT iotdb_flag_without_nulls: flag 1 for every column;
    // MUTANT iotdb_section_ignores_allocated_bitmaps, iotdb_section_ignores_marks: a term of the rule forgotten
    constexpr bool kPaddingUnmasked = mutant("iotdb_padding_marks_unmasked");
    constexpr bool kFlagAlways = mutant("iotdb_flag_without_nulls");
    constexpr bool kSectionIgnoresAllocated = mutant("iotdb_section_ignores_allocated_bitmaps");
    constexpr bool kSectionIgnoresMarks = mutant("iotdb_section_ignores_marks");
    const iotdb::Profile p = iotdb_mutants::profile_as_read(profile);
    const std::size_t n = t.row_count();
    // Bits of byte n/8 that are rows >= n.
    const auto padding_mask = static_cast<std::uint8_t>(kPaddingUnmasked ? 0xFFu : 0xFFu << (n & 7));
    const bool client_padding = p.padding == iotdb::Padding::client_marks && !s.columns.empty();
    const bool flag_counts_marks = p.flag == iotdb::FlagRule::any_mark;
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
            const bool slots = iotdb_mutants::placeholders_as_read(c.type, p.placeholders) ==
                               iotdb::Placeholders::slot_values;
            const BinaryCells& cells = std::get<BinaryCells>(c.cells);
            size += 4 * n;
            for (std::size_t row = 0; row < n; ++row)
                if (slots || c.nulls[row] == 0) size += cells[row].size();
        }
        const bool has_null = iotdb_mutants::null_scan(iotdb_detail::any_nonzero(c.nulls.data(), n), c.nulls.data(), n);
        const iotdb::ColumnBitmapState marks = s.columns.empty() ? iotdb::ColumnBitmapState{} : s.columns[j];
        const bool marked = (marks.padding_marks & padding_mask) != 0 || marks.marked_past_last_byte;
        const bool flag = kFlagAlways || has_null || (flag_counts_marks && marked);
        plan_[j] = ColumnPlan{has_null, flag,
                              static_cast<std::uint8_t>(client_padding ? marks.padding_marks & padding_mask : 0)};
        flagged += flag;
        any_null = any_null || has_null;
        any_mark = any_mark || marked;
    }
    switch (p.section) {
        case iotdb::SectionRule::always: section_ = true; break;
        case iotdb::SectionRule::if_bitmaps_exist:
            section_ = (!kSectionIgnoresAllocated && s.bitmaps_allocated) || any_null ||
                       (!kSectionIgnoresMarks && any_mark);
            break;
        case iotdb::SectionRule::if_any_null: section_ = any_null; break;
    }
    const bool ceil = p.bitmap_length == iotdb::BitmapLength::ceil_n_div_8;
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
    if constexpr (mutant("iotdb_int64_hi_lo_split_negative")) {
        // MUTANT iotdb_int64_hi_lo_split_negative: written as two int32 halves, hi truncated
        for (std::size_t k = 0; k < n; ++k)
            iotdb_detail::store_be<kPortable>(out + 8 * k, tsc::mutants::int64_hi_lo_truncating(v[k]));
    } else if constexpr (mutant("iotdb_timestamp_host_order")) {
        if (host_order && n != 0) {
            std::memcpy(out, v, 8 * n);  // MUTANT iotdb_timestamp_host_order: TIMESTAMP cells in host byte order
        } else {
            iotdb_detail::store_be_array<kPortable>(out, reinterpret_cast<const std::uint64_t*>(v), n);
        }
    } else {
        (void)host_order;
        iotdb_detail::store_be_array<kPortable>(out, reinterpret_cast<const std::uint64_t*>(v), n);
    }
}

// The timestamps as the profile writes them: as they are, or (Node) as JS numbers, which only costs a pass
// when some timestamp is beyond 2^53 - 1.
template <bool kPortable>
iotdb::ErrorClass IotdbTabletSerializer<kPortable>::write_timestamps(std::uint8_t* out, const std::vector<std::int64_t>& ts,
                                                                     const iotdb::Profile& p) {
    write_int64s(out, ts.data(), ts.size(), false);
    if (p.timestamps != iotdb::TimestampRule::js_number) return iotdb::ErrorClass::ok;
    for (std::size_t i = 0; i < ts.size(); ++i) {
        std::int64_t written = 0;
        if (!iotdb_detail::js_number(ts[i], written)) return iotdb::ErrorClass::timestamp_out_of_range;
        if (written != ts[i]) iotdb_detail::store_be<kPortable>(out + 8 * i, static_cast<std::uint64_t>(written));
    }
    return iotdb::ErrorClass::ok;
}

// node.float_nan_quieted: the signalling NaNs of a FLOAT column already written, patched with the quiet bit
// (a null cell keeps its placeholder).
template <bool kPortable>
void IotdbTabletSerializer<kPortable>::quiet_float_nans(std::uint8_t* out, const std::uint32_t* cells,
                                                        const std::uint8_t* nulls, std::size_t n) {
    for (std::size_t row = 0; row < n; ++row) {
        const std::uint32_t bits = cells[row];
        if (nulls[row] == 0 && (bits & 0x7FC00000u) == 0x7F800000u && (bits & 0x003FFFFFu) != 0)
            iotdb_detail::store_be<kPortable>(out + 4 * row, bits | 0x00400000u);
    }
}

template <bool kPortable>
std::uint8_t* IotdbTabletSerializer<kPortable>::write_column(std::uint8_t* o, const iotdb::Column& c, bool has_null,
                                                             const iotdb::Profile& p, iotdb::ErrorClass& error) {
    // MUTANT iotdb_boolean_raw_byte: the model's BOOLEAN byte as it is
    constexpr bool kRawBooleans = mutant("iotdb_boolean_raw_byte");
    using iotdb_detail::store_be;
    const std::size_t n = c.nulls.size();
    const std::uint8_t* nulls = c.nulls.data();
    const iotdb::Placeholders placeholders = iotdb_mutants::placeholders_as_read(c.type, p.placeholders);
    const bool slots = placeholders == iotdb::Placeholders::slot_values;
    // Columns without nulls, and Go's slot values, are written as they are; otherwise null cells are patched.
    const bool patch = has_null && !slots;
    const std::uint64_t null_value = slots ? 0 : iotdb_detail::null_bits(c.type, placeholders);
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
    // A fixed-width column: one byte-reversing copy, then its null cells patched.
    auto write_fixed = [&](const auto* cells) {
        constexpr unsigned kWidth = sizeof(*cells);
        iotdb_detail::store_be_array<kPortable>(o, cells, n);
        patch_nulls(kWidth);
        return o + kWidth * n;
    };
    switch (c.type) {
        case DataType::BOOLEAN: {
            const std::uint8_t* v = std::get<std::vector<std::uint8_t>>(c.cells).data();
            for (std::size_t row = 0; row < n; ++row)
                o[row] = kRawBooleans ? v[row] : static_cast<std::uint8_t>(v[row] != 0 && !(patch && nulls[row] != 0));
            return o + n;
        }
        case DataType::INT32:
            return write_fixed(reinterpret_cast<const std::uint32_t*>(std::get<std::vector<std::int32_t>>(c.cells).data()));
        case DataType::FLOAT: {
            const std::uint32_t* cells = std::get<std::vector<std::uint32_t>>(c.cells).data();
            std::uint8_t* end = write_fixed(cells);
            if (p.float_nan == iotdb::FloatNanRule::quieted) quiet_float_nans(o, cells, nulls, n);
            return end;
        }
        case DataType::INT64:
        case DataType::TIMESTAMP:
            write_int64s(o, std::get<std::vector<std::int64_t>>(c.cells).data(), n, c.type == DataType::TIMESTAMP);
            patch_nulls(8);
            return o + 8 * n;
        case DataType::DOUBLE: return write_fixed(std::get<std::vector<std::uint64_t>>(c.cells).data());
        case DataType::DATE: return write_dates(o, c, slots, static_cast<std::uint32_t>(null_value), p.dates, error);
        case DataType::OBJECT:
            if (!p.writes_object) {
                error = iotdb::ErrorClass::unsupported_type;  // node.object_rejected
                return o;
            }
            return write_binaries(o, c, slots);
        default: return write_binaries(o, c, slots);
    }
}

template <bool kPortable>
std::uint8_t* IotdbTabletSerializer<kPortable>::write_dates(std::uint8_t* o, const iotdb::Column& c, bool slots,
                                                            std::uint32_t null_value, iotdb::DateRule rule,
                                                            iotdb::ErrorClass& error) {
    // MUTANT iotdb_date_year_10000_accepted: only year < 1000 is rejected, as DateUtils versions other than
    // a9f54614 do; MUTANT iotdb_date_slot_checked: a Go slot is range-checked too
    constexpr bool kYear10000Accepted = mutant("iotdb_date_year_10000_accepted");
    constexpr bool kSlotChecked = mutant("iotdb_date_slot_checked");
    const std::size_t n = c.nulls.size();
    const iotdb::Date* dates = std::get<std::vector<iotdb::Date>>(c.cells).data();
    // Errata 7: years 1000–9999, as one unsigned compare.
    const std::uint32_t year_span = kYear10000Accepted ? 0x7FFFFFFFu : 8999u;
    for (std::size_t row = 0; row < n; ++row) {
        const iotdb::Date& d = dates[row];
        // yyyyMMdd in unsigned arithmetic: a Go slot holds anything and wraps as an i32 would (§2.6).
        std::uint32_t packed = static_cast<std::uint32_t>(d.year) * 10000u + d.month * 100u + d.day;
        if (c.nulls[row] == 0 && rule == iotdb::DateRule::normalised) {
            const std::optional<std::uint32_t> normalised = iotdb_detail::normalised_date(d);
            if (!normalised) {
                error = iotdb::ErrorClass::date_out_of_range;
                return o;
            }
            packed = *normalised;
        } else if (c.nulls[row] == 0 && rule == iotdb::DateRule::js_number) {
            // node.date_number: any yyyyMMdd number writeInt32BE takes
            const std::int64_t number = std::int64_t{d.year} * 10000 + d.month * 100 + d.day;
            if (number != static_cast<std::int32_t>(number)) {
                error = iotdb::ErrorClass::date_out_of_range;
                return o;
            }
        } else if (c.nulls[row] == 0 || (kSlotChecked && slots)) {
            const bool calendar = rule != iotdb::DateRule::calendar_checked || iotdb_detail::calendar_date(d);
            if (static_cast<std::uint32_t>(d.year) - 1000u > year_span || d.month > 99 || d.day > 99 || !calendar) {
                error = iotdb::ErrorClass::date_out_of_range;
                return o;
            }
            // MUTANT iotdb_date_days_since_epoch: the days since 1970-01-01 of older Node serializers (§2.7 item 7)
            if constexpr (mutant("iotdb_date_days_since_epoch"))
                packed = static_cast<std::uint32_t>(tsc::mutants::days_from_civil(d.year, d.month, d.day));
        }
        if (c.nulls[row] != 0 && !slots) packed = null_value;
        iotdb_detail::store_be<kPortable>(o + 4 * row, packed);
    }
    return o + 4 * n;
}

template <bool kPortable>
std::uint8_t* IotdbTabletSerializer<kPortable>::write_binaries(std::uint8_t* o, const iotdb::Column& c, bool slots) {
    // MUTANT iotdb_stale_string_cache: any cell of the previous cell's length hits the cache;
    // MUTANT iotdb_string_cache_first_32_bytes: only the first 32 bytes (one AVX2 register) are compared
    constexpr bool kStaleCache = mutant("iotdb_stale_string_cache");
    constexpr std::size_t kCompared = mutant("iotdb_string_cache_first_32_bytes") ? 32 : SIZE_MAX;
    const std::size_t n = c.nulls.size();
    const BinaryCells& cells = std::get<BinaryCells>(c.cells);
    // A one-entry cache: the previous cell's source and output.
    const std::uint8_t* last_src = nullptr;
    const std::uint8_t* last_out = nullptr;
    std::size_t last_len = 0;
    for (std::size_t row = 0; row < n; ++row) {
        if (c.nulls[row] != 0 && !slots) {
            iotdb_detail::store_be<kPortable>(o, std::uint32_t{0});  // §2.6: a null binary is empty
            o += 4;
            continue;
        }
        const ByteView b = cells[row];
        const std::size_t len = b.size();
        const bool same = last_out != nullptr && len == last_len &&
                          (kStaleCache || len == 0 || std::memcmp(b.data(), last_src, std::min(len, kCompared)) == 0);
        if (same) {
            std::memcpy(o, last_out, 4 + len);
        } else {
            std::uint32_t prefix = iotdb_mutants::length_prefix(len);
            if constexpr (mutant("iotdb_text_length_in_chars")) {
                // MUTANT iotdb_text_length_in_chars: TEXT/STRING length in UTF-8 characters, not bytes
                if (c.type == DataType::TEXT || c.type == DataType::STRING) prefix = tsc::mutants::utf8_chars(b.data(), len);
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
    constexpr std::size_t kRows = iotdb_detail::kRowsPerByte;
    const std::size_t n = c.nulls.size();
    const std::uint8_t* marks = c.nulls.data();
    const std::size_t whole = n / kRows;
    for (std::size_t k = 0; k < whole; ++k)
        o[k] = iotdb_detail::pack8<kPortable>(marks + kRows * iotdb_mutants::marks_group(k));
    if (bitmap_bytes_ > whole) {
        std::uint8_t tail = iotdb_detail::pack_tail(marks + kRows * whole, n % kRows);
        if constexpr (mutant("iotdb_bitmap_tail_zero")) tail = 0;  // MUTANT: the partial last byte loses its rows
        o[whole] = static_cast<std::uint8_t>(tail | padding);
    }
    return o + bitmap_bytes_;
}

template <bool kPortable>
iotdb::ErrorClass IotdbTabletSerializer<kPortable>::serialize(const iotdb::Tablet& t, const iotdb::ClientState& s,
                                                               const iotdb::Profile& p) {
    ts_size_ = values_size_ = 0;
    if (const iotdb::ErrorClass e = check(t, s); e != iotdb::ErrorClass::ok) return iotdb_mutants::serializer_error(e);
    const iotdb::Profile q = iotdb_mutants::profile_as_read(p);
    plan(t, s, q);
    const std::size_t n = t.row_count();
    std::uint8_t* o = out_.data();
    iotdb::ErrorClass error = write_timestamps(o, t.timestamps, q);  // §2.2
    o += 8 * n;
    for (std::size_t j = 0; j < t.columns.size() && error == iotdb::ErrorClass::ok; ++j)
        o = write_column(o, t.columns[j], plan_[j].has_null, q, error);
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

}  // namespace tsc::subjects::TSC_SUBJECT_NS
