// The optimized TsFile Tablet codec (tablets-and-bitmaps.md §3, §1.1, §1.2, Errata 1, 7, 8), in the
// shape of apache/tsfile PR #1101 (seed 003): serialized_size() computes the exact size, then
// serialize writes into the caller's buffer at the caller's position in one pass.
//
// A subject: it shares only the model types with the reference, never its logic. Everything lives
// in namespace tsc::subjects::TSC_SUBJECT_NS so that a mutant build (subjects/api/mutant.hpp)
// compiles this same source into a namespace of its own.
//
// kPortable = false: native-endian fast paths. Multi-byte arrays (timestamps, INT32/INT64/FLOAT/
// DOUBLE/DATE columns) are stored and loaded as whole words with one byte swap each on
// little-endian hosts (loops the compiler vectorizes), and with a plain memcpy on big-endian hosts.
// kPortable = true: those paths are compiled out and every multi-byte value is split or assembled
// one byte at a time by shifts, so both variants are compared on every host.
//
// Serializer
//   - size(): one pass over the tablet that validates it in Java's order of evaluation (the first
//     condition Tablet.serialize would throw on gives the error class) and sums the exact size;
//     fixed-width columns cost O(1), bitmaps a word-at-a-time scan for a mark below rowSize, whose
//     answer is kept for write();
//   - write(): one pass, no intermediate buffer, no per-value allocation; NaNs canonicalized by a
//     branch-free select inside the byte-swap loop; BOOLEAN normalized to 0/1 without branches;
//     binary cells keep a one-entry cache of the last cell's encoding, because TAG and ATTRIBUTE
//     columns repeat one value on every row of a device's tablet.
// Deserializer
//   - every section checks that the input holds what it declares before any storage is sized from a
//     declared count: rowSize × width for fixed-width columns, one byte per cell for BOOLEAN and
//     binary columns, one byte per schema or bitmap entry; so storage never outgrows the input;
//   - fixed-width columns are bulk loads with one byte swap per value;
//   - error classes follow Java's order of reading exactly (a DATE column cut short reports an
//     invalid date that comes before the cut, as a value-at-a-time reader would).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "reference/tsfile_tablet/model.hpp"
#include "subjects/api/mutant.hpp"
#include "subjects/fast/lane_swap.hpp"
#include "subjects/api/tsfile_tablet.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {

namespace tsfile_detail {

namespace ts = tsc::tsfile;
using ts::ErrorClass;

static_assert(std::endian::native == std::endian::little || std::endian::native == std::endian::big,
              "mixed-endian hosts are not supported");

inline constexpr bool kBigHost = std::endian::native == std::endian::big;

// ---- big-endian words ---------------------------------------------------------------------------

template <bool kPortable, class U>
inline U to_wire(U v) {  // host word → the word whose memory image is big-endian
    static_assert(sizeof(U) == 4 || sizeof(U) == 8);
    if constexpr (kBigHost) {
        if constexpr (tsc::mutant("tsfile_big_endian_swapped")) {
            // MUTANT tsfile_big_endian_swapped: the big-endian native path swaps anyway
            return sizeof(U) == 4 ? static_cast<U>(__builtin_bswap32(static_cast<std::uint32_t>(v)))
                                  : static_cast<U>(__builtin_bswap64(static_cast<std::uint64_t>(v)));
        }
        return v;
    } else if constexpr (sizeof(U) == 4) {
        return static_cast<U>(__builtin_bswap32(static_cast<std::uint32_t>(v)));
    } else {
        return static_cast<U>(__builtin_bswap64(static_cast<std::uint64_t>(v)));
    }
}

template <bool kPortable, class U>
inline void store_be(std::uint8_t* p, U v) {
    if constexpr (kPortable) {
        for (unsigned i = 0; i < sizeof(U); ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * (sizeof(U) - 1 - i)));
    } else {
        v = to_wire<kPortable>(v);
        std::memcpy(p, &v, sizeof(U));
    }
}

template <bool kPortable, class U>
inline U load_be(const std::uint8_t* p) {
    if constexpr (kPortable) {
        U v = 0;
        for (unsigned i = 0; i < sizeof(U); ++i) v = static_cast<U>((v << 8) | p[i]);
        return v;
    } else {
        U v;
        std::memcpy(&v, p, sizeof(U));
        return to_wire<kPortable>(v);  // a byte swap is its own inverse
    }
}

// Float.floatToIntBits / Double.doubleToLongBits: every NaN to the canonical one, branch-free.
inline std::uint32_t canonical_nan(std::uint32_t b) {
    if constexpr (tsc::mutant("tsfile_nan_not_canonicalized")) {
        return b;  // MUTANT tsfile_nan_not_canonicalized: raw NaN bits, as ByteBuffer.putFloat
    } else {
        return (b & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : b;
    }
}
inline std::uint64_t canonical_nan(std::uint64_t b) {
    if constexpr (tsc::mutant("tsfile_nan_not_canonicalized")) {
        return b;
    } else {
        return (b & 0x7fffffffffffffffu) > 0x7ff0000000000000u ? 0x7ff8000000000000u : b;
    }
}

// How many of n values of W bytes the AVX2 lane swap did (0 when it does not apply: portable
// builds, big-endian hosts, hosts without AVX2); the caller does the rest one value at a time.
template <bool kPortable, unsigned W, bool kCanonicalNaN = false>
inline std::size_t wide_swap(std::uint8_t* out, const std::uint8_t* in, std::size_t n) {
#ifdef TSC_LANE_SWAP_AVX2
    if constexpr (!kPortable) {
        if (lane_swap::host_has_avx2()) return lane_swap::reverse_avx2<W, kCanonicalNaN>(out, in, n);
    }
#endif
    (void)out, (void)in, (void)n;
    return 0;
}

// n values of T (4 or 8 bytes) as big-endian words; with kCanonicalNaN (FLOAT, DOUBLE) every NaN
// becomes the canonical one first.
template <bool kPortable, bool kCanonicalNaN = false, class T>
inline void store_be_array(std::uint8_t* out, const T* in, std::size_t n) {
    using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    if constexpr (!kPortable && kBigHost && !kCanonicalNaN && !tsc::mutant("tsfile_big_endian_swapped")) {
        if (n != 0) std::memcpy(out, in, n * sizeof(T));  // host order is wire order
        return;
    }
    constexpr bool kSwapCanonicalizes = kCanonicalNaN && !tsc::mutant("tsfile_nan_not_canonicalized");
    const std::size_t done =
        wide_swap<kPortable, sizeof(U), kSwapCanonicalizes>(out, reinterpret_cast<const std::uint8_t*>(in), n);
    for (std::size_t k = done; k < n; ++k) {
        U v = static_cast<U>(in[k]);
        if constexpr (kCanonicalNaN) v = canonical_nan(v);
        store_be<kPortable>(out + k * sizeof(U), v);
    }
}

template <bool kPortable, class T>
inline void load_be_array(T* out, const std::uint8_t* in, std::size_t n) {
    using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    if constexpr (!kPortable && kBigHost && !tsc::mutant("tsfile_big_endian_swapped")) {
        if (n != 0) std::memcpy(out, in, n * sizeof(T));
        return;
    }
    const std::size_t done = wide_swap<kPortable, sizeof(U)>(reinterpret_cast<std::uint8_t*>(out), in, n);
    for (std::size_t k = done; k < n; ++k) out[k] = static_cast<T>(load_be<kPortable, U>(in + k * sizeof(U)));
}

// ---- data types (§1.1, Errata 1) ----------------------------------------------------------------

// The Column alternative a type code's Java array is; `none` for the `default:` branch.
enum class Kind : std::uint8_t { boolean, int32, int64, float32, float64, binary, date, none };

inline Kind kind_of(std::uint8_t code, ts::Layout layout) {
    // Index: type code 0..12. OBJECT (12) is a binary column in the newest layout only.
    static constexpr Kind kKinds[13] = {Kind::boolean, Kind::int32,  Kind::int64,  Kind::float32, Kind::float64,
                                        Kind::binary,  Kind::none,   Kind::none,   Kind::int64,   Kind::date,
                                        Kind::binary,  Kind::binary, Kind::binary};
    if (code > 12) return Kind::none;
    if constexpr (tsc::mutant("tsfile_object_layout_ignored")) {
        return kKinds[code];  // MUTANT tsfile_object_layout_ignored: OBJECT is TEXT in every layout
    } else {
        return code == 12 && layout != ts::Layout::newest ? Kind::none : kKinds[code];
    }
}

inline bool known_type(std::uint8_t code) {
    if constexpr (tsc::mutant("tsfile_type_code_unchecked")) {
        return true;  // MUTANT tsfile_type_code_unchecked: codes above 12 pass as unsupported types
    } else {
        return code <= 12;
    }
}

// ---- values -------------------------------------------------------------------------------------

inline bool leap_year(std::int32_t y) {
    if constexpr (tsc::mutant("tsfile_date_julian_leap_years")) {
        return (y & 3) == 0;  // MUTANT tsfile_date_julian_leap_years: 1900-02-29 accepted
    } else {
        return (y & 3) == 0 && (y % 100 != 0 || y % 400 == 0);
    }
}

inline bool calendar_date(std::int32_t y, std::int32_t m, std::int32_t d) {
    static constexpr std::int8_t kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (static_cast<std::uint32_t>(m - 1) >= 12u || d < 1) return false;
    return d <= kDays[m - 1] + (m == 2 && leap_year(y) ? 1 : 0);
}

inline constexpr std::int32_t kNullDateInt = 10000101;  // DateUtils.EMPTY_DATE_INT

// Days from 1970-01-01 (proleptic Gregorian), for the days-since-epoch mutant only.
inline std::int32_t days_since_epoch(const ts::Date& d) {
    const std::int32_t y = d.year - (d.month <= 2 ? 1 : 0);
    const std::int32_t era = (y >= 0 ? y : y - 399) / 400;
    const std::int32_t yoe = y - era * 400;
    const std::int32_t doy = (153 * (d.month + (d.month > 2 ? -3 : 9)) + 2) / 5 + d.day - 1;
    const std::int32_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

inline std::int32_t date_int(const std::optional<ts::Date>& d) {
    if (!d) {
        if constexpr (tsc::mutant("tsfile_date_null_as_zero")) return 0;  // MUTANT tsfile_date_null_as_zero
        return kNullDateInt;
    }
    if constexpr (tsc::mutant("tsfile_date_days_since_epoch")) {
        return days_since_epoch(*d);  // MUTANT tsfile_date_days_since_epoch: the historical Node encoding
    } else {
        return d->year * 10000 + d->month * 100 + d->day;
    }
}

// The serializer's check of one DATE cell (DateUtils.parseDateExpressionToInt @a9f54614).
inline ErrorClass check_date(const std::optional<ts::Date>& d) {
    if (!d) return ErrorClass::ok;
    if (!calendar_date(d->year, d->month, d->day)) return ErrorClass::invalid_date;
    if constexpr (!tsc::mutant("tsfile_date_year_unchecked")) {  // MUTANT tsfile_date_year_unchecked
        if (d->year < 1000 || d->year > 9999) return ErrorClass::date_out_of_range;
    }
    return ErrorClass::ok;
}

// ---- bitmaps (§1.2, §3 row 5a) ------------------------------------------------------------------

inline std::size_t bitmap_bytes(std::int32_t rows) { return static_cast<std::size_t>(rows / 8) + 1; }

// Some row in [0, rows) is marked: whole bytes eight at a time, then the masked last byte.
inline bool any_mark_below(const std::uint8_t* b, std::int32_t rows) {
    const std::size_t whole = static_cast<std::size_t>(rows) >> 3;
    std::size_t k = 0;
    for (; k + 8 <= whole; k += 8) {
        std::uint64_t w;
        std::memcpy(&w, b + k, 8);  // byte order does not matter for "any bit set"
        if (w != 0) return true;
    }
    for (; k < whole; ++k)
        if (b[k] != 0) return true;
    const unsigned tail = static_cast<unsigned>(rows) & 7u;
    return tail != 0 && (b[whole] & ((1u << tail) - 1u)) != 0;
}

// ---- UTF-8 (the text-length mutant only) --------------------------------------------------------

inline std::size_t utf8_chars(const std::uint8_t* p, std::size_t n) {
    std::size_t chars = 0;
    for (std::size_t i = 0; i < n; ++i) chars += (p[i] & 0xC0u) != 0x80u;
    return chars;
}

// i32 length, then the bytes: the layout of String (non-null) and Binary.
template <bool kPortable>
inline std::uint8_t* put_bytes(std::uint8_t* o, const std::uint8_t* p, std::size_t n) {
    std::size_t prefix = n;
    if constexpr (tsc::mutant("tsfile_text_length_in_chars")) prefix = utf8_chars(p, n);  // MUTANT
    store_be<kPortable>(o, static_cast<std::uint32_t>(prefix));
    if (n != 0) std::memcpy(o + 4, p, n);
    return o + 4 + n;
}

template <bool kPortable>
inline std::uint8_t* put_string(std::uint8_t* o, const ts::String& s) {
    if (!s) {
        store_be<kPortable>(o, std::uint32_t{0xffffffffu});  // null: length −1
        return o + 4;
    }
    return put_bytes<kPortable>(o, reinterpret_cast<const std::uint8_t*>(s->data()), s->size());
}

inline std::size_t string_size(const ts::String& s) { return 4 + (s ? s->size() : 0); }

}  // namespace tsfile_detail

// ==================================================================================================
// Serializer
// ==================================================================================================

template <bool kPortable>
class TsfileTabletSerializer {
public:
    // The exact size serialize writes, or Java's first error (§3 table).
    tsfile::SizeOutcome size(const tsfile::Tablet& t, tsfile::Layout layout);
    // Writes the tablet at `out`. Precondition: size(t, layout) just succeeded; it is what
    // recorded which bitmaps have a mark below rowSize.
    std::uint8_t* write(const tsfile::Tablet& t, tsfile::Layout layout, std::uint8_t* out);

private:
    tsfile::ErrorClass column_size(const tsfile::Column& c, tsfile_detail::Kind kind, std::size_t rows,
                                   std::size_t& size);
    std::uint8_t* write_column(std::uint8_t* o, const tsfile::Column& c, std::size_t rows);
    std::uint8_t* write_binary_cells(std::uint8_t* o, const tsfile::BinaryCells& cells, std::size_t rows);

    std::vector<std::uint8_t> bitmap_flags_;  // per column: written with flag 1
};

template <bool kPortable>
tsfile::SizeOutcome TsfileTabletSerializer<kPortable>::size(const tsfile::Tablet& t, tsfile::Layout layout) {
    namespace d = tsfile_detail;
    using tsfile::ErrorClass;
    const auto fail = [](ErrorClass e) { return tsfile::SizeOutcome{e, 0}; };
    if (t.row_size < 0) {
        // MUTANT tsfile_negative_row_size_written: writes it as Java does, every row loop empty
        if constexpr (!tsc::mutant("tsfile_negative_row_size_written")) return fail(ErrorClass::negative_row_size);
    }
    const std::int32_t rows = std::max(t.row_size, 0);
    const std::size_t n = static_cast<std::size_t>(rows);
    const std::size_t columns = t.schemas ? t.schemas->size() : 0;

    std::size_t size = d::string_size(t.target) + 4 + 1;  // target, rowSize, schemas flag
    if (t.schemas) {
        size += 4;
        for (const std::optional<tsfile::Schema>& s : *t.schemas) {
            size += 1;
            if (!s) continue;
            size += d::string_size(s->name) + 3 + 4 + 1;  // name, type/encoding/compressor, props count, category
            for (const tsfile::Property& p : s->props) size += d::string_size(p.key) + d::string_size(p.value);
        }
    }

    size += 1;
    if (t.timestamps) {
        if (t.timestamps->size() < n) return fail(ErrorClass::array_too_short);
        size += 8 * n;
    }

    size += 1;
    bitmap_flags_.assign(columns, 0);
    if (t.bitmaps) {
        if (t.bitmaps->size() < columns) {
            // Java fails at the first missing entry, after any error of the entries before it.
            if constexpr (!tsc::mutant("tsfile_bitmap_count_before_entries"))  // MUTANT: the count first
                for (const std::optional<tsfile::BitMap>& bm : *t.bitmaps)
                    if (bm && bm->bytes.size() < d::bitmap_bytes(rows)) return fail(ErrorClass::array_too_short);
            return fail(ErrorClass::column_count_mismatch);
        }
        for (std::size_t j = 0; j < columns; ++j) {
            const std::optional<tsfile::BitMap>& bm = (*t.bitmaps)[j];
            size += 1;
            if (!bm) continue;
            std::size_t nbytes = d::bitmap_bytes(rows);
            if (bm->bytes.size() < nbytes) return fail(ErrorClass::array_too_short);
            bool marked = d::any_mark_below(bm->bytes.data(), rows);
            if constexpr (tsc::mutant("tsfile_bitmap_flag_full_size")) {
                // MUTANT tsfile_bitmap_flag_full_size: isAllUnmarked() over the whole bitmap (C++/Go, §2.7 4)
                marked = std::any_of(bm->bytes.begin(), bm->bytes.end(), [](std::uint8_t b) { return b != 0; });
            }
            if constexpr (tsc::mutant("tsfile_bitmap_full_length")) nbytes = bm->bytes.size();  // MUTANT
            if (!marked) continue;
            bitmap_flags_[j] = 1;
            size += 4 + 4 + nbytes;
        }
    }

    size += 1;
    if (t.values) {
        for (std::size_t j = 0; j < columns; ++j) {
            const std::optional<tsfile::Schema>& s = (*t.schemas)[j];
            if constexpr (tsc::mutant("tsfile_values_count_before_schema")) {  // MUTANT: values[j] before the schema
                if (j >= t.values->size()) return fail(ErrorClass::column_count_mismatch);
            }
            if (!s) return fail(ErrorClass::missing_schema);
            if (!d::known_type(s->type)) return fail(ErrorClass::unknown_data_type);
            if (j >= t.values->size()) return fail(ErrorClass::column_count_mismatch);
            const std::optional<tsfile::Column>& c = (*t.values)[j];
            size += 1;
            if (!c) continue;
            const ErrorClass e = column_size(*c, d::kind_of(s->type, layout), n, size);
            if (e != ErrorClass::ok) return fail(e);
        }
    }
    return tsfile::SizeOutcome{ErrorClass::ok, size};
}

template <bool kPortable>
tsfile::ErrorClass TsfileTabletSerializer<kPortable>::column_size(const tsfile::Column& c, tsfile_detail::Kind kind,
                                                                  std::size_t n, std::size_t& size) {
    namespace d = tsfile_detail;
    using tsfile::ErrorClass;
    if constexpr (tsc::mutant("tsfile_unsupported_after_type_mismatch")) {  // MUTANT: the cast before the switch
        if (c.index() != static_cast<std::size_t>(kind)) return ErrorClass::column_type_mismatch;
    }
    if (kind == d::Kind::none) return ErrorClass::unsupported_data_type;
    if (c.index() != static_cast<std::size_t>(kind)) return ErrorClass::column_type_mismatch;
    static constexpr std::size_t kWidth[] = {1, 4, 8, 4, 8, 0, 4};  // by Kind; binary cells vary
    std::size_t cells = 0;
    std::visit([&](const auto& v) { cells = v.size(); }, c);
    if constexpr (tsc::mutant("tsfile_date_error_after_short_array")) {  // MUTANT: the length before the dates
        if (cells < n) return ErrorClass::array_too_short;
    }
    if (kind == d::Kind::date) {
        // Java writes row by row: a bad date before the end of a short array fails first.
        const auto& dates = std::get<tsfile::DateCells>(c);
        for (std::size_t i = 0, m = std::min(n, cells); i < m; ++i)
            if (const ErrorClass e = d::check_date(dates[i]); e != ErrorClass::ok) return e;
    }
    if (cells < n) return ErrorClass::array_too_short;
    if (kind != d::Kind::binary) {
        size += kWidth[static_cast<std::size_t>(kind)] * n;
        return ErrorClass::ok;
    }
    const auto& binaries = std::get<tsfile::BinaryCells>(c);
    const std::size_t absent = tsc::mutant("tsfile_absent_cell_written_empty") ? 5 : 1;
    for (std::size_t i = 0; i < n; ++i) size += binaries[i] ? 5 + binaries[i]->size() : absent;
    return ErrorClass::ok;
}

template <bool kPortable>
std::uint8_t* TsfileTabletSerializer<kPortable>::write_binary_cells(std::uint8_t* o, const tsfile::BinaryCells& cells,
                                                                    std::size_t n) {
    namespace d = tsfile_detail;
    // One-entry cache: where the last present cell's encoding (flag, length, bytes) was written.
    const std::uint8_t* last = nullptr;
    const std::optional<Bytes>* last_cell = nullptr;
    for (std::size_t i = 0; i < n; ++i) {
        const std::optional<Bytes>& cell = cells[i];
        if (!cell) {
            if constexpr (tsc::mutant("tsfile_absent_cell_written_empty")) {
                *o++ = 0x01;  // MUTANT tsfile_absent_cell_written_empty: null written as Binary.EMPTY_VALUE
                o = d::put_bytes<kPortable>(o, nullptr, 0);
                continue;
            }
            *o++ = 0x00;
            continue;
        }
        const std::size_t len = cell->size();
        if (last_cell != nullptr && (*last_cell)->size() == len) {
            bool same = true;
            if constexpr (!tsc::mutant("tsfile_stale_string_cache"))  // MUTANT: equal length taken as equal
                same = len == 0 || std::memcmp((*last_cell)->data(), cell->data(), len) == 0;
            if (same) {
                std::memmove(o, last, 5 + len);
                o += 5 + len;
                continue;
            }
        }
        last = o;
        last_cell = &cell;
        *o++ = 0x01;
        o = d::put_bytes<kPortable>(o, cell->data(), len);
    }
    return o;
}

template <bool kPortable>
std::uint8_t* TsfileTabletSerializer<kPortable>::write_column(std::uint8_t* o, const tsfile::Column& c,
                                                              std::size_t n) {
    namespace d = tsfile_detail;
    switch (c.index()) {
        case 0: {
            const std::uint8_t* b = std::get<tsfile::BooleanCells>(c).data();
            for (std::size_t i = 0; i < n; ++i) {
                if constexpr (tsc::mutant("tsfile_boolean_byte_copied")) {
                    o[i] = b[i];  // MUTANT tsfile_boolean_byte_copied: the model byte, not boolToByte
                } else {
                    o[i] = static_cast<std::uint8_t>(b[i] != 0);
                }
            }
            return o + n;
        }
        case 1: d::store_be_array<kPortable>(o, std::get<tsfile::Int32Cells>(c).data(), n); return o + 4 * n;
        case 2: d::store_be_array<kPortable>(o, std::get<tsfile::Int64Cells>(c).data(), n); return o + 8 * n;
        case 3:
            d::store_be_array<kPortable, true>(o, std::get<tsfile::FloatCells>(c).data(), n);
            return o + 4 * n;
        case 4:
            d::store_be_array<kPortable, true>(o, std::get<tsfile::DoubleCells>(c).data(), n);
            return o + 8 * n;
        case 5: return write_binary_cells(o, std::get<tsfile::BinaryCells>(c), n);
        default: {
            const auto& dates = std::get<tsfile::DateCells>(c);
            for (std::size_t i = 0; i < n; ++i) d::store_be<kPortable>(o + 4 * i, static_cast<std::uint32_t>(d::date_int(dates[i])));
            return o + 4 * n;
        }
    }
}

template <bool kPortable>
std::uint8_t* TsfileTabletSerializer<kPortable>::write(const tsfile::Tablet& t, tsfile::Layout,
                                                       std::uint8_t* o) {
    namespace d = tsfile_detail;
    const std::int32_t rows = std::max(t.row_size, 0);  // negative only in a mutant
    const std::size_t n = static_cast<std::size_t>(rows);
    const std::size_t columns = t.schemas ? t.schemas->size() : 0;

    o = d::put_string<kPortable>(o, t.target);
    d::store_be<kPortable>(o, static_cast<std::uint32_t>(t.row_size));
    o += 4;

    *o++ = t.schemas ? 0x01 : 0x00;
    if (t.schemas) {
        d::store_be<kPortable>(o, static_cast<std::uint32_t>(columns));
        o += 4;
        for (const std::optional<tsfile::Schema>& s : *t.schemas) {
            *o++ = s ? 0x01 : 0x00;
            if (!s) continue;
            o = d::put_string<kPortable>(o, s->name);
            o[0] = s->type;
            o[1] = s->encoding;
            o[2] = s->compressor;
            d::store_be<kPortable>(o + 3, static_cast<std::uint32_t>(s->props.size()));
            o += 7;
            for (const tsfile::Property& p : s->props) {
                o = d::put_string<kPortable>(o, p.key);
                o = d::put_string<kPortable>(o, p.value);
            }
            *o++ = static_cast<std::uint8_t>(s->category);
        }
    }

    *o++ = t.timestamps ? 0x01 : 0x00;
    if (t.timestamps) {
        const std::int64_t* ts = t.timestamps->data();
        if constexpr (tsc::mutant("tsfile_timestamp_host_order") && !kPortable) {
            if (n != 0) std::memcpy(o, ts, 8 * n);  // MUTANT tsfile_timestamp_host_order: no byte swap
        } else {
            d::store_be_array<kPortable>(o, ts, n);
        }
        o += 8 * n;
    }

    *o++ = t.bitmaps ? 0x01 : 0x00;
    if (t.bitmaps) {
        for (std::size_t j = 0; j < columns; ++j) {
            *o++ = bitmap_flags_[j];
            if (bitmap_flags_[j] == 0) continue;
            const tsfile::BitMap& bm = *(*t.bitmaps)[j];
            std::size_t nbytes = d::bitmap_bytes(rows);
            std::int32_t size_field = rows;
            if constexpr (tsc::mutant("tsfile_bitmap_full_length")) {
                nbytes = bm.bytes.size();  // MUTANT tsfile_bitmap_full_length: the layout @3eea99dd
                size_field = bm.size;
            }
            d::store_be<kPortable>(o, static_cast<std::uint32_t>(size_field));
            o = d::put_bytes<kPortable>(o + 4, bm.bytes.data(), nbytes);
            if constexpr (tsc::mutant("tsfile_bitmap_padding_cleared")) {
                // MUTANT tsfile_bitmap_padding_cleared: the bits from rowSize on are zeroed
                if ((rows & 7) != 0) o[-1] = static_cast<std::uint8_t>(o[-1] & ((1u << (rows & 7)) - 1u));
                else o[-1] = 0;
            }
        }
    }

    *o++ = t.values ? 0x01 : 0x00;
    if (t.values) {
        for (std::size_t j = 0; j < columns; ++j) {
            const std::optional<tsfile::Column>& c = (*t.values)[j];
            *o++ = c ? 0x01 : 0x00;
            if (c) o = write_column(o, *c, n);
        }
    }
    return o;
}

// ==================================================================================================
// Deserializer
// ==================================================================================================

template <bool kPortable>
class TsfileTabletDeserializer {
public:
    tsfile::DeserializeOutcome deserialize(ByteView in, tsfile::Layout layout);

private:
    using ErrorClass = tsfile::ErrorClass;

    std::size_t left() const { return static_cast<std::size_t>(end_ - p_); }
    bool has(std::size_t n) const { return n <= left(); }
    std::int32_t i32() {
        const auto v = static_cast<std::int32_t>(tsfile_detail::load_be<kPortable, std::uint32_t>(p_));
        p_ += 4;
        return v;
    }
    bool flag() { return *p_++ == 0x01; }  // BytesUtils.byteToBool

    ErrorClass string(tsfile::String& s, ErrorClass truncated);
    ErrorClass binary(Bytes& b, ErrorClass truncated);
    ErrorClass schemas(tsfile::Tablet& t, std::int32_t& columns);
    ErrorClass schema(tsfile::Schema& s);
    ErrorClass timestamps(tsfile::Tablet& t);
    ErrorClass bitmaps(tsfile::Tablet& t, std::int32_t columns);
    ErrorClass values(tsfile::Tablet& t, std::int32_t columns, tsfile::Layout layout);
    ErrorClass column(tsfile_detail::Kind kind, std::size_t rows, tsfile::Column& c);
    ErrorClass dates(std::size_t rows, tsfile::Column& c);
    ErrorClass binaries(std::size_t rows, tsfile::Column& c);

    template <class Cells>
    ErrorClass fixed(std::size_t rows, tsfile::Column& c) {
        using T = typename Cells::value_type;
        if constexpr (tsc::mutant("tsfile_column_bounds_one_short")) {
            // MUTANT tsfile_column_bounds_one_short: the bound misses the last cell (never reads
            // past the input: the last cell is left zero)
            if (rows != 0 && !has((rows - 1) * sizeof(T))) return ErrorClass::truncated_values;
            Cells cells(rows);
            const std::size_t whole = std::min(rows, left() / sizeof(T));
            tsfile_detail::load_be_array<kPortable>(cells.data(), p_, whole);
            p_ += whole * sizeof(T);
            c = std::move(cells);
            return ErrorClass::ok;
        }
        if (!has(rows * sizeof(T))) return ErrorClass::truncated_values;
        Cells cells(rows);
        tsfile_detail::load_be_array<kPortable>(cells.data(), p_, rows);
        p_ += rows * sizeof(T);
        c = std::move(cells);
        return ErrorClass::ok;
    }

    const std::uint8_t* p_ = nullptr;
    const std::uint8_t* end_ = nullptr;
};

template <bool kPortable>
tsfile::ErrorClass TsfileTabletDeserializer<kPortable>::string(tsfile::String& s, ErrorClass truncated) {
    if (!has(4)) return truncated;
    const std::int32_t len = i32();
    if constexpr (tsc::mutant("tsfile_string_only_minus_one_is_null")) {
        // MUTANT tsfile_string_only_minus_one_is_null: other negative lengths fail as truncation
        if (len < -1) return truncated;
    }
    if (len < 0) {
        s.reset();
        return ErrorClass::ok;
    }
    if (!has(static_cast<std::size_t>(len))) return truncated;
    s.emplace(reinterpret_cast<const char*>(p_), static_cast<std::size_t>(len));
    p_ += len;
    return ErrorClass::ok;
}

template <bool kPortable>
tsfile::ErrorClass TsfileTabletDeserializer<kPortable>::binary(Bytes& b, ErrorClass truncated) {
    if (!has(4)) return truncated;
    const std::int32_t len = i32();
    if (len < 0) return ErrorClass::negative_binary_length;
    if (!has(static_cast<std::size_t>(len))) return truncated;
    b.assign(p_, p_ + len);
    p_ += len;
    return ErrorClass::ok;
}

template <bool kPortable>
tsfile::ErrorClass TsfileTabletDeserializer<kPortable>::schema(tsfile::Schema& s) {
    const ErrorClass trunc = ErrorClass::truncated_schemas;
    if (const ErrorClass e = string(s.name, trunc); e != ErrorClass::ok) return e;
    if (!has(3 + 4)) return trunc;
    s.type = p_[0];
    s.encoding = p_[1];
    s.compressor = p_[2];
    p_ += 3;
    std::int32_t props = i32();
    if constexpr (tsc::mutant("tsfile_props_count_unsigned")) {
        if (props < 0) props = std::numeric_limits<std::int32_t>::max();  // MUTANT: no `size > 0` test
    }
    for (std::int32_t i = 0; i < props; ++i) {
        tsfile::Property prop;
        if (const ErrorClass e = string(prop.key, trunc); e != ErrorClass::ok) return e;
        if (const ErrorClass e = string(prop.value, trunc); e != ErrorClass::ok) return e;
        s.props.push_back(std::move(prop));
    }
    if (!has(1)) return trunc;
    const std::uint8_t category = *p_++;
    if constexpr (tsc::mutant("tsfile_category_unchecked")) {
        s.category = static_cast<tsfile::ColumnCategory>(category % 3);  // MUTANT tsfile_category_unchecked
        return ErrorClass::ok;
    }
    if (category > 2) return ErrorClass::invalid_column_category;
    s.category = static_cast<tsfile::ColumnCategory>(category);
    return ErrorClass::ok;
}

template <bool kPortable>
tsfile::ErrorClass TsfileTabletDeserializer<kPortable>::schemas(tsfile::Tablet& t, std::int32_t& columns) {
    const ErrorClass trunc = ErrorClass::truncated_schemas;
    columns = 0;
    if (!has(1)) return trunc;
    if (!flag()) return ErrorClass::ok;
    if (!has(4)) return trunc;
    columns = i32();
    t.schemas.emplace();
    // A present schema takes at least 13 bytes (presence, name length, type, encoding, compressor,
    // props count, category): the input bounds the storage.
    t.schemas->reserve(std::min(static_cast<std::size_t>(std::max(columns, 0)), left() / 13));
    for (std::int32_t i = 0; i < columns; ++i) {
        if (!has(1)) return trunc;
        if (!flag()) continue;
        tsfile::Schema s;
        if (const ErrorClass e = schema(s); e != ErrorClass::ok) return e;
        t.schemas->push_back(std::move(s));
    }
    return ErrorClass::ok;
}

template <bool kPortable>
tsfile::ErrorClass TsfileTabletDeserializer<kPortable>::timestamps(tsfile::Tablet& t) {
    const ErrorClass trunc = ErrorClass::truncated_timestamps;
    if (!has(1)) return trunc;
    if (!flag()) return ErrorClass::ok;
    const std::size_t rows = static_cast<std::size_t>(t.row_size);
    if constexpr (tsc::mutant("tsfile_storage_from_declared_count")) {
        t.timestamps.emplace().reserve(rows);  // MUTANT tsfile_storage_from_declared_count: sized before the check
    }
    if (!has(8 * rows)) return trunc;
    t.timestamps.emplace(rows);
    tsfile_detail::load_be_array<kPortable>(t.timestamps->data(), p_, rows);
    p_ += 8 * rows;
    return ErrorClass::ok;
}

template <bool kPortable>
tsfile::ErrorClass TsfileTabletDeserializer<kPortable>::bitmaps(tsfile::Tablet& t, std::int32_t columns) {
    const ErrorClass trunc = ErrorClass::truncated_bitmaps;
    if (!has(1)) return trunc;
    if (!flag()) return ErrorClass::ok;
    t.bitmaps.emplace();
    t.bitmaps->reserve(std::min(static_cast<std::size_t>(columns), left()));  // one byte per entry at least
    for (std::int32_t i = 0; i < columns; ++i) {
        if (!has(1)) return trunc;
        bool present = flag();
        if constexpr (tsc::mutant("tsfile_flag_nonzero_is_true")) present = p_[-1] != 0;  // MUTANT
        if (!present) {
            t.bitmaps->emplace_back();
            continue;
        }
        tsfile::BitMap bm;
        if (!has(4)) return trunc;
        bm.size = i32();
        if (const ErrorClass e = binary(bm.bytes, trunc); e != ErrorClass::ok) return e;
        t.bitmaps->push_back(std::move(bm));
    }
    return ErrorClass::ok;
}

// DATE: rowSize × i32 yyyyMMdd, each parsed by parseIntToLocalDate.
template <bool kPortable>
tsfile::ErrorClass TsfileTabletDeserializer<kPortable>::dates(std::size_t rows, tsfile::Column& c) {
    // A value-at-a-time reader meets a bad date before the end of the input: only the complete
    // cells present are looked at, then a short input is a truncation.
    if constexpr (tsc::mutant("tsfile_dates_truncation_first")) {  // MUTANT: the length check first
        if (!has(4 * rows)) return ErrorClass::truncated_values;
    }
    const std::size_t avail = std::min(rows, left() / 4);
    tsfile::DateCells cells(avail);
    for (std::size_t i = 0; i < avail; ++i) {
        const auto v = static_cast<std::int32_t>(tsfile_detail::load_be<kPortable, std::uint32_t>(p_ + 4 * i));
        const tsfile::Date date{v / 10000, (v / 100) % 100, v % 100};
        if (!tsfile_detail::calendar_date(date.year, date.month, date.day)) return ErrorClass::invalid_date;
        cells[i] = date;
    }
    if (avail < rows) return ErrorClass::truncated_values;
    p_ += 4 * rows;
    c = std::move(cells);
    return ErrorClass::ok;
}

// TEXT/STRING/BLOB (/OBJECT): per cell a presence byte, then a Binary when it is 0x01.
template <bool kPortable>
tsfile::ErrorClass TsfileTabletDeserializer<kPortable>::binaries(std::size_t rows, tsfile::Column& c) {
    const ErrorClass trunc = ErrorClass::truncated_values;
    // Read cell by cell even when the input is too short for `rows` presence bytes: a negative
    // length before the cut is the error a value-at-a-time reader reports. Each cell takes at
    // least its presence byte, which bounds the storage.
    if constexpr (tsc::mutant("tsfile_binaries_truncation_first")) {  // MUTANT: one byte per cell checked first
        if (!has(rows)) return trunc;
    }
    tsfile::BinaryCells cells;
    cells.reserve(std::min(rows, left()));
    for (std::size_t i = 0; i < rows; ++i) {
        if (!has(1)) return trunc;
        std::optional<Bytes>& cell = cells.emplace_back();
        if (!flag()) continue;
        cell.emplace();
        if (const ErrorClass e = binary(*cell, trunc); e != ErrorClass::ok) return e;
    }
    c = std::move(cells);
    return ErrorClass::ok;
}

template <bool kPortable>
tsfile::ErrorClass TsfileTabletDeserializer<kPortable>::column(tsfile_detail::Kind kind, std::size_t rows,
                                                               tsfile::Column& c) {
    using K = tsfile_detail::Kind;
    switch (kind) {
        case K::boolean: {
            if (!has(rows)) return ErrorClass::truncated_values;
            tsfile::BooleanCells cells(rows);
            for (std::size_t i = 0; i < rows; ++i) {
                if constexpr (tsc::mutant("tsfile_boolean_nonzero_is_true")) {
                    cells[i] = p_[i] != 0;  // MUTANT tsfile_boolean_nonzero_is_true: byteToBool as b != 0
                } else {
                    cells[i] = p_[i] == 1;
                }
            }
            p_ += rows;
            c = std::move(cells);
            return ErrorClass::ok;
        }
        case K::int32: return fixed<tsfile::Int32Cells>(rows, c);
        case K::int64: return fixed<tsfile::Int64Cells>(rows, c);
        case K::float32: return fixed<tsfile::FloatCells>(rows, c);
        case K::float64: return fixed<tsfile::DoubleCells>(rows, c);
        case K::binary: return binaries(rows, c);
        case K::date: return dates(rows, c);
        case K::none: break;
    }
    return ErrorClass::unsupported_data_type;
}

template <bool kPortable>
tsfile::ErrorClass TsfileTabletDeserializer<kPortable>::values(tsfile::Tablet& t, std::int32_t columns,
                                                               tsfile::Layout layout) {
    const ErrorClass trunc = ErrorClass::truncated_values;
    if (!has(1)) return trunc;
    if (!flag()) return ErrorClass::ok;
    t.values.emplace();
    t.values->reserve(std::min(static_cast<std::size_t>(columns), left()));
    const std::size_t typed = t.schemas ? t.schemas->size() : 0;
    for (std::int32_t i = 0; i < columns; ++i) {
        if (!has(1)) return trunc;
        if (!flag()) {
            t.values->emplace_back();
            continue;
        }
        std::size_t index = static_cast<std::size_t>(i);
        if constexpr (tsc::mutant("tsfile_absent_schema_realigned")) {
            // MUTANT tsfile_absent_schema_realigned: a "fixed" reader that skips the absent schemas'
            // columns when indexing types, unlike Java
            index = std::min(index, typed == 0 ? index : typed - 1);
        }
        if (index >= typed) return ErrorClass::column_without_schema;
        tsfile::Column c;
        const tsfile_detail::Kind kind = tsfile_detail::kind_of((*t.schemas)[index]->type, layout);
        if (const ErrorClass e = column(kind, static_cast<std::size_t>(t.row_size), c); e != ErrorClass::ok) return e;
        t.values->push_back(std::move(c));
    }
    return ErrorClass::ok;
}

template <bool kPortable>
tsfile::DeserializeOutcome TsfileTabletDeserializer<kPortable>::deserialize(ByteView in, tsfile::Layout layout) {
    tsfile::DeserializeOutcome out;
    p_ = in.data();
    end_ = in.data() + in.size();
    tsfile::Tablet& t = out.tablet;
    const auto fail = [&out](ErrorClass e) {
        out.error = e;
        out.tablet = tsfile::Tablet{};
        return out;
    };
    if (const ErrorClass e = string(t.target, ErrorClass::truncated_target_name); e != ErrorClass::ok) return fail(e);
    if (!has(4)) return fail(ErrorClass::truncated_row_size);
    t.row_size = i32();
    if constexpr (tsc::mutant("tsfile_row_size_checked_first")) {  // MUTANT: before the schemas are read
        if (t.row_size < 0) return fail(ErrorClass::negative_row_size);
    }
    std::int32_t columns = 0;
    if (const ErrorClass e = schemas(t, columns); e != ErrorClass::ok) return fail(e);
    if (t.row_size < 0) return fail(ErrorClass::negative_row_size);
    if (const ErrorClass e = timestamps(t); e != ErrorClass::ok) return fail(e);
    if (columns < 0) {
        if constexpr (!tsc::mutant("tsfile_negative_schema_count_as_zero")) return fail(ErrorClass::negative_schema_count);
        columns = 0;  // MUTANT tsfile_negative_schema_count_as_zero
    }
    // IMeasurementSchema::getType over every present schema, after the bitmaps (Java's order).
    const auto types_known = [&t] {
        if (t.schemas)
            for (const std::optional<tsfile::Schema>& s : *t.schemas)
                if (!tsfile_detail::known_type(s->type)) return false;
        return true;
    };
    if constexpr (tsc::mutant("tsfile_type_check_before_bitmaps")) {  // MUTANT: before the bitmaps
        if (!types_known()) return fail(ErrorClass::unknown_data_type);
    }
    if (const ErrorClass e = bitmaps(t, columns); e != ErrorClass::ok) return fail(e);
    if (!types_known()) return fail(ErrorClass::unknown_data_type);
    if (const ErrorClass e = values(t, columns, layout); e != ErrorClass::ok) return fail(e);
    out.consumed = static_cast<std::size_t>(p_ - in.data());
    if constexpr (tsc::mutant("tsfile_consumed_whole_input")) out.consumed = in.size();  // MUTANT: the tablet fills the buffer
    return out;
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS
