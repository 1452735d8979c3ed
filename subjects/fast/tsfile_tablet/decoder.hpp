// The optimized TsFile Tablet deserializer (tablets-and-bitmaps.md §3, §1.1, §1.2, Errata 1, 7, 8): Java's
// Tablet.deserialize, read section by section.
//
// A subject: it shares only the model types with the reference, never its logic. Everything lives
// in namespace tsc::subjects::TSC_SUBJECT_NS so that a mutant build (subjects/api/mutant.hpp)
// compiles this same source into a namespace of its own. `MUTANT name` comments mark the seeded bugs
// of subjects/mutants/catalogue.json; in the normal build every such switch is false at compile time.
// Byte order, type codes and calendar dates: columns.hpp.
//
// Deserializer
//   - every section checks that the input holds what it declares before any storage is sized from a
//     declared count: rowSize × width for fixed-width columns, one byte per cell for BOOLEAN and
//     binary columns, one byte per schema or bitmap entry; so storage never outgrows the input;
//   - fixed-width columns are bulk loads with one byte swap per value (columns.hpp);
//   - error classes follow Java's order of reading exactly (a DATE column cut short reports an
//     invalid date that comes before the cut, as a value-at-a-time reader would).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "reference/tsfile_tablet/model.hpp"
#include "subjects/api/mutant.hpp"
#include "subjects/api/tsfile_tablet.hpp"
#include "subjects/fast/tsfile_tablet/columns.hpp"
#include "subjects/fast/tsfile_tablet/java_string.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {

template <bool kPortable>
class TsfileTabletDeserializer {
public:
    tsfile::DeserializeOutcome deserialize(ByteView in, tsfile::Layout layout);

private:
    using ErrorClass = tsfile::ErrorClass;

    std::size_t left() const { return static_cast<std::size_t>(end_ - p_); }
    bool has(std::size_t n) const { return n <= left(); }
    // `count` cells of `width` bytes: divided, not multiplied, so that no count wraps a 32-bit size_t
    // (row_size may be 2^31 - 1: 8 bytes each is 2^34).
    bool has_cells(std::size_t count, std::size_t width) const {
        if constexpr (mutant("tsfile_cell_bytes_wrap_32bit")) {
            return count * width <= left();  // MUTANT tsfile_cell_bytes_wrap_32bit: wraps where size_t is 32 bits
        }
        return count <= left() / width;
    }
    std::int32_t peek_i32() const {
        return static_cast<std::int32_t>(tsfile_detail::load_be<kPortable, std::uint32_t>(p_));
    }
    std::int32_t i32() {
        const std::int32_t v = peek_i32();
        p_ += 4;
        return v;
    }
    bool flag() { return *p_++ == 0x01; }  // BytesUtils.byteToBool

    ErrorClass string(tsfile::String& s, ErrorClass truncated);
    static void as_hash_map(std::vector<tsfile::Property>& props);
    ErrorClass binary(ByteView& b, ErrorClass truncated);  // b: the Binary's bytes in the input
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
        if constexpr (mutant("tsfile_column_bounds_one_short")) {
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
        if (!has_cells(rows, sizeof(T))) return ErrorClass::truncated_values;
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
    if constexpr (mutant("tsfile_string_length_partly_in_input")) {
        // MUTANT tsfile_string_length_partly_in_input: the length is loaded once its first byte is in the
        // input, and checked with the bytes it counts: a read past an input that ends inside the length
        if (!has(1) || !has(4 + static_cast<std::size_t>(std::max(peek_i32(), 0)))) return truncated;
    } else {
        if (!has(4)) return truncated;
    }
    const std::int32_t len = i32();
    if constexpr (mutant("tsfile_string_only_minus_one_is_null")) {
        // MUTANT tsfile_string_only_minus_one_is_null: other negative lengths fail as truncation
        if (len < -1) return truncated;
    }
    if (len < 0) {
        s.reset();
        return ErrorClass::ok;
    }
    if (!has(static_cast<std::size_t>(len))) return truncated;
    tsfile_detail::append_java_string(s.emplace(), p_, static_cast<std::size_t>(len));
    p_ += len;
    return ErrorClass::ok;
}

template <bool kPortable>
tsfile::ErrorClass TsfileTabletDeserializer<kPortable>::binary(ByteView& b, ErrorClass truncated) {
    if constexpr (mutant("tsfile_binary_length_read_before_bound")) {
        // MUTANT tsfile_binary_length_read_before_bound: the length is loaded first and checked with the
        // bytes it counts: a read past an input that ends where the length is due, or inside it
        if (!has(4 + static_cast<std::size_t>(std::max(peek_i32(), 0)))) return truncated;
    } else {
        if (!has(4)) return truncated;
    }
    std::int32_t len = i32();
    // MUTANT tsfile_binary_length_8_bit: the length kept in a byte, so a Binary of 256+ bytes is misread
    if constexpr (mutant("tsfile_binary_length_8_bit")) len = len < 0 ? len : len & 0xff;
    if (len < 0) return ErrorClass::negative_binary_length;
    if (!has(static_cast<std::size_t>(len))) return truncated;
    b = ByteView(p_, static_cast<std::size_t>(len));
    p_ += len;
    return ErrorClass::ok;
}

template <bool kPortable>
tsfile::ErrorClass TsfileTabletDeserializer<kPortable>::schema(tsfile::Schema& s) {
    const ErrorClass trunc = ErrorClass::truncated_schemas;
    if (const ErrorClass e = string(s.name, trunc); e != ErrorClass::ok) return e;
    // Each enum byte is checked as Java reads it, so a cut after an unknown byte is that byte's error.
    if (!has(1)) return trunc;
    if constexpr (!mutant("tsfile_type_checked_after_bitmaps"))  // MUTANT: the order before apache/tsfile #295
        if (!tsfile_detail::known_type(p_[0])) return ErrorClass::unknown_data_type;
    if (!has(2)) return trunc;
    if (!tsfile_detail::readable_encoding(p_[1])) return ErrorClass::unknown_encoding;
    if (!has(3)) return trunc;
    if (!tsfile_detail::known_compressor(p_[2])) return ErrorClass::unknown_compressor;
    if (!has(3 + 4)) return trunc;
    s.type = p_[0];
    s.encoding = p_[1];
    s.compressor = p_[2];
    p_ += 3;
    std::int32_t props = i32();
    if constexpr (mutant("tsfile_props_count_unsigned")) {
        if (props < 0) props = std::numeric_limits<std::int32_t>::max();  // MUTANT: no `size > 0` test
    }
    for (std::int32_t i = 0; i < props; ++i) {
        tsfile::Property prop;
        if (const ErrorClass e = string(prop.key, trunc); e != ErrorClass::ok) return e;
        if (const ErrorClass e = string(prop.value, trunc); e != ErrorClass::ok) return e;
        s.props.push_back(std::move(prop));
    }
    as_hash_map(s.props);
    if (!has(1)) return trunc;
    const std::uint8_t category = *p_++;
    if constexpr (mutant("tsfile_category_unchecked")) {
        s.category = static_cast<tsfile::ColumnCategory>(category % 3);  // MUTANT tsfile_category_unchecked
        return ErrorClass::ok;
    }
    if (category > 2) return ErrorClass::invalid_column_category;
    s.category = static_cast<tsfile::ColumnCategory>(category);
    return ErrorClass::ok;
}

// MeasurementSchema.props is a HashMap, which the model holds in ascending key order: sorted once,
// stably, so that of equal keys the last read comes last and is the one put() kept.
template <bool kPortable>
void TsfileTabletDeserializer<kPortable>::as_hash_map(std::vector<tsfile::Property>& props) {
    if (props.size() < 2) return;
    // MUTANT tsfile_props_in_wire_order: props kept as read, a list and not a map
    if constexpr (mutant("tsfile_props_in_wire_order")) return;
    std::stable_sort(props.begin(), props.end(), [](const auto& a, const auto& b) { return a.key < b.key; });
    auto kept = props.begin();
    for (auto run = props.begin(); run != props.end();) {
        const auto end = std::find_if(run, props.end(), [&](const auto& p) { return p.key != run->key; });
        // MUTANT tsfile_props_first_value_wins: a repeated key keeps its first value
        auto& chosen = mutant("tsfile_props_first_value_wins") ? *run : *std::prev(end);
        if (&chosen != &*kept) *kept = std::move(chosen);
        ++kept;
        run = end;
    }
    props.erase(kept, props.end());
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
    if constexpr (mutant("tsfile_storage_from_declared_count")) {
        t.timestamps.emplace().reserve(rows);  // MUTANT tsfile_storage_from_declared_count: sized before the check
    }
    if (!has_cells(rows, 8)) return trunc;
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
        if constexpr (mutant("tsfile_flag_nonzero_is_true")) present = p_[-1] != 0;  // MUTANT
        if (!present) {
            t.bitmaps->emplace_back();
            continue;
        }
        tsfile::BitMap bm;
        if (!has(4)) return trunc;
        bm.size = i32();
        ByteView bytes;
        if (const ErrorClass e = binary(bytes, trunc); e != ErrorClass::ok) return e;
        bm.bytes.assign(bytes.begin(), bytes.end());
        t.bitmaps->push_back(std::move(bm));
    }
    return ErrorClass::ok;
}

// DATE: rowSize × i32 yyyyMMdd, each parsed by parseIntToLocalDate.
template <bool kPortable>
tsfile::ErrorClass TsfileTabletDeserializer<kPortable>::dates(std::size_t rows, tsfile::Column& c) {
    // A value-at-a-time reader meets a bad date before the end of the input: only the complete
    // cells present are looked at, then a short input is a truncation.
    if constexpr (mutant("tsfile_dates_truncation_first")) {  // MUTANT: the length check first
        if (!has_cells(rows, 4)) return ErrorClass::truncated_values;
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
    if constexpr (mutant("tsfile_binaries_truncation_first")) {  // MUTANT: one byte per cell checked first
        if (!has(rows)) return trunc;
    }
    tsfile::BinaryCells cells;
    // Every cell's bytes are in the input: its left bytes bound their total as well as the cell count.
    cells.reserve(std::min(rows, left()), left());
    for (std::size_t i = 0; i < rows; ++i) {
        if (!has(1)) return trunc;
        if (!flag()) {
            cells.push_null();
            continue;
        }
        ByteView cell;
        if (const ErrorClass e = binary(cell, trunc); e != ErrorClass::ok) return e;
        cells.push_back(cell);
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
                if constexpr (mutant("tsfile_boolean_nonzero_is_true")) {
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
        if constexpr (mutant("tsfile_absent_schema_realigned")) {
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
    if constexpr (mutant("tsfile_row_size_checked_first")) {  // MUTANT: before the schemas are read
        if (t.row_size < 0) return fail(ErrorClass::negative_row_size);
    }
    std::int32_t columns = 0;
    if (const ErrorClass e = schemas(t, columns); e != ErrorClass::ok) return fail(e);
    if (t.row_size < 0) return fail(ErrorClass::negative_row_size);
    if (const ErrorClass e = timestamps(t); e != ErrorClass::ok) return fail(e);
    if (columns < 0) {
        if constexpr (!mutant("tsfile_negative_schema_count_as_zero")) return fail(ErrorClass::negative_schema_count);
        columns = 0;  // MUTANT tsfile_negative_schema_count_as_zero
    }
    if (const ErrorClass e = bitmaps(t, columns); e != ErrorClass::ok) return fail(e);
    if constexpr (mutant("tsfile_type_checked_after_bitmaps")) {
        // MUTANT tsfile_type_checked_after_bitmaps: IMeasurementSchema::getType after the bitmaps, as
        // when the schema held the type as a byte
        if (t.schemas)
            for (const std::optional<tsfile::Schema>& s : *t.schemas)
                if (!tsfile_detail::known_type(s->type)) return fail(ErrorClass::unknown_data_type);
    }
    if (const ErrorClass e = values(t, columns, layout); e != ErrorClass::ok) return fail(e);
    out.consumed = static_cast<std::size_t>(p_ - in.data());
    if constexpr (mutant("tsfile_consumed_whole_input")) out.consumed = in.size();  // MUTANT: the tablet fills the buffer
    return out;
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS
