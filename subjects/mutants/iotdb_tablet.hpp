// Code that only the seeded bugs of the iotdb_tablet family use (subjects/mutants/catalogue.json), kept
// out of the codec so that its files hold the rules and each bug is a short switch at its site.
//   - tsc::mutants: the historical or mistaken encodings themselves, plain functions (the tsfile_tablet
//     mutants use the date and text ones too);
//   - iotdb_mutants, in the subject's namespace: the bugs that are a profile rule or an error class read
//     wrong, applied to the profile or the result as a whole, so the serializer and parser keep no trace
//     of them; and the size-dependent steps of the fast paths (null scan, length prefix, bitmap packing,
//     scalar remainder), so that the codec files stay within their share of switches. In the normal build
//     each of these functions returns its argument.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "reference/iotdb_tablet/model.hpp"
#include "subjects/api/mutant.hpp"

namespace tsc::mutants {

// Days since 1970-01-01 of a proleptic Gregorian date: the DATE encoding of older Node serializers
// (tablets-and-bitmaps.md §2.7 item 7). Unsigned month and day, as the model's bytes are.
constexpr std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const std::int64_t yoe = y - era * 400;
    const std::int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

// UTF-8 characters of n bytes (every byte but a continuation byte starts one): a length prefix counted
// in characters rather than bytes.
inline std::uint32_t utf8_chars(const std::uint8_t* p, std::size_t n) {
    std::uint32_t chars = 0;
    for (std::size_t i = 0; i < n; ++i) chars += (p[i] & 0xC0u) != 0x80u;
    return chars;
}

// A value's bytes least significant first, one at a time: a "big-endian" store or load written backwards.
template <class U>
inline void store_le(std::uint8_t* p, U v) {
    for (unsigned i = 0; i < sizeof(U); ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
template <class U>
inline U load_le(const std::uint8_t* p) {
    U v = 0;
    for (unsigned i = 0; i < sizeof(U); ++i) v = static_cast<U>((v << 8) | p[sizeof(U) - 1 - i]);
    return v;
}

// The k < 8 bytes at p loaded as one 8-byte word and masked to them: a tail handled by the word loop, which
// reads up to 7 bytes past the end (the answer is right, so only a sanitizer sees it).
inline std::uint64_t tail_word(const std::uint8_t* p, std::size_t k) {
    if (k == 0) return 0;
    std::uint64_t w;
    std::memcpy(&w, p, sizeof w);
    const std::uint64_t first_k = std::endian::native == std::endian::little ? ~std::uint64_t{0} >> (64 - 8 * k)
                                                                              : ~std::uint64_t{0} << (64 - 8 * k);
    return w & first_k;
}

// A bitmap byte with row i at bit 7-i instead of bit i.
inline std::uint8_t reverse_bits(std::uint8_t b) {
    b = static_cast<std::uint8_t>((b & 0xF0u) >> 4 | (b & 0x0Fu) << 4);
    b = static_cast<std::uint8_t>((b & 0xCCu) >> 2 | (b & 0x33u) << 2);
    return static_cast<std::uint8_t>((b & 0xAAu) >> 1 | (b & 0x55u) << 1);
}

// An int64 written as two int32 halves with hi = trunc(v / 2^32) rather than floor, lo = v mod 2^32:
// wrong for a negative value whose low half is not zero. The 64 bits the two halves make.
inline std::uint64_t int64_hi_lo_truncating(std::int64_t v) {
    const auto hi = static_cast<std::uint32_t>(static_cast<std::int32_t>(v / 4294967296LL));
    const auto lo = static_cast<std::uint32_t>(static_cast<std::uint64_t>(v));
    return static_cast<std::uint64_t>(hi) << 32 | lo;
}

}  // namespace tsc::mutants

namespace tsc::subjects::TSC_SUBJECT_NS::iotdb_mutants {

// The serializer's profile as a mutant reads it (§2.6): a rule of one client applied to all, or dropped.
constexpr iotdb::Profile profile_as_read(iotdb::Profile p) {
    using namespace tsc::iotdb;
    if constexpr (mutant("iotdb_padding_for_every_profile")) p.padding = Padding::client_marks;  // Python, Node too
    if constexpr (mutant("iotdb_padding_marks_dropped")) p.padding = Padding::zero;  // client marks never sent
    if constexpr (mutant("iotdb_flag_counts_marks_everywhere")) p.flag = FlagRule::any_mark;  // Java as C++ and Go
    if constexpr (mutant("iotdb_marks_past_n_ignored")) p.flag = FlagRule::null_in_rows;  // C++ and Go as Java
    if constexpr (mutant("iotdb_section_always")) p.section = SectionRule::always;  // the section always sent
    if constexpr (mutant("iotdb_node_bitmap_ceil")) p.bitmap_length = BitmapLength::ceil_n_div_8;  // ceil(n/8) for all
    if constexpr (mutant("iotdb_node_bitmap_plus_one")) p.bitmap_length = BitmapLength::n_div_8_plus_1;  // Node too
    if constexpr (mutant("iotdb_node_f32_nan_not_quieted")) p.float_nan = FloatNanRule::raw;  // raw f32 NaN bits
    if constexpr (mutant("iotdb_node_timestamps_exact")) p.timestamps = TimestampRule::exact;  // i64 not rounded
    if constexpr (mutant("iotdb_node_date_calendar_unchecked")) {
        if (p.dates == DateRule::calendar_checked) p.dates = DateRule::year_checked;  // 20230229 accepted
    }
    if constexpr (mutant("iotdb_node_date_number_checked")) {
        if (p.dates == DateRule::js_number) p.dates = DateRule::calendar_checked;  // a later client's check
    }
    if constexpr (mutant("iotdb_go_date_not_normalised")) {
        if (p.dates == DateRule::normalised) p.dates = DateRule::year_checked;  // C++'s rule for Go
    }
    if constexpr (mutant("iotdb_node_object_accepted")) p.writes_object = true;  // OBJECT written like BLOB
    return p;
}

// The placeholder rule a mutant applies to a null cell of a column of type t (§2.6): the model's slot sent
// as it is (the cell not patched), or another client's placeholder.
constexpr iotdb::Placeholders placeholders_as_read(DataType t, iotdb::Placeholders p) {
    using iotdb::Placeholders;
    const bool fixed_width = t == DataType::BOOLEAN || t == DataType::INT32 || t == DataType::INT64 ||
                             t == DataType::TIMESTAMP || t == DataType::FLOAT || t == DataType::DOUBLE;
    const bool binary = !fixed_width && t != DataType::DATE;
    const bool cpp = p == Placeholders::cpp_sentinels;
    if constexpr (mutant("iotdb_null_placeholder_skipped")) {
        if (fixed_width) return Placeholders::slot_values;  // null cells of every type but DATE never patched
    }
    if constexpr (mutant("iotdb_boolean_null_sends_slot")) {
        if (t == DataType::BOOLEAN) return Placeholders::slot_values;  // null BOOLEAN cells not patched
    }
    if constexpr (mutant("iotdb_binary_null_sends_slot")) {
        if (binary) return Placeholders::slot_values;  // a null binary cell sends the slot's bytes
    }
    if constexpr (mutant("iotdb_cpp_float_sentinels_as_java")) {
        // C++ with Java's Float/Double.MIN_VALUE
        if (cpp && (t == DataType::FLOAT || t == DataType::DOUBLE)) return Placeholders::java_sentinels;
    }
    if constexpr (mutant("iotdb_date_null_zero")) {
        if (cpp && t == DataType::DATE) return Placeholders::zeros;  // C++ DATE null as 0
    }
    return p;
}

// The size-dependent steps of the serializer's and the parser's fast paths as a mutant takes them: the
// answer of the null-mark scan, the length prefix of a cell, the group of eight marks a bitmap byte is packed
// from, where the scalar byte-reversing loop stops after the AVX2 blocks.

// Whether n null marks hold one, as a mutant's scan finds it (`found`, the subject's answer, otherwise).
inline bool null_scan(bool found, const std::uint8_t* marks, std::size_t n) {
    if constexpr (mutant("iotdb_null_scan_last_word_skipped")) {
        // (n - 1) / 8 whole words, leaving the partial one to the byte loop, but the byte loop starts at
        // n - n % 8: when n is a multiple of 8 the last whole word is never scanned
        if (n == 0) return false;
        bool any = false;
        for (std::size_t k = 0; k < (n - 1) / 8 * 8; ++k) any = any || marks[k] != 0;
        for (std::size_t k = n - n % 8; k < n; ++k) any = any || marks[k] != 0;
        return any;
    }
    return found;
}

// The length prefix of a cell of len bytes.
constexpr std::uint32_t length_prefix(std::size_t len) {
    // MUTANT iotdb_length_prefix_8_bit: the length kept in a byte, so 256+ bytes wrap
    if constexpr (mutant("iotdb_length_prefix_8_bit")) return static_cast<std::uint8_t>(len);
    return static_cast<std::uint32_t>(len);
}

// The group of eight null marks that bitmap byte k is packed from.
constexpr std::size_t marks_group(std::size_t k) {
    // MUTANT iotdb_bitmap_pack_second_word: packing 64 rows (8 bitmap bytes) a step, the marks advance 8 rows
    // per step instead of 64, so every byte from the second 8-byte word on comes from the wrong rows
    if constexpr (mutant("iotdb_bitmap_pack_second_word")) return k / 8 + k % 8;
    return k;
}

// Where the scalar loop stops after the AVX2 blocks did `done` of n values.
constexpr std::size_t scalar_swap_end(std::size_t n, std::size_t done) {
    // MUTANT iotdb_swap_tail_one_short: after at least one AVX2 block the remainder loop stops one value short
    if constexpr (mutant("iotdb_swap_tail_one_short")) return done != 0 && n > done ? n - 1 : n;
    return n;
}

// The server reader as a mutant reads it (Errata 2): TabletDecoder given the legacy reader's rules.
constexpr iotdb::ParserProfile parser_as_read(iotdb::ParserProfile p) {
    if constexpr (mutant("iotdb_parse_boolean_any_nonzero")) p.boolean_true_only_0x01 = false;  // any non-zero
    if constexpr (mutant("iotdb_parse_object_accepted")) p.reads_object = true;  // OBJECT read like BLOB
    return p;
}

// The serializer's error class as a mutant reports it.
constexpr iotdb::ErrorClass serializer_error(iotdb::ErrorClass e) {
    using iotdb::ErrorClass;
    if constexpr (tsc::mutant("iotdb_unsupported_type_as_inconsistent")) {
        if (e == ErrorClass::unsupported_type) return ErrorClass::inconsistent_tablet;
    }
    return e;
}

// The parser's error class as a mutant reports it: a neighbouring class for one kind of truncation, or the
// class a check it skips leads to.
constexpr iotdb::ErrorClass parser_error(iotdb::ErrorClass e) {
    using iotdb::ErrorClass;
    if constexpr (tsc::mutant("iotdb_parse_truncated_column_as_value")) {
        if (e == ErrorClass::truncated_column) return ErrorClass::truncated_value;
    }
    if constexpr (tsc::mutant("iotdb_parse_short_length_as_truncated_value")) {
        if (e == ErrorClass::truncated_length) return ErrorClass::truncated_value;
    }
    if constexpr (tsc::mutant("iotdb_parse_truncated_bitmap_as_flag")) {
        if (e == ErrorClass::truncated_bitmap) return ErrorClass::truncated_bitmap_flag;
    }
    if constexpr (tsc::mutant("iotdb_parse_row_count_unchecked")) {
        // n = 2^64 - |rowSize| timestamps are never there
        if (e == ErrorClass::negative_row_count) return ErrorClass::truncated_timestamps;
    }
    return e;
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS::iotdb_mutants
