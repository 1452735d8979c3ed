// The optimized TsFile Tablet serializer (tablets-and-bitmaps.md §3, §1.1, §1.2, Errata 1, 7, 8), in the
// shape of apache/tsfile PR #1101 (seed 003): serialized_size() computes the exact size, then
// serialize writes into the caller's buffer at the caller's position in one pass.
//
// A subject: it shares only the model types with the reference, never its logic. Everything lives
// in namespace tsc::subjects::TSC_SUBJECT_NS so that a mutant build (subjects/api/mutant.hpp)
// compiles this same source into a namespace of its own. `MUTANT name` comments mark the seeded bugs
// of subjects/mutants/catalogue.json; in the normal build every such switch is false at compile time.
// Byte order, type codes and calendar dates: columns.hpp.
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
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include "reference/tsfile_tablet/model.hpp"
#include "subjects/api/mutant.hpp"
#include "subjects/api/tsfile_tablet.hpp"
#include "subjects/fast/tsfile_tablet/columns.hpp"
#include "subjects/fast/tsfile_tablet/thresholds.hpp"
#include "subjects/mutants/tsfile_tablet.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {

namespace tsfile_detail {

inline constexpr std::int32_t kNullDateInt = 10000101;  // DateUtils.EMPTY_DATE_INT

inline std::int32_t date_int(const std::optional<ts::Date>& d) {
    if (!d) {
        if constexpr (mutant("tsfile_date_null_as_zero")) return 0;  // MUTANT tsfile_date_null_as_zero
        return kNullDateInt;
    }
    if constexpr (mutant("tsfile_date_days_since_epoch")) {
        return tsc::mutants::days_since_epoch(*d);  // MUTANT tsfile_date_days_since_epoch: the historical Node encoding
    } else {
        return d->year * 10000 + d->month * 100 + d->day;
    }
}

// The serializer's check of one DATE cell (DateUtils.parseDateExpressionToInt @a9f54614).
inline ErrorClass check_date(const std::optional<ts::Date>& d) {
    if (!d) return ErrorClass::ok;
    if (!calendar_date(d->year, d->month, d->day)) return ErrorClass::invalid_date;
    if constexpr (!mutant("tsfile_date_year_unchecked")) {  // MUTANT tsfile_date_year_unchecked
        if (d->year < 1000 || d->year > 9999) return ErrorClass::date_out_of_range;
    }
    return ErrorClass::ok;
}

// ---- bitmaps (§1.2, §3 row 5a) ------------------------------------------------------------------

inline constexpr std::size_t kRowsPerByte = thresholds::tsfile_tablet::kRowsPerBitmapByte;

inline std::size_t bitmap_bytes(std::int32_t rows) { return static_cast<std::size_t>(rows / 8) + 1; }

enum class MarkScan : std::uint8_t { unmarked, marked, past_end };

// isAllUnmarked(rows) over a `size`-byte array: whole bytes a word at a time, then the masked last
// byte. Java has no length check: a short array is read until a mark or its end (which throws).
inline MarkScan scan_marks(const std::uint8_t* b, std::size_t size, std::int32_t rows) {
    constexpr std::size_t kWord = thresholds::tsfile_tablet::kMarkScanWordBytes;
    static_assert(kWord == sizeof(std::uint64_t) && kRowsPerByte == 8);
    const std::size_t whole = static_cast<std::size_t>(rows) / kRowsPerByte;
    const std::size_t readable = std::min(whole, size);
    std::size_t k = 0;
    for (; k + kWord <= readable; k += kWord) {
        std::uint64_t w;
        std::memcpy(&w, b + k, kWord);  // byte order does not matter for "any bit set"
        if (w != 0) return MarkScan::marked;
    }
    for (; k < readable; ++k)
        if (b[k] != 0) return MarkScan::marked;
    const unsigned tail = static_cast<unsigned>(static_cast<std::size_t>(rows) % kRowsPerByte);
    if (size < whole || (tail != 0 && size == whole)) return MarkScan::past_end;
    return tail != 0 && (b[whole] & ((1u << tail) - 1u)) != 0 ? MarkScan::marked : MarkScan::unmarked;
}

// ---- strings and binaries -----------------------------------------------------------------------

// i32 length, then the bytes: the layout of String (non-null) and Binary.
template <bool kPortable>
inline std::uint8_t* put_bytes(std::uint8_t* o, const std::uint8_t* p, std::size_t n) {
    std::uint32_t prefix = static_cast<std::uint32_t>(n);
    if constexpr (mutant("tsfile_text_length_in_chars")) prefix = tsc::mutants::utf8_chars(p, n);  // MUTANT
    store_be<kPortable>(o, prefix);
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
        if constexpr (!mutant("tsfile_negative_row_size_written")) return fail(ErrorClass::negative_row_size);
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
            if constexpr (!mutant("tsfile_bitmap_count_before_entries"))  // MUTANT: the count first
                for (const std::optional<tsfile::BitMap>& bm : *t.bitmaps)
                    if (bm && d::scan_marks(bm->bytes.data(), bm->bytes.size(), rows) == d::MarkScan::past_end)
                        return fail(ErrorClass::array_too_short);
            return fail(ErrorClass::column_count_mismatch);
        }
        for (std::size_t j = 0; j < columns; ++j) {
            const std::optional<tsfile::BitMap>& bm = (*t.bitmaps)[j];
            size += 1;
            if (!bm) continue;
            std::size_t nbytes = d::bitmap_bytes(rows);
            const d::MarkScan scan = d::scan_marks(bm->bytes.data(), bm->bytes.size(), rows);
            if (scan == d::MarkScan::past_end) return fail(ErrorClass::array_too_short);
            if constexpr (mutant("tsfile_short_bitmap_refused")) {
                // MUTANT tsfile_short_bitmap_refused: a bitmap shorter than rowSize/8+1 is refused, not padded
                if (bm->bytes.size() < nbytes) return fail(ErrorClass::array_too_short);
            }
            bool marked = scan == d::MarkScan::marked;
            if constexpr (mutant("tsfile_bitmap_flag_full_size")) {
                // MUTANT tsfile_bitmap_flag_full_size: isAllUnmarked() over the whole bitmap (C++/Go, §2.7 4)
                marked = std::any_of(bm->bytes.begin(), bm->bytes.end(), [](std::uint8_t b) { return b != 0; });
            }
            if constexpr (mutant("tsfile_bitmap_full_length")) nbytes = bm->bytes.size();  // MUTANT
            if (!marked) continue;
            bitmap_flags_[j] = 1;
            size += 4 + 4 + nbytes;
        }
    }

    size += 1;
    if (t.values) {
        for (std::size_t j = 0; j < columns; ++j) {
            const std::optional<tsfile::Schema>& s = (*t.schemas)[j];
            if constexpr (mutant("tsfile_values_count_before_schema")) {  // MUTANT: values[j] before the schema
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
    // MUTANT tsfile_absent_cell_written_empty: an absent cell costs a present empty one (flag, length)
    constexpr std::size_t kAbsentCellBytes = mutant("tsfile_absent_cell_written_empty") ? 5 : 1;
    namespace d = tsfile_detail;
    using tsfile::ErrorClass;
    if constexpr (mutant("tsfile_unsupported_after_type_mismatch")) {  // MUTANT: the cast before the switch
        if (c.index() != static_cast<std::size_t>(kind)) return ErrorClass::column_type_mismatch;
    }
    if (kind == d::Kind::none) return ErrorClass::unsupported_data_type;
    if (c.index() != static_cast<std::size_t>(kind)) return ErrorClass::column_type_mismatch;
    static constexpr std::size_t kWidth[] = {1, 4, 8, 4, 8, 0, 4};  // by Kind; binary cells vary
    std::size_t cells = 0;
    std::visit([&](const auto& v) { cells = v.size(); }, c);
    if constexpr (mutant("tsfile_date_error_after_short_array")) {  // MUTANT: the length before the dates
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
    for (std::size_t i = 0; i < n; ++i) size += binaries.is_null(i) ? kAbsentCellBytes : 5 + binaries[i].size();
    return ErrorClass::ok;
}

template <bool kPortable>
std::uint8_t* TsfileTabletSerializer<kPortable>::write_binary_cells(std::uint8_t* o, const tsfile::BinaryCells& cells,
                                                                    std::size_t n) {
    namespace d = tsfile_detail;
    // One-entry cache: where the last present cell's encoding (flag, length, bytes) was written.
    const std::uint8_t* last = nullptr;
    ByteView last_cell;
    for (std::size_t i = 0; i < n; ++i) {
        if (cells.is_null(i)) {
            if constexpr (mutant("tsfile_absent_cell_written_empty")) {
                *o++ = 0x01;  // MUTANT tsfile_absent_cell_written_empty: null written as Binary.EMPTY_VALUE
                o = d::put_bytes<kPortable>(o, nullptr, 0);
                continue;
            }
            *o++ = 0x00;
            continue;
        }
        const ByteView cell = cells[i];
        const std::size_t len = cell.size();
        if (last != nullptr && last_cell.size() == len) {
            bool same = true;
            if constexpr (!mutant("tsfile_stale_string_cache"))  // MUTANT: equal length taken as equal
                same = len == 0 || std::memcmp(last_cell.data(), cell.data(), len) == 0;
            // MUTANT tsfile_string_cache_first_32_bytes: only the first 32 bytes (one AVX2 register) compared
            if constexpr (mutant("tsfile_string_cache_first_32_bytes"))
                same = len == 0 || std::memcmp(last_cell.data(), cell.data(), std::min<std::size_t>(len, 32)) == 0;
            if (same) {
                std::memmove(o, last, 5 + len);
                o += 5 + len;
                continue;
            }
        }
        last = o;
        last_cell = cell;
        *o++ = 0x01;
        o = d::put_bytes<kPortable>(o, cell.data(), len);
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
                if constexpr (mutant("tsfile_boolean_byte_copied")) {
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
        if constexpr (mutant("tsfile_timestamp_host_order") && !kPortable) {
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
            if constexpr (mutant("tsfile_bitmap_full_length")) {
                nbytes = bm.bytes.size();  // MUTANT tsfile_bitmap_full_length: the layout @3eea99dd
                size_field = bm.size;
            }
            d::store_be<kPortable>(o, static_cast<std::uint32_t>(size_field));
            // getTruncatedByteArray: Arrays.copyOf pads a short array with zeros.
            std::size_t have = std::min(nbytes, bm.bytes.size());
            if constexpr (mutant("tsfile_short_bitmap_read_past")) {
                have = nbytes;  // MUTANT tsfile_short_bitmap_read_past: rowSize/8+1 bytes copied from any array
            }
            d::store_be<kPortable>(o + 4, static_cast<std::uint32_t>(nbytes));
            if (have != 0) std::memcpy(o + 8, bm.bytes.data(), have);
            std::memset(o + 8 + have, 0, nbytes - have);
            o += 8 + nbytes;
            if constexpr (mutant("tsfile_bitmap_padding_cleared")) {
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

}  // namespace tsc::subjects::TSC_SUBJECT_NS
