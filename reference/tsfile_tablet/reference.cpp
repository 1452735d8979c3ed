// Reference TsFile Tablet codec. Every rule names its section of tablets-and-bitmaps.md.
// One byte at a time, explicit shifts, no word loads, no memcpy of multi-byte values.
#include "reference/tsfile_tablet/reference.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "reference/common/utf8_replacement.hpp"

namespace tsc::tsfile::reference {
namespace {

// ---- data types (§1.1, §3 table, Errata 1) --------------------------------------------------------

// The Java array Tablet.deserialize builds for a type code, or none (the `default:` branch).
enum class Kind { boolean, int32, int64, float32, float64, binary, date, unsupported };

bool is_known_type(std::uint8_t code) { return code <= 12; }  // TSDataType.deserialize: 0..12

// TSEncoding.deserialize: 0..13 except FREQ (10), an enum constant without a case (Errata 9).
bool is_readable_encoding(std::uint8_t code) { return code <= 13 && code != 10; }

// CompressionType.deserialize: UNCOMPRESSED, SNAPPY, GZIP, LZ4 (7), ZSTD, LZMA2 (Errata 9).
bool is_known_compressor(std::uint8_t code) { return code <= 2 || (code >= 7 && code <= 9); }

Kind kind_of(std::uint8_t code, Layout layout) {
    switch (code) {
        case 0: return Kind::boolean;
        case 1: return Kind::int32;
        case 2:                                // INT64
        case 8: return Kind::int64;            // TIMESTAMP
        case 3: return Kind::float32;
        case 4: return Kind::float64;
        case 5:                                // TEXT
        case 10:                               // BLOB
        case 11: return Kind::binary;          // STRING
        case 9: return Kind::date;
        case 12:                               // OBJECT: like TEXT in the newest layout only (Errata 1)
            return layout == Layout::newest ? Kind::binary : Kind::unsupported;
        default: return Kind::unsupported;     // VECTOR, UNKNOWN
    }
}

// The variant alternative that holds a Kind's Java array.
std::size_t alternative_of(Kind k) { return static_cast<std::size_t>(k); }

// ---- values (§3 "NaN canonicalization note", §2.3 DATE) ------------------------------------------

// BytesUtils.floatToBytes uses Float.floatToIntBits: every NaN becomes 7fc00000; −0.0 keeps its sign.
std::uint32_t canonical_float(std::uint32_t bits) {
    const bool nan = (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu) != 0;
    return nan ? 0x7fc00000u : bits;
}

// Double.doubleToLongBits: every NaN becomes 7ff8000000000000.
std::uint64_t canonical_double(std::uint64_t bits) {
    const std::uint64_t exponent = 0x7ff0000000000000u;
    const bool nan = (bits & exponent) == exponent && (bits & 0x000fffffffffffffu) != 0;
    return nan ? 0x7ff8000000000000u : bits;
}

bool is_leap_year(std::int32_t y) { return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0); }

// java.time.LocalDate.of: a proleptic Gregorian calendar date.
bool is_calendar_date(const Date& d) {
    static constexpr std::int32_t kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (d.month < 1 || d.month > 12 || d.day < 1) return false;
    const std::int32_t days = kDays[d.month - 1] + (d.month == 2 && is_leap_year(d.year) ? 1 : 0);
    return d.day <= days;
}

constexpr std::int32_t kEmptyDateInt = 10000101;  // DateUtils.EMPTY_DATE_INT: a null LocalDate (§3)
constexpr Date kEmptyDate{1000, 1, 1};

// DateUtils.parseDateExpressionToInt (@a9f54614, Errata 7): yyyyMMdd, year 1000..9999.
ErrorClass date_to_int(const Date& d, std::int32_t& out) {
    if (!is_calendar_date(d)) return ErrorClass::invalid_date;
    if (d.year < 1000 || d.year > 9999) return ErrorClass::date_out_of_range;
    out = d.year * 10000 + d.month * 100 + d.day;
    return ErrorClass::ok;
}

// DateUtils.parseIntToLocalDate: LocalDate.of(v / 10000, v / 100 % 100, v % 100), Java's
// truncating division; 0 and every negative value fail (month ≤ 0).
bool int_to_date(std::int32_t v, Date& out) {
    out = Date{v / 10000, (v / 100) % 100, v % 100};
    return is_calendar_date(out);
}

std::int32_t bitmap_byte_count(std::int32_t rows) { return rows / 8 + 1; }  // BitMap.getSizeOfBytes (§4.1)

// BitMap.isAllUnmarked(rows) reads the byte of each row in turn and stops at the first mark; the
// array has no length check, so running past its end throws (Errata 9).
enum class MarkScan { unmarked, marked, past_end };

MarkScan scan_marks(const Bytes& bytes, std::int32_t rows) {
    for (std::int32_t i = 0; i < rows; ++i) {
        const auto byte = static_cast<std::size_t>(i >> 3);
        if (byte >= bytes.size()) return MarkScan::past_end;
        if ((bytes[byte] >> (i & 7)) & 1u) return MarkScan::marked;
    }
    return MarkScan::unmarked;
}

// isAllUnmarked(rowSize) is false: some row in [0, rowSize) is marked (§3 row 5a). Padding ignored.
bool any_mark_below(const Bytes& bytes, std::int32_t rows) { return scan_marks(bytes, rows) == MarkScan::marked; }

// getTruncatedByteArray(rows): Arrays.copyOf to rows/8+1 bytes, a shorter array padded with zeros.
Bytes truncated_byte_array(const Bytes& bytes, std::int32_t rows) {
    Bytes out(static_cast<std::size_t>(bitmap_byte_count(rows)), 0);
    for (std::size_t i = 0; i < out.size() && i < bytes.size(); ++i) out[i] = bytes[i];
    return out;
}

// ---- writing (§3: ReadWriteIOUtils, every integer big-endian) ------------------------------------

class Writer {
public:
    // The bytes are appended one at a time; room for a small tablet up front saves the vector's
    // first growths, each an allocation (and the cost of most checks under a sanitizer).
    explicit Writer(Bytes& out) : out_(out) { out_.reserve(256); }

    void u8(std::uint8_t b) { out_.push_back(b); }
    void flag(bool b) { u8(b ? 0x01 : 0x00); }  // BytesUtils.boolToByte
    void i32(std::int32_t v) { be(static_cast<std::uint32_t>(v), 4); }
    void u32(std::uint32_t v) { be(v, 4); }
    void i64(std::int64_t v) { be(static_cast<std::uint64_t>(v), 8); }
    void u64(std::uint64_t v) { be(v, 8); }
    void bytes(const std::uint8_t* p, std::size_t n) { out_.insert(out_.end(), p, p + n); }
    // String: i32 byte length, −1 for null, then the UTF-8 bytes.
    void string(const String& s) {
        if (!s) {
            i32(-1);
            return;
        }
        i32(static_cast<std::int32_t>(s->size()));
        bytes(reinterpret_cast<const std::uint8_t*>(s->data()), s->size());
    }
    // Binary: i32 length, then the bytes.
    void binary(const std::uint8_t* p, std::size_t n) {
        i32(static_cast<std::int32_t>(n));
        bytes(p, n);
    }

private:
    void be(std::uint64_t v, unsigned width) {
        for (unsigned i = width; i-- > 0;) u8(static_cast<std::uint8_t>((v >> (8 * i)) & 0xFFu));
    }
    Bytes& out_;
};

// §3 row 3c/3d: MeasurementSchema.serializeTo, then the category byte.
void write_schema(Writer& w, const Schema& s) {
    w.string(s.name);
    w.u8(s.type);
    w.u8(s.encoding);
    w.u8(s.compressor);
    w.i32(static_cast<std::int32_t>(s.props.size()));  // 0 for null props
    for (const Property& p : s.props) {
        w.string(p.key);
        w.string(p.value);
    }
    w.u8(static_cast<std::uint8_t>(s.category));
}

std::size_t schema_count(const Tablet& t) { return t.schemas ? t.schemas->size() : 0; }

// §3 row 3.
void write_schemas(Writer& w, const Tablet& t) {
    w.flag(t.schemas.has_value());
    if (!t.schemas) return;
    w.i32(static_cast<std::int32_t>(t.schemas->size()));
    for (const std::optional<Schema>& s : *t.schemas) {
        w.flag(s.has_value());
        if (s) write_schema(w, *s);
    }
}

// §3 row 4.
ErrorClass write_timestamps(Writer& w, const Tablet& t) {
    w.flag(t.timestamps.has_value());
    if (!t.timestamps) return ErrorClass::ok;
    for (std::int32_t i = 0; i < t.row_size; ++i) {
        if (static_cast<std::size_t>(i) >= t.timestamps->size()) return ErrorClass::array_too_short;
        w.i64((*t.timestamps)[static_cast<std::size_t>(i)]);
    }
    return ErrorClass::ok;
}

// §3 row 5a: flag (isAllUnmarked(rowSize)), then i32 rowSize and a Binary of getTruncatedByteArray(rowSize).
ErrorClass write_bitmap(Writer& w, const std::optional<BitMap>& bm, std::int32_t rows) {
    if (!bm) {
        w.flag(false);
        return ErrorClass::ok;
    }
    const MarkScan scan = scan_marks(bm->bytes, rows);
    if (scan == MarkScan::past_end) return ErrorClass::array_too_short;
    if (scan == MarkScan::unmarked) {
        w.flag(false);
        return ErrorClass::ok;
    }
    w.flag(true);
    w.i32(rows);
    const Bytes written = truncated_byte_array(bm->bytes, rows);  // trailing bits as given
    w.binary(written.data(), written.size());
    return ErrorClass::ok;
}

// §3 row 5.
ErrorClass write_bitmaps(Writer& w, const Tablet& t) {
    w.flag(t.bitmaps.has_value());
    if (!t.bitmaps) return ErrorClass::ok;
    for (std::size_t j = 0; j < schema_count(t); ++j) {
        if (j >= t.bitmaps->size()) return ErrorClass::column_count_mismatch;
        if (const ErrorClass e = write_bitmap(w, (*t.bitmaps)[j], t.row_size); e != ErrorClass::ok) return e;
    }
    return ErrorClass::ok;
}

// Writes rows [0, rows) of an array of `length` cells through `put(row)`, which may fail; a short
// array fails at its first missing row.
template <class Put>
ErrorClass write_rows(std::size_t length, std::int32_t rows, Put put) {
    for (std::int32_t i = 0; i < rows; ++i) {
        if (static_cast<std::size_t>(i) >= length) return ErrorClass::array_too_short;
        if (const ErrorClass e = put(static_cast<std::size_t>(i)); e != ErrorClass::ok) return e;
    }
    return ErrorClass::ok;
}

// write_rows with `put` given each cell.
template <class Cells, class Put>
ErrorClass write_cells(const Cells& cells, std::int32_t rows, Put put) {
    return write_rows(cells.size(), rows, [&](std::size_t i) { return put(cells[i]); });
}

// §3 rows 6b: one column's cells by its Java array type.
ErrorClass write_column_cells(Writer& w, const Column& c, std::int32_t rows) {
    const auto ok = ErrorClass::ok;
    switch (c.index()) {
        case 0: return write_cells(std::get<BooleanCells>(c), rows, [&](std::uint8_t b) { w.flag(b != 0); return ok; });
        case 1: return write_cells(std::get<Int32Cells>(c), rows, [&](std::int32_t v) { w.i32(v); return ok; });
        case 2: return write_cells(std::get<Int64Cells>(c), rows, [&](std::int64_t v) { w.i64(v); return ok; });
        case 3:
            return write_cells(std::get<FloatCells>(c), rows, [&](std::uint32_t v) { w.u32(canonical_float(v)); return ok; });
        case 4:
            return write_cells(std::get<DoubleCells>(c), rows, [&](std::uint64_t v) { w.u64(canonical_double(v)); return ok; });
        case 5: {  // TEXT / STRING / BLOB (/ OBJECT): presence byte, then a Binary
            const BinaryCells& cells = std::get<BinaryCells>(c);
            return write_rows(cells.size(), rows, [&](std::size_t i) {
                w.flag(!cells.is_null(i));
                if (!cells.is_null(i)) w.binary(cells[i].data(), cells[i].size());
                return ok;
            });
        }
        default:  // DATE: yyyyMMdd; a null LocalDate is EMPTY_DATE_INT
            return write_cells(std::get<DateCells>(c), rows, [&](const std::optional<Date>& d) {
                std::int32_t v = kEmptyDateInt;
                if (d)
                    if (const ErrorClass e = date_to_int(*d, v); e != ErrorClass::ok) return e;
                w.i32(v);
                return ok;
            });
    }
}

// §3 row 6: writeValues → serializeColumn(schemas.get(j).getType(), values[j], …), Java's order of
// evaluation: the schema (NPE), its type (IllegalArgumentException), values[j], then the column.
ErrorClass write_values(Writer& w, const Tablet& t, Layout layout) {
    w.flag(t.values.has_value());
    if (!t.values) return ErrorClass::ok;
    for (std::size_t j = 0; j < schema_count(t); ++j) {
        const std::optional<Schema>& s = (*t.schemas)[j];
        if (!s) return ErrorClass::missing_schema;
        if (!is_known_type(s->type)) return ErrorClass::unknown_data_type;
        if (j >= t.values->size()) return ErrorClass::column_count_mismatch;
        const std::optional<Column>& c = (*t.values)[j];
        w.flag(c.has_value());
        if (!c) continue;
        const Kind kind = kind_of(s->type, layout);
        if (kind == Kind::unsupported) return ErrorClass::unsupported_data_type;
        if (c->index() != alternative_of(kind)) return ErrorClass::column_type_mismatch;  // ClassCastException
        if (const ErrorClass e = write_column_cells(w, *c, t.row_size); e != ErrorClass::ok) return e;
    }
    return ErrorClass::ok;
}

// ---- reading (§3 "Deserialization") ------------------------------------------------------------

// Reads one byte at a time and never past the end; every failure is the caller's section class.
// The per-byte primitives are always inlined: a call per byte whose result comes back through a
// reference costs, under AddressSanitizer with detect_stack_use_after_return (the fuzzers' runtime),
// a heap-allocated frame for the caller's local, on every byte of every input.
class Reader {
public:
    explicit Reader(ByteView in) : in_(in) {}

    [[gnu::always_inline]] bool u8(std::uint8_t& b) {
        if (pos_ >= in_.size()) return false;
        b = in_[pos_++];
        return true;
    }
    // BytesUtils.byteToBool: only 0x01 is true (§2.3 step 3).
    bool flag(bool& b) {
        std::uint8_t v = 0;
        if (!u8(v)) return false;
        b = v == 1;
        return true;
    }
    bool i32(std::int32_t& v) {
        std::uint64_t u = 0;
        if (!be(4, u)) return false;
        v = static_cast<std::int32_t>(static_cast<std::uint32_t>(u));
        return true;
    }
    bool u32(std::uint32_t& v) {
        std::uint64_t u = 0;
        if (!be(4, u)) return false;
        v = static_cast<std::uint32_t>(u);
        return true;
    }
    bool i64(std::int64_t& v) {
        std::uint64_t u = 0;
        if (!be(8, u)) return false;
        v = static_cast<std::int64_t>(u);
        return true;
    }
    bool u64(std::uint64_t& v) { return be(8, v); }
    // How many of `declared` items of at least `min_bytes` bytes each the unread input can hold: the
    // room a list may reserve, so that storage follows the input and never a declared count alone.
    std::size_t can_hold(std::int32_t declared, std::size_t min_bytes) const {
        return std::min(static_cast<std::size_t>(std::max(declared, 0)), (in_.size() - pos_) / min_bytes);
    }
    // `n` bytes appended one at a time (to Bytes or a std::string).
    template <class Out>
    bool bytes(std::int32_t n, Out& out) {
        out.reserve(can_hold(n, 1));
        for (std::int32_t i = 0; i < n; ++i) {
            std::uint8_t b = 0;
            if (!u8(b)) return false;
            out.push_back(b);
        }
        return true;
    }
    std::size_t position() const { return pos_; }

private:
    bool be(unsigned width, std::uint64_t& v) {
        v = 0;
        for (unsigned i = 0; i < width; ++i) {
            std::uint8_t b = 0;
            if (!u8(b)) return false;
            v = (v << 8) | b;
        }
        return true;
    }
    ByteView in_;
    std::size_t pos_ = 0;
};

// ---- Java Strings (profile rule strings_decoded_with_replacement) ---------------------------------

// new String(bytes, 0, len, UTF_8) as OpenJDK decodes it, back to UTF-8 bytes.
std::string java_string(const std::string& in) { return utf8_with_replacement(in, Surrogates::whole_sequence); }

// ReadWriteIOUtils.readString: any negative length gives null (not only −1); the bytes are decoded
// as a Java String.
ErrorClass read_string(Reader& r, String& out, ErrorClass truncated) {
    std::int32_t len = 0;
    if (!r.i32(len)) return truncated;
    if (len < 0) {
        out.reset();
        return ErrorClass::ok;
    }
    std::string bytes;
    if (!r.bytes(len, bytes)) return truncated;
    out = java_string(bytes);
    return ErrorClass::ok;
}

// MeasurementSchema.props is a HashMap: put() keeps a key's last value. The model holds a map in
// ascending key order (null first), which is what a deserializer is compared on.
void put_property(std::vector<Property>& props, Property p) {
    const auto at = std::find_if(props.begin(), props.end(), [&](const Property& q) { return q.key == p.key; });
    if (at != props.end())
        at->value = std::move(p.value);
    else
        props.insert(std::upper_bound(props.begin(), props.end(), p,
                                      [](const Property& a, const Property& b) { return a.key < b.key; }),
                     std::move(p));
}

// ReadWriteIOUtils.readBinary: a negative length is new byte[negative].
ErrorClass read_binary(Reader& r, Bytes& out, ErrorClass truncated) {
    std::int32_t len = 0;
    if (!r.i32(len)) return truncated;
    if (len < 0) return ErrorClass::negative_binary_length;
    if (!r.bytes(len, out)) return truncated;
    return ErrorClass::ok;
}

// MeasurementSchema.deserializeFrom(ByteBuffer), then ColumnCategory.values()[byte].
ErrorClass read_schema(Reader& r, Schema& s) {
    const ErrorClass t = ErrorClass::truncated_schemas;
    if (const ErrorClass e = read_string(r, s.name, t); e != ErrorClass::ok) return e;
    // TSDataType, TSEncoding, CompressionType.deserialize: each byte is checked as it is read (Errata 9).
    if (!r.u8(s.type)) return t;
    if (!is_known_type(s.type)) return ErrorClass::unknown_data_type;
    if (!r.u8(s.encoding)) return t;
    if (!is_readable_encoding(s.encoding)) return ErrorClass::unknown_encoding;
    if (!r.u8(s.compressor)) return t;
    if (!is_known_compressor(s.compressor)) return ErrorClass::unknown_compressor;
    std::int32_t count = 0;
    if (!r.i32(count)) return t;
    s.props.reserve(r.can_hold(count, 8));  // two string lengths at least
    for (std::int32_t i = 0; i < count; ++i) {  // `if (size > 0)`: a count ≤ 0 is null props
        Property p;
        if (const ErrorClass e = read_string(r, p.key, t); e != ErrorClass::ok) return e;
        if (const ErrorClass e = read_string(r, p.value, t); e != ErrorClass::ok) return e;
        put_property(s.props, std::move(p));
    }
    std::uint8_t category = 0;
    if (!r.u8(category)) return t;
    if (category > 2) return ErrorClass::invalid_column_category;  // a signed byte < 0 is > 2 here
    s.category = static_cast<ColumnCategory>(category);
    return ErrorClass::ok;
}

// Schemas present, count, then per schema a presence byte. An absent schema is skipped but still
// counted (§3): the list holds only present schemas, schema_count the declared number.
ErrorClass read_schemas(Reader& r, Tablet& t, std::int32_t& schema_count) {
    const ErrorClass trunc = ErrorClass::truncated_schemas;
    bool present = false;
    if (!r.flag(present)) return trunc;
    schema_count = 0;
    if (!present) return ErrorClass::ok;
    if (!r.i32(schema_count)) return trunc;
    t.schemas.emplace().reserve(r.can_hold(schema_count, 1));
    for (std::int32_t i = 0; i < schema_count; ++i) {
        bool has = false;
        if (!r.flag(has)) return trunc;
        if (!has) continue;
        Schema s;
        if (const ErrorClass e = read_schema(r, s); e != ErrorClass::ok) return e;
        t.schemas->push_back(std::move(s));
    }
    return ErrorClass::ok;
}

ErrorClass read_timestamps(Reader& r, Tablet& t) {
    const ErrorClass trunc = ErrorClass::truncated_timestamps;
    bool present = false;
    if (!r.flag(present)) return trunc;
    if (!present) return ErrorClass::ok;
    t.timestamps.emplace().reserve(r.can_hold(t.row_size, 8));
    for (std::int32_t i = 0; i < t.row_size; ++i) {
        std::int64_t v = 0;
        if (!r.i64(v)) return trunc;
        t.timestamps->push_back(v);
    }
    return ErrorClass::ok;
}

// readBitMapsFromBuffer: one entry per declared column; flag, i32 size, Binary bytes.
ErrorClass read_bitmaps(Reader& r, Tablet& t, std::int32_t columns) {
    const ErrorClass trunc = ErrorClass::truncated_bitmaps;
    bool present = false;
    if (!r.flag(present)) return trunc;
    if (!present) return ErrorClass::ok;
    t.bitmaps.emplace().reserve(r.can_hold(columns, 1));
    for (std::int32_t i = 0; i < columns; ++i) {
        bool has = false;
        if (!r.flag(has)) return trunc;
        if (!has) {
            t.bitmaps->emplace_back();
            continue;
        }
        BitMap bm;
        if (!r.i32(bm.size)) return trunc;
        if (const ErrorClass e = read_binary(r, bm.bytes, trunc); e != ErrorClass::ok) return e;
        t.bitmaps->push_back(std::move(bm));
    }
    return ErrorClass::ok;
}

// Reads `rows` cells of at least `min_bytes` bytes each into the column's array through `get`, which
// may fail.
template <class Cells, class Get>
ErrorClass read_cells(Reader& r, std::int32_t rows, std::size_t min_bytes, Column& column, Get get) {
    Cells cells;
    cells.reserve(r.can_hold(rows, min_bytes));
    for (std::int32_t i = 0; i < rows; ++i) {
        typename Cells::value_type v{};
        if (const ErrorClass e = get(v); e != ErrorClass::ok) return e;
        cells.push_back(std::move(v));
    }
    column = std::move(cells);
    return ErrorClass::ok;
}

// A TEXT / STRING / BLOB (/ OBJECT) column: each row a presence byte, then a Binary when present.
ErrorClass read_binary_cells(Reader& r, std::int32_t rows, Column& column) {
    const ErrorClass trunc = ErrorClass::truncated_values;
    BinaryCells cells;
    cells.reserve(r.can_hold(rows, 1), 0);
    Bytes cell;
    for (std::int32_t i = 0; i < rows; ++i) {
        bool present = false;
        if (!r.flag(present)) return trunc;
        if (!present) {  // Java substitutes Binary.EMPTY_VALUE; the model keeps the null
            cells.push_null();
            continue;
        }
        cell.clear();
        if (const ErrorClass e = read_binary(r, cell, trunc); e != ErrorClass::ok) return e;
        cells.push_back(cell);
    }
    column = std::move(cells);
    return ErrorClass::ok;
}

// readTabletValuesFromBuffer: one column by its schema's type.
ErrorClass read_column(Reader& r, Kind kind, std::int32_t rows, Column& c) {
    const ErrorClass trunc = ErrorClass::truncated_values;
    const auto ok = ErrorClass::ok;
    switch (kind) {
        case Kind::boolean:
            return read_cells<BooleanCells>(r, rows, 1, c, [&](std::uint8_t& v) {
                bool b = false;
                if (!r.flag(b)) return trunc;
                v = b ? 1 : 0;
                return ok;
            });
        case Kind::int32: return read_cells<Int32Cells>(r, rows, 4, c, [&](std::int32_t& v) { return r.i32(v) ? ok : trunc; });
        case Kind::int64: return read_cells<Int64Cells>(r, rows, 8, c, [&](std::int64_t& v) { return r.i64(v) ? ok : trunc; });
        case Kind::float32: return read_cells<FloatCells>(r, rows, 4, c, [&](std::uint32_t& v) { return r.u32(v) ? ok : trunc; });
        case Kind::float64: return read_cells<DoubleCells>(r, rows, 8, c, [&](std::uint64_t& v) { return r.u64(v) ? ok : trunc; });
        case Kind::binary: return read_binary_cells(r, rows, c);
        case Kind::date:
            return read_cells<DateCells>(r, rows, 4, c, [&](std::optional<Date>& v) {
                std::int32_t raw = 0;
                if (!r.i32(raw)) return trunc;
                v.emplace();
                return int_to_date(raw, *v) ? ok : ErrorClass::invalid_date;
            });
        case Kind::unsupported: break;
    }
    return ErrorClass::unsupported_data_type;
}

ErrorClass read_values(Reader& r, Tablet& t, std::int32_t columns, Layout layout) {
    const ErrorClass trunc = ErrorClass::truncated_values;
    bool present = false;
    if (!r.flag(present)) return trunc;
    if (!present) return ErrorClass::ok;
    t.values.emplace().reserve(r.can_hold(columns, 1));
    const std::size_t typed = t.schemas ? t.schemas->size() : 0;
    for (std::int32_t i = 0; i < columns; ++i) {
        bool has = false;
        if (!r.flag(has)) return trunc;
        if (!has) {
            t.values->emplace_back();
            continue;
        }
        // types[i] indexes the compacted schema list: misindexed after an absent schema, and
        // ArrayIndexOutOfBounds past its end (§3, Errata 8).
        if (static_cast<std::size_t>(i) >= typed) return ErrorClass::column_without_schema;
        Column c;
        const Kind kind = kind_of((*t.schemas)[static_cast<std::size_t>(i)]->type, layout);
        if (const ErrorClass e = read_column(r, kind, t.row_size, c); e != ErrorClass::ok) return e;
        t.values->push_back(std::move(c));
    }
    return ErrorClass::ok;
}

// ---- canonical logical tablet ------------------------------------------------------------------

template <class Cells, class Map>
Cells first_rows(const Cells& cells, std::int32_t rows, Map map) {
    Cells out;
    for (std::int32_t i = 0; i < rows; ++i) out.push_back(map(cells[static_cast<std::size_t>(i)]));
    return out;
}

Column canonical_column(const Column& c, std::int32_t rows) {
    const auto same = [](const auto& v) { return v; };
    switch (c.index()) {
        case 0: return first_rows(std::get<BooleanCells>(c), rows, [](std::uint8_t b) -> std::uint8_t { return b != 0; });
        case 1: return first_rows(std::get<Int32Cells>(c), rows, same);
        case 2: return first_rows(std::get<Int64Cells>(c), rows, same);
        case 3: return first_rows(std::get<FloatCells>(c), rows, canonical_float);
        case 4: return first_rows(std::get<DoubleCells>(c), rows, canonical_double);
        case 5: {
            BinaryCells cells = std::get<BinaryCells>(c);
            cells.resize(static_cast<std::size_t>(rows));
            return cells;
        }
        default:
            return first_rows(std::get<DateCells>(c), rows,
                              [](const std::optional<Date>& d) { return std::optional<Date>(d ? *d : kEmptyDate); });
    }
}

std::optional<BitMap> canonical_bitmap(const std::optional<BitMap>& bm, std::int32_t rows) {
    if (!bm || !any_mark_below(bm->bytes, rows)) return std::nullopt;
    return BitMap{rows, truncated_byte_array(bm->bytes, rows)};
}

}  // namespace

SerializeOutcome serialize(const Tablet& t, Layout layout) {
    SerializeOutcome out;
    Writer w(out.bytes);
    w.string(t.target);  // §3 row 1
    if (t.row_size < 0) out.error = ErrorClass::negative_row_size;
    w.i32(t.row_size);  // row 2
    write_schemas(w, t);
    if (out.ok()) out.error = write_timestamps(w, t);
    if (out.ok()) out.error = write_bitmaps(w, t);
    if (out.ok()) out.error = write_values(w, t, layout);
    if (!out.ok()) out.bytes.clear();  // Tablet.serialize() throws; nothing is returned
    return out;
}

DeserializeOutcome deserialize(ByteView in, Layout layout) {
    DeserializeOutcome out;
    Reader r(in);
    Tablet& t = out.tablet;
    const auto fail = [&](ErrorClass e) {
        out.error = e;
        out.tablet = Tablet{};
        return out;
    };
    if (const ErrorClass e = read_string(r, t.target, ErrorClass::truncated_target_name); e != ErrorClass::ok)
        return fail(e);
    if (!r.i32(t.row_size)) return fail(ErrorClass::truncated_row_size);
    std::int32_t columns = 0;
    if (const ErrorClass e = read_schemas(r, t, columns); e != ErrorClass::ok) return fail(e);
    if (t.row_size < 0) return fail(ErrorClass::negative_row_size);  // new long[rowSize], after the schemas
    if (const ErrorClass e = read_timestamps(r, t); e != ErrorClass::ok) return fail(e);
    if (columns < 0) return fail(ErrorClass::negative_schema_count);  // new BitMap[schemaSize]
    if (const ErrorClass e = read_bitmaps(r, t, columns); e != ErrorClass::ok) return fail(e);
    if (const ErrorClass e = read_values(r, t, columns, layout); e != ErrorClass::ok) return fail(e);
    out.consumed = r.position();
    return out;
}

Tablet round_trip_image(const Tablet& t, Layout) {
    const auto as_read = [](const String& s) -> String { return s ? String(java_string(*s)) : std::nullopt; };
    Tablet out;
    out.target = as_read(t.target);
    out.row_size = t.row_size;
    const std::size_t columns = schema_count(t);
    if (t.schemas) {
        out.schemas.emplace();
        for (const std::optional<Schema>& s : *t.schemas) {
            if (!s) continue;
            Schema& read = *out.schemas->emplace_back(*s);
            read.name = as_read(s->name);
            read.props.clear();
            for (const Property& p : s->props) put_property(read.props, {as_read(p.key), as_read(p.value)});
        }
    }
    if (t.timestamps)
        out.timestamps.emplace(t.timestamps->begin(), t.timestamps->begin() + static_cast<std::ptrdiff_t>(t.row_size));
    if (t.bitmaps) {
        out.bitmaps.emplace();
        for (std::size_t j = 0; j < columns; ++j) out.bitmaps->push_back(canonical_bitmap((*t.bitmaps)[j], t.row_size));
    }
    if (t.values) {
        out.values.emplace();
        for (std::size_t j = 0; j < columns; ++j) {
            const std::optional<Column>& c = (*t.values)[j];
            out.values->push_back(c ? std::optional<Column>(canonical_column(*c, t.row_size)) : std::nullopt);
        }
    }
    return out;
}

}  // namespace tsc::tsfile::reference
