// The optimized IoTDB insertTablet parser: the server's reading of the two buffers (tablets-and-bitmaps.md
// §2.2–2.3, Errata 2).
//
// A subject: it shares only the model types with the reference, never its logic. Everything lives in
// namespace tsc::subjects::TSC_SUBJECT_NS so that a mutant build (subjects/api/mutant.hpp) compiles this same
// source into a namespace of its own. `MUTANT name` comments mark the seeded bugs of
// subjects/mutants/catalogue.json; in the normal build every such switch is false at compile time. The bugs
// that misread the reader's profile or report the wrong error class are applied whole in
// subjects/mutants/iotdb_tablet.hpp.
//
// Parser
//   - validates the whole input first (schema, 8·n timestamp bytes, every column's extent, every length
//     prefix, every bitmap entry) in the order that gives the reference's error class; only then sizes any
//     storage, so nothing is ever sized from a declared count or length the input cannot hold;
//   - fixed-width columns are loaded as whole arrays by byte-reversing copies (columns.hpp), bitmaps
//     expanded eight rows at a time through a 256-entry table; storage is kept between calls and never
//     shrunk, unless the caller takes the tablet.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "reference/iotdb_tablet/model.hpp"
#include "subjects/api/mutant.hpp"
#include "subjects/fast/iotdb_tablet/columns.hpp"
#include "subjects/fast/iotdb_tablet/thresholds.hpp"
#include "subjects/mutants/iotdb_tablet.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {

namespace iotdb_detail {

// Bitmap byte b → eight 0/1 marks, as bytes (so the copy does not depend on host order).
inline constexpr auto kExpand = [] {
    static_assert(thresholds::iotdb_tablet::kRowsPerBitmapByte == 8);
    std::array<std::array<std::uint8_t, 8>, 256> table{};
    for (unsigned b = 0; b < 256; ++b)
        for (unsigned i = 0; i < 8; ++i) table[b][i] = static_cast<std::uint8_t>((b >> i) & 1u);
    return table;
}();

// The Cells alternative T, made current without giving up the storage it already holds.
template <class T>
T& cells_as(iotdb::Cells& cells) {
    if (!std::holds_alternative<T>(cells)) cells.template emplace<T>();
    return std::get<T>(cells);
}

}  // namespace iotdb_detail

template <bool kPortable>
class IotdbTabletParser {
public:
    // Parses both buffers into the tablet that take_tablet() hands over.
    iotdb::ErrorClass parse(ByteView timestamps, ByteView values, const iotdb::Schema& schema,
                            const iotdb::ParserProfile& parser);
    // The parsed tablet itself, without a copy; the next call starts from empty storage.
    iotdb::Tablet take_tablet() { return std::move(tablet_); }
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

template <bool kPortable>
iotdb::ErrorClass IotdbTabletParser<kPortable>::check_schema(const iotdb::Schema& schema,
                                                              const iotdb::ParserProfile& parser) const {
    // MUTANT iotdb_parse_type_code_unchecked: codes > 12 pass (read as binary);
    // MUTANT iotdb_parse_reserved_types_accepted: VECTOR and UNKNOWN read as binary
    constexpr bool kCodeUnchecked = mutant("iotdb_parse_type_code_unchecked");
    constexpr bool kReservedAccepted = mutant("iotdb_parse_reserved_types_accepted");
    using iotdb::ErrorClass;
    for (DataType t : schema.types)
        if (!kCodeUnchecked && static_cast<std::uint8_t>(t) > static_cast<std::uint8_t>(DataType::OBJECT))
            return ErrorClass::invalid_type_code;
    for (DataType t : schema.types) {
        if (!kReservedAccepted && (t == DataType::VECTOR || t == DataType::UNKNOWN)) return ErrorClass::unsupported_type;
        if (t == DataType::OBJECT && !parser.reads_object) return ErrorClass::unsupported_type;
    }
    if (schema.row_count < 0) return ErrorClass::negative_row_count;
    return ErrorClass::ok;
}

// Walks the whole values buffer without storing anything: where each column and bitmap starts, or the first
// error in reading order. Bounded by the input: every cell or bitmap entry moves at least one byte forward.
template <bool kPortable>
iotdb::ErrorClass IotdbTabletParser<kPortable>::find_extents(ByteView values, const iotdb::Schema& schema) {
    // MUTANT iotdb_parse_negative_length_as_unsigned: the length read as a u32;
    // MUTANT iotdb_parse_exact_fit_rejected: a value that ends exactly at the end is called truncated;
    // MUTANT iotdb_parse_bitmap_section_required: the section read even when no byte is left;
    // MUTANT iotdb_parse_bitmap_ceil: ceil(n/8) bitmap bytes;
    // MUTANT iotdb_parse_missing_flag_accepted: running out of flags ends the section quietly;
    // MUTANT iotdb_parse_flag_nonzero: any non-zero flag
    constexpr bool kNegativeLengthUnsigned = mutant("iotdb_parse_negative_length_as_unsigned");
    constexpr bool kExactFitRejected = mutant("iotdb_parse_exact_fit_rejected");
    constexpr bool kSectionRequired = mutant("iotdb_parse_bitmap_section_required");
    constexpr bool kBitmapCeil = mutant("iotdb_parse_bitmap_ceil");
    constexpr bool kMissingFlagAccepted = mutant("iotdb_parse_missing_flag_accepted");
    constexpr bool kFlagNonzero = mutant("iotdb_parse_flag_nonzero");
    using iotdb::ErrorClass;
    const std::uint8_t* const p = values.data();
    const std::size_t size = values.size();
    const auto n = static_cast<std::size_t>(schema.row_count);
    extents_.resize(schema.types.size());
    std::size_t pos = 0;
    for (std::size_t j = 0; j < schema.types.size(); ++j) {
        extents_[j] = Extent{pos, kNoBitmap};
        if (const unsigned w = iotdb_detail::fixed_width(schema.types[j]); w != 0) {
            if ((size - pos) / w < n) return ErrorClass::truncated_column;
            pos += w * n;
            continue;
        }
        for (std::size_t row = 0; row < n; ++row) {
            if (size - pos < 4) return ErrorClass::truncated_length;
            const auto len = static_cast<std::int32_t>(iotdb_detail::load_be<kPortable, std::uint32_t>(p + pos));
            pos += 4;
            if (!kNegativeLengthUnsigned && len < 0) return ErrorClass::negative_length;
            const std::size_t room = size - pos;
            const auto ulen = static_cast<std::uint32_t>(len);
            if (room < ulen || (kExactFitRejected && room == ulen)) return ErrorClass::truncated_value;
            pos += ulen;
        }
    }
    // §2.3 step 2: no byte left, no bitmap section.
    if (pos < size || kSectionRequired) {
        // §2.3 step 4: n/8+1 bytes, also when n % 8 == 0.
        const std::size_t bitmap_bytes = kBitmapCeil ? (n + 7) / 8 : n / 8 + 1;
        for (Extent& e : extents_) {
            if (pos == size) {
                if (kMissingFlagAccepted) break;
                return ErrorClass::truncated_bitmap_flag;
            }
            const std::uint8_t flag = p[pos++];
            // §2.3 step 3: BytesUtils.byteToBool is b == 1.
            if (kFlagNonzero ? flag == 0 : flag != 1) continue;
            if (size - pos < bitmap_bytes) return ErrorClass::truncated_bitmap;
            e.bitmap = pos;
            pos += bitmap_bytes;
            // MUTANT iotdb_parse_consumed_excludes_bitmaps: bitmap bytes not counted as consumed
            if constexpr (mutant("iotdb_parse_consumed_excludes_bitmaps")) consumed_ -= bitmap_bytes;
        }
    }
    consumed_ += pos;  // §2.3 step 5: what follows is ignored
    return ErrorClass::ok;
}

template <bool kPortable>
void IotdbTabletParser<kPortable>::fill_cells(iotdb::Column& c, const std::uint8_t* data, std::size_t n,
                                              const iotdb::ParserProfile& parser) {
    // MUTANT iotdb_parse_binary_prefix_included: the copy of a binary cell starts at its length prefix
    constexpr bool kPrefixIncluded = mutant("iotdb_parse_binary_prefix_included");
    using iotdb_detail::cells_as;
    using iotdb_detail::load_be_array;
    switch (c.type) {
        case DataType::BOOLEAN: {
            std::vector<std::uint8_t>& v = cells_as<std::vector<std::uint8_t>>(c.cells);
            v.resize(n);
            const bool only_0x01 = parser.boolean_true_only_0x01;  // Errata 2
            for (std::size_t row = 0; row < n; ++row) v[row] = only_0x01 ? data[row] == 1 : data[row] != 0;
            return;
        }
        case DataType::INT32: {
            std::vector<std::int32_t>& v = cells_as<std::vector<std::int32_t>>(c.cells);
            v.resize(n);
            load_be_array<kPortable>(reinterpret_cast<std::uint32_t*>(v.data()), data, n);
            return;
        }
        case DataType::INT64:
        case DataType::TIMESTAMP: {
            std::vector<std::int64_t>& v = cells_as<std::vector<std::int64_t>>(c.cells);
            v.resize(n);
            load_be_array<kPortable>(reinterpret_cast<std::uint64_t*>(v.data()), data, n);
            return;
        }
        case DataType::FLOAT: {
            std::vector<std::uint32_t>& v = cells_as<std::vector<std::uint32_t>>(c.cells);
            v.resize(n);
            load_be_array<kPortable>(v.data(), data, n);
            return;
        }
        case DataType::DOUBLE: {
            std::vector<std::uint64_t>& v = cells_as<std::vector<std::uint64_t>>(c.cells);
            v.resize(n);
            load_be_array<kPortable>(v.data(), data, n);
            return;
        }
        case DataType::DATE: {
            std::vector<iotdb::Date>& v = cells_as<std::vector<iotdb::Date>>(c.cells);
            v.resize(n);
            for (std::size_t row = 0; row < n; ++row)
                v[row] = iotdb_detail::split_date(
                    static_cast<std::int32_t>(iotdb_detail::load_be<kPortable, std::uint32_t>(data + 4 * row)));
            return;
        }
        default: {  // find_extents has checked every length
            BinaryCells& v = cells_as<BinaryCells>(c.cells);
            v.resize(0);
            v.reserve(n);
            const std::size_t skip = kPrefixIncluded ? 0 : 4;
            for (std::size_t row = 0; row < n; ++row) {
                const std::uint32_t len = iotdb_detail::load_be<kPortable, std::uint32_t>(data);
                v.push_back(ByteView(data + skip, len));
                data += 4 + len;
            }
        }
    }
}

template <bool kPortable>
void IotdbTabletParser<kPortable>::fill_nulls(iotdb::Column& c, const std::uint8_t* bitmap, std::size_t n) {
    constexpr std::size_t kRows = thresholds::iotdb_tablet::kRowsPerBitmapByte;
    c.nulls.assign(n, 0);
    if (bitmap == nullptr) return;
    std::uint8_t* marks = c.nulls.data();
    const std::size_t whole = n / kRows;
    for (std::size_t k = 0; k < whole; ++k) {
        std::uint8_t b = bitmap[k];
        // MUTANT iotdb_parse_bitmap_msb_first: row i read from bit 7-i
        if constexpr (mutant("iotdb_parse_bitmap_msb_first")) b = tsc::mutants::reverse_bits(b);
        std::memcpy(marks + kRows * k, iotdb_detail::kExpand[b].data(), kRows);
    }
    if constexpr (!mutant("iotdb_parse_bitmap_tail_ignored"))  // MUTANT: rows of the last byte not read
        for (std::size_t i = 0; i < n % kRows; ++i) marks[kRows * whole + i] = iotdb_detail::kExpand[bitmap[whole]][i];
    if constexpr (mutant("iotdb_parse_null_cells_kept")) {
        return;  // MUTANT iotdb_parse_null_cells_kept: the placeholder stays in a null cell
    } else {
        // A null cell holds the zero value (model.hpp, ParseOutcome). Binary cells sit end to end: a
        // column with null rows is copied without their bytes.
        std::visit(
            [marks, n](auto& cells) {
                if constexpr (std::is_same_v<std::decay_t<decltype(cells)>, BinaryCells>) {
                    if (std::any_of(marks, marks + n, [](std::uint8_t m) { return m != 0; }))
                        cells.empty_where([marks](std::size_t row) { return marks[row] != 0; });
                } else {
                    for (std::size_t row = 0; row < n; ++row)
                        if (marks[row] != 0) cells[row] = {};
                }
            },
            c.cells);
    }
}

template <bool kPortable>
iotdb::ErrorClass IotdbTabletParser<kPortable>::parse(ByteView timestamps, ByteView values,
                                                      const iotdb::Schema& schema, const iotdb::ParserProfile& profile) {
    // MUTANT iotdb_parse_values_before_timestamps: the values checked before the timestamps (§2.2: after)
    constexpr bool kValuesFirst = mutant("iotdb_parse_values_before_timestamps");
    using iotdb::ErrorClass;
    const iotdb::ParserProfile parser = iotdb_mutants::parser_as_read(profile);
    consumed_ = 0;
    if (const ErrorClass e = check_schema(schema, parser); e != ErrorClass::ok) return iotdb_mutants::parser_error(e);
    const auto n = static_cast<std::size_t>(schema.row_count);
    ErrorClass e = kValuesFirst ? find_extents(values, schema) : ErrorClass::ok;
    // Divided, not multiplied: 8·n wraps a 32-bit size_t from n = 2^29 on.
    if constexpr (mutant("iotdb_timestamps_bytes_wrap_32bit")) {
        if (e == ErrorClass::ok && timestamps.size() < 8 * n) e = ErrorClass::truncated_timestamps;  // MUTANT
    } else {
        if (e == ErrorClass::ok && timestamps.size() / 8 < n) e = ErrorClass::truncated_timestamps;
    }
    if (e == ErrorClass::ok && !kValuesFirst) e = find_extents(values, schema);
    if (e != ErrorClass::ok) {
        consumed_ = 0;
        return iotdb_mutants::parser_error(e);
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
