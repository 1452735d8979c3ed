// Reference IoTDB insertTablet serializer and server parser. Every rule names its section of
// tablets-and-bitmaps.md. One byte at a time, big-endian by explicit shifts, arithmetic through unsigned types.
#include "reference/iotdb_tablet/reference.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <utility>

#include "reference/common/utf8_replacement.hpp"

namespace tsc::iotdb::reference {
namespace {

// ==================================================================================================
// Serializer
// ==================================================================================================

constexpr std::uint32_t kDateSentinel = 10000101;  // §2.6: Java and C++ DATE null (1000-01-01)

// §1.1: every multi-byte value is big-endian: most significant byte first.
void put_be(Bytes& out, std::uint64_t value, unsigned width) {
    for (unsigned i = width; i > 0; --i) out.push_back(static_cast<std::uint8_t>((value >> (8 * (i - 1))) & 0xFFu));
}

bool is_null(const Column& c, std::size_t row) { return c.nulls[row] != 0; }

bool has_null(const Column& c) {
    for (std::uint8_t mark : c.nulls)
        if (mark != 0) return true;
    return false;
}

std::size_t cell_count(const Cells& cells) {
    return std::visit([](const auto& v) { return v.size(); }, cells);
}

// VECTOR, UNKNOWN and non-codes have no tablet writer case (§1.1).
ErrorClass check_types(const Tablet& t) {
    for (const Column& c : t.columns)
        if (!cells_index(c.type)) return ErrorClass::unsupported_type;
    return ErrorClass::ok;
}

ErrorClass check_shape(const Tablet& t, const ClientState& s) {
    const std::size_t n = t.row_count();
    for (const Column& c : t.columns)
        if (c.cells.index() != *cells_index(c.type) || cell_count(c.cells) != n || c.nulls.size() != n)
            return ErrorClass::inconsistent_tablet;
    if (!s.columns.empty() && s.columns.size() != t.columns.size()) return ErrorClass::inconsistent_tablet;
    return ErrorClass::ok;
}

bool year_in_range(std::int64_t year) { return year >= 1000 && year <= 9999; }

std::uint32_t yyyymmdd(std::int64_t year, unsigned month, unsigned day) {
    return static_cast<std::uint32_t>(year) * 10000u + month * 100u + day;
}

bool leap(std::int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

unsigned days_in_month(std::int64_t year, unsigned month) {
    static constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && leap(year) ? 29 : kDays[month - 1];
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

// Days since 1970-01-01 of a proleptic Gregorian date with month 1–12 (any day offset added after).
std::int64_t days_from_civil(std::int64_t y, unsigned m) {
    y -= m <= 2;
    const std::int64_t era = floor_div(y, 400);
    const std::int64_t yoe = y - era * 400;
    const std::int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

Date civil_from_days(std::int64_t z, std::int64_t& year) {
    z += 719468;
    const std::int64_t era = floor_div(z, 146097);
    const std::int64_t doe = z - era * 146097;
    const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const std::int64_t mp = (5 * doy + 2) / 153;
    const auto d = static_cast<std::uint8_t>(doy - (153 * mp + 2) / 5 + 1);
    const auto m = static_cast<std::uint8_t>(mp < 10 ? mp + 3 : mp - 9);
    year = yoe + era * 400 + (m <= 2);
    return Date{0, m, d};
}

// Errata 9, go.date_normalised: Go's time.Date(year, month, day): month and day outside their ranges carry
// into the year and the month (month 0 is December of the year before, day 0 the last day of the month
// before), as Go normalises before DateToInt32 sees the value.
bool pack_normalised(const Date& d, std::uint32_t& out) {
    const std::int64_t m0 = static_cast<std::int64_t>(d.month) - 1;
    const std::int64_t year = d.year + floor_div(m0, 12);
    const auto month = static_cast<unsigned>(m0 - floor_div(m0, 12) * 12 + 1);
    std::int64_t y = 0;
    const Date n = civil_from_days(days_from_civil(year, month) + d.day - 1, y);
    if (!year_in_range(y)) return false;
    out = yyyymmdd(y, n.month, n.day);
    return true;
}

// §2.3: yyyyMMdd; the year must be 1000–9999 (Errata 7). Month and day are not validated (C++, Errata 8)
// but must be two decimal digits to be yyyyMMdd at all; Node with OBJECT checks the calendar
// (node-f0b76ed8.date_calendar), Go normalises it first, and Node @02aedeb7 checks nothing: the number
// need only be an int32 (node.date_number).
bool is_calendar_date(const Date& d) {
    return d.month >= 1 && d.month <= 12 && d.day >= 1 && d.day <= days_in_month(d.year, d.month);
}

bool pack_date(const Date& d, DateRule rule, std::uint32_t& out) {
    if (rule == DateRule::normalised) return pack_normalised(d, out);
    if (rule == DateRule::js_number) {
        const std::int64_t number = std::int64_t{d.year} * 10000 + d.month * 100 + d.day;
        if (number < INT32_MIN || number > INT32_MAX) return false;
        out = static_cast<std::uint32_t>(number);
        return true;
    }
    if (!year_in_range(d.year) || d.month > 99 || d.day > 99) return false;
    if (rule == DateRule::calendar_checked && !is_calendar_date(d)) return false;
    out = yyyymmdd(d.year, d.month, d.day);
    return true;
}

// §2.6 "slot value": a Go slot holds whatever was stored; packed without a check, wrapping as an i32 does.
std::uint32_t pack_date_unchecked(const Date& d) { return yyyymmdd(d.year, d.month, d.day); }

// Errata 9, node.float_nan_quieted: an f32 NaN through a JS number comes back quiet.
std::uint32_t float_as_written(std::uint32_t bits, FloatNanRule rule) {
    const bool nan = (bits & 0x7F800000u) == 0x7F800000u && (bits & 0x007FFFFFu) != 0;
    return rule == FloatNanRule::quieted && nan ? bits | 0x00400000u : bits;
}

// Errata 9, node.timestamps_js_number: v as the nearest double (ties to even), in integer arithmetic: the
// magnitude keeps its 53 leading significant bits. False when it rounds to 2^63, which no i64 holds.
bool js_number(std::int64_t v, std::uint64_t& out) {
    const bool negative = v < 0;
    const std::uint64_t magnitude = negative ? ~static_cast<std::uint64_t>(v) + 1 : static_cast<std::uint64_t>(v);
    unsigned bits = 0;
    while (bits < 64 && (magnitude >> bits) != 0) ++bits;
    std::uint64_t rounded = magnitude;
    if (bits > 53) {
        const unsigned drop = bits - 53;
        const std::uint64_t half = std::uint64_t{1} << (drop - 1);
        const std::uint64_t rest = magnitude & ((std::uint64_t{1} << drop) - 1);
        std::uint64_t kept = magnitude >> drop;
        if (rest > half || (rest == half && (kept & 1u) != 0)) ++kept;
        rounded = kept << drop;  // kept <= 2^53, drop <= 11: at most 2^64 / 2, no overflow
    }
    if (!negative && rounded == std::uint64_t{1} << 63) return false;
    out = negative ? ~rounded + 1 : rounded;
    return true;
}

// §2.6 table "... null" rows: the bytes of a null cell of a fixed-width type.
std::uint64_t placeholder(DataType type, Placeholders p) {
    if (p == Placeholders::zeros) return 0;
    switch (type) {
        case DataType::INT32: return 0x80000000u;                      // Integer.MIN_VALUE
        case DataType::INT64:
        case DataType::TIMESTAMP: return 0x8000000000000000u;          // Long.MIN_VALUE
        case DataType::FLOAT: return p == Placeholders::java_sentinels ? 0x00000001u   // Float.MIN_VALUE
                                                                       : 0x00800000u;  // FLT_MIN
        case DataType::DOUBLE: return p == Placeholders::java_sentinels ? 0x0000000000000001u   // Double.MIN_VALUE
                                                                        : 0x0010000000000000u;  // DBL_MIN
        case DataType::DATE: return kDateSentinel;
        default: return 0;  // BOOLEAN false
    }
}

unsigned width_of(DataType type) {
    switch (type) {
        case DataType::BOOLEAN: return 1;
        case DataType::INT32:
        case DataType::FLOAT:
        case DataType::DATE: return 4;
        default: return 8;
    }
}

// §1.1 "Encoding in the values buffer" of one cell that is written as its value.
// A slot (§2.6 "slot value") is written as it is held: no check, no normalisation.
ErrorClass put_value(Bytes& out, const Column& c, std::size_t row, const Profile& p, bool slot) {
    switch (c.type) {
        case DataType::BOOLEAN: put_be(out, std::get<0>(c.cells)[row] != 0 ? 1 : 0, 1); break;
        case DataType::INT32: put_be(out, static_cast<std::uint32_t>(std::get<1>(c.cells)[row]), 4); break;
        case DataType::INT64:
        case DataType::TIMESTAMP: put_be(out, static_cast<std::uint64_t>(std::get<2>(c.cells)[row]), 8); break;
        case DataType::FLOAT:  // raw bits, NaN payload kept, unless the profile quiets it
            put_be(out, slot ? std::get<3>(c.cells)[row] : float_as_written(std::get<3>(c.cells)[row], p.float_nan), 4);
            break;
        case DataType::DOUBLE: put_be(out, std::get<4>(c.cells)[row], 8); break;
        case DataType::DATE: {
            const Date& d = std::get<5>(c.cells)[row];
            std::uint32_t packed = pack_date_unchecked(d);
            if (!slot && !pack_date(d, p.dates, packed)) return ErrorClass::date_out_of_range;
            put_be(out, packed, 4);
            break;
        }
        default: {  // TEXT, STRING, BLOB, OBJECT: i32 byte length, then the bytes
            const ByteView b = std::get<6>(c.cells)[row];
            put_be(out, b.size(), 4);
            for (std::uint8_t byte : b) out.push_back(byte);
        }
    }
    return ErrorClass::ok;
}

// §2.4: each column in order, each row in order; a null cell as the profile's placeholder (§2.6).
ErrorClass put_column(Bytes& out, const Column& c, const Profile& p) {
    if (c.type == DataType::OBJECT && !p.writes_object) return ErrorClass::unsupported_type;  // node.object_rejected
    for (std::size_t row = 0; row < c.nulls.size(); ++row) {
        if (!is_null(c, row)) {
            if (const ErrorClass e = put_value(out, c, row, p, false); e != ErrorClass::ok) return e;
        } else if (p.placeholders == Placeholders::slot_values) {
            put_value(out, c, row, p, true);
        } else if (cells_index(c.type) == 6u) {
            put_be(out, 0, 4);  // an empty binary
        } else {
            put_be(out, placeholder(c.type, p.placeholders), width_of(c.type));
        }
    }
    return ErrorClass::ok;
}

// The bits of the last sent byte (n/8) that belong to rows >= n.
std::uint8_t padding_mask(std::size_t n) { return static_cast<std::uint8_t>(0xFFu << (n % 8)); }

// §2.6 "Flag = 1 when", C++ and Go: a mark at a row >= n counts (§2.7 item 4).
bool marked_past_n(const ClientState& s, std::size_t col, std::size_t n) {
    if (s.columns.empty()) return false;
    const ColumnBitmapState& b = s.columns[col];
    return (b.padding_marks & padding_mask(n)) != 0 || b.marked_past_last_byte;
}

bool section_sent(const Tablet& t, const ClientState& s, const Profile& p) {
    bool any_null = false;
    bool any_mark = false;
    for (std::size_t j = 0; j < t.columns.size(); ++j) {
        any_null = any_null || has_null(t.columns[j]);
        any_mark = any_mark || marked_past_n(s, j, t.row_count());
    }
    switch (p.section) {
        case SectionRule::always: return true;
        case SectionRule::if_bitmaps_exist: return s.bitmaps_allocated || any_null || any_mark;
        case SectionRule::if_any_null: return any_null;
    }
    return true;
}

// §2.3 bitmap_section entry of one column: flag, then the bitmap when the flag is 1.
void put_bitmap_entry(Bytes& out, const Column& c, std::size_t col, const ClientState& s, const Profile& p) {
    const std::size_t n = c.nulls.size();
    const bool flag = has_null(c) || (p.flag == FlagRule::any_mark && marked_past_n(s, col, n));
    out.push_back(flag ? 0x01 : 0x00);
    if (!flag) return;
    // §2.3 step 4: n/8+1 bytes; Node sends ceil(n/8) (§2.4, the contract violation).
    const std::size_t length = p.bitmap_length == BitmapLength::n_div_8_plus_1 ? n / 8 + 1 : (n + 7) / 8;
    out.resize(out.size() + length, 0);
    const std::span<std::uint8_t> bitmap = std::span(out).last(length);  // built where it is sent
    for (std::size_t row = 0; row < n; ++row)  // §1.2: row i is bit i&7 of byte i>>3, LSB first
        if (is_null(c, row)) bitmap[row >> 3] = static_cast<std::uint8_t>(bitmap[row >> 3] | (1u << (row & 7)));
    if (p.padding == Padding::client_marks && !s.columns.empty() && n / 8 < length)  // §2.6 "Padding bits"
        bitmap[n / 8] = static_cast<std::uint8_t>(bitmap[n / 8] | (s.columns[col].padding_marks & padding_mask(n)));
}

Date unpack_date(std::int32_t v);

// ==================================================================================================
// Parser (the contract)
// ==================================================================================================

// Reads one byte at a time; never looks past the end.
// The per-byte primitives are always inlined: a call per byte whose result comes back through a
// reference costs, under AddressSanitizer with detect_stack_use_after_return (the fuzzers' runtime),
// a heap-allocated frame for the caller's local, on every byte of every input.
class Reader {
public:
    explicit Reader(ByteView in) : in_(in) {}

    [[gnu::always_inline]] bool byte(std::uint8_t& b) {
        if (pos_ >= in_.size()) return false;
        b = in_[pos_++];
        return true;
    }
    // §1.1: big-endian, most significant byte first.
    bool be(unsigned width, std::uint64_t& v) {
        v = 0;
        for (unsigned i = 0; i < width; ++i) {
            std::uint8_t b = 0;
            if (!byte(b)) return false;
            v = (v << 8) | b;
        }
        return true;
    }
    bool at_end() const { return pos_ >= in_.size(); }
    std::size_t position() const { return pos_; }
    std::size_t left() const { return in_.size() - pos_; }

private:
    ByteView in_;
    std::size_t pos_ = 0;
};

// Errata 2: TSDataType.deserialize / TSDataType.values()[code] fail for a non-code; VECTOR and UNKNOWN have no
// reader case, nor has OBJECT in TabletDecoder. Checked for the whole schema before any buffer is read.
ErrorClass check_schema(const Schema& schema, const ParserProfile& parser) {
    for (DataType t : schema.types)
        if (static_cast<std::uint8_t>(t) > static_cast<std::uint8_t>(DataType::OBJECT)) return ErrorClass::invalid_type_code;
    for (DataType t : schema.types)
        if (!cells_index(t) || (t == DataType::OBJECT && !parser.reads_object)) return ErrorClass::unsupported_type;
    if (schema.row_count < 0) return ErrorClass::negative_row_count;
    return ErrorClass::ok;
}

std::int32_t as_int32(std::uint64_t v) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(v)); }

// The inverse of yyyyMMdd for any i32: floor division, so month and day are 0–99 (model.hpp, Date).
Date unpack_date(std::int32_t v) {
    std::int64_t year = v / 10000;
    std::int64_t rest = v % 10000;
    if (rest < 0) {
        rest += 10000;
        year -= 1;
    }
    return Date{static_cast<std::int32_t>(year), static_cast<std::uint8_t>(rest / 100), static_cast<std::uint8_t>(rest % 100)};
}

// The fewest bytes one cell of each Cells alternative takes in the values buffer (§2.3; a binary
// cell's is its length).
constexpr std::size_t kMinCellBytes[] = {1, 4, 8, 4, 8, 4, 4};

// §2.3 step 1: n cells of one column. Storage is taken once for the cells the rest of the input can
// hold (at most n), never sized from n alone, which the input need not back.
ErrorClass read_column(Reader& r, Column& c, std::size_t n, const ParserProfile& parser) {
    const std::size_t index = *cells_index(c.type);
    c.cells = [&]() -> Cells {
        switch (index) {
            case 0: return std::vector<std::uint8_t>{};
            case 1: return std::vector<std::int32_t>{};
            case 2: return std::vector<std::int64_t>{};
            case 3: return std::vector<std::uint32_t>{};
            case 4: return std::vector<std::uint64_t>{};
            case 5: return std::vector<Date>{};
            default: return BinaryCells{};
        }
    }();
    const std::size_t room = std::min(n, r.left() / kMinCellBytes[index]);
    std::visit([room](auto& cells) { cells.reserve(room); }, c.cells);
    c.nulls.reserve(room);
    Bytes cell;  // a binary cell as it is read, before it joins the column
    for (std::size_t row = 0; row < n; ++row) {
        std::uint64_t v = 0;
        switch (c.type) {
            case DataType::BOOLEAN:  // Errata 2: legacy true iff 0x01; TabletDecoder true iff non-zero
                if (!r.be(1, v)) return ErrorClass::truncated_column;
                std::get<0>(c.cells).push_back(parser.boolean_true_only_0x01 ? (v == 1) : (v != 0));
                break;
            case DataType::INT32:
                if (!r.be(4, v)) return ErrorClass::truncated_column;
                std::get<1>(c.cells).push_back(as_int32(v));
                break;
            case DataType::INT64:
            case DataType::TIMESTAMP:
                if (!r.be(8, v)) return ErrorClass::truncated_column;
                std::get<2>(c.cells).push_back(static_cast<std::int64_t>(v));
                break;
            case DataType::FLOAT:
                if (!r.be(4, v)) return ErrorClass::truncated_column;
                std::get<3>(c.cells).push_back(static_cast<std::uint32_t>(v));
                break;
            case DataType::DOUBLE:
                if (!r.be(8, v)) return ErrorClass::truncated_column;
                std::get<4>(c.cells).push_back(v);
                break;
            case DataType::DATE:  // §2.3 step 1: read as INT32
                if (!r.be(4, v)) return ErrorClass::truncated_column;
                std::get<5>(c.cells).push_back(unpack_date(as_int32(v)));
                break;
            default: {  // TEXT, BLOB, STRING, OBJECT: length-prefixed binary
                if (!r.be(4, v)) return ErrorClass::truncated_length;
                const std::int32_t length = as_int32(v);
                if (length < 0) return ErrorClass::negative_length;
                cell.clear();
                cell.reserve(std::min<std::size_t>(static_cast<std::size_t>(length), r.left()));
                for (std::int32_t i = 0; i < length; ++i) {
                    std::uint8_t byte = 0;
                    if (!r.byte(byte)) return ErrorClass::truncated_value;
                    cell.push_back(byte);
                }
                std::get<6>(c.cells).push_back(cell);
            }
        }
        c.nulls.push_back(0);
    }
    return ErrorClass::ok;
}

// §2.3 steps 2–5: no bytes left means no bitmaps; otherwise exactly c entries; a flag counts only if it is 1;
// a bitmap is n/8+1 bytes of which only rows < n are looked at; what follows is ignored.
ErrorClass read_bitmap_section(Reader& r, Tablet& t) {
    if (r.at_end()) return ErrorClass::ok;
    const std::size_t n = t.row_count();
    for (Column& c : t.columns) {
        std::uint8_t flag = 0;
        if (!r.byte(flag)) return ErrorClass::truncated_bitmap_flag;
        if (flag != 1) continue;
        for (std::size_t k = 0; k < n / 8 + 1; ++k) {
            std::uint8_t byte = 0;
            if (!r.byte(byte)) return ErrorClass::truncated_bitmap;
            for (std::size_t bit = 0; bit < 8 && 8 * k + bit < n; ++bit)  // §1.2
                c.nulls[8 * k + bit] = static_cast<std::uint8_t>((byte >> bit) & 1u);
        }
    }
    return ErrorClass::ok;
}

// A null cell holds the zero value in the canonical tablet (model.hpp, ParseOutcome).
void clear_null_cells(Column& c) {
    std::visit(
        [&c](auto& cells) {
            if constexpr (std::is_same_v<std::decay_t<decltype(cells)>, BinaryCells>) {
                cells.empty_where([&c](std::size_t row) { return row < c.nulls.size() && c.nulls[row] != 0; });
            } else {
                for (std::size_t row = 0; row < c.nulls.size(); ++row)
                    if (c.nulls[row] != 0) cells[row] = {};
            }
        },
        c.cells);
}

bool is_signalling_nan(std::uint64_t bits) {
    return (bits & 0x7FF0000000000000u) == 0x7FF0000000000000u && (bits & 0x000FFFFFFFFFFFFFu) != 0 &&
           (bits & 0x0008000000000000u) == 0;
}

// Whether a cell is one the profile's client can hold (model.hpp Domain).
bool cell_in_domain(const Column& c, std::size_t row, const Domain& d) {
    if (!d.double_signalling_nans && c.type == DataType::DOUBLE) return !is_signalling_nan(std::get<4>(c.cells)[row]);
    if (!d.any_date_slot && c.type == DataType::DATE && is_null(c, row)) {
        const Date& slot = std::get<5>(c.cells)[row];
        return slot == Date{} || (year_in_range(slot.year) && is_calendar_date(slot));
    }
    return true;
}

// The cell the client holds instead: the quiet NaN (node.double_quiet_nans), a fresh slot (go.date_slot).
void move_into_domain(Column& c, std::size_t row) {
    if (c.type == DataType::DOUBLE) std::get<4>(c.cells)[row] |= 0x0008000000000000u;
    if (c.type == DataType::DATE) std::get<5>(c.cells)[row] = Date{};
}

bool is_text(DataType t) { return t == DataType::TEXT || t == DataType::STRING; }

// A TEXT or STRING cell as a JS string holds it (node.text_js_string): decoded with U+FFFD for each
// malformed sequence, as Buffer.toString and TextDecoder do, then written back as UTF-8.
std::string js_string(ByteView cell) {
    return utf8_with_replacement(std::string(cell.begin(), cell.end()), Surrogates::per_byte);
}

bool text_in_domain(const Column& c, const Domain& d) {
    if (d.any_text_bytes || !is_text(c.type)) return true;
    const BinaryCells& cells = std::get<BinaryCells>(c.cells);
    for (std::size_t row = 0; row < cells.size(); ++row)
        if (js_string(cells[row]) != std::string(cells[row].begin(), cells[row].end())) return false;
    return true;
}

void move_text_into_domain(Column& c) {
    const BinaryCells& cells = std::get<BinaryCells>(c.cells);
    BinaryCells held;
    for (std::size_t row = 0; row < cells.size(); ++row) {
        if (cells.is_null(row)) {
            held.push_null();
            continue;
        }
        const std::string s = js_string(cells[row]);
        held.push_back(ByteView(reinterpret_cast<const std::uint8_t*>(s.data()), s.size()));
    }
    c.cells = std::move(held);
}

bool well_formed(const Column& c) {
    return cells_index(c.type) && c.cells.index() == *cells_index(c.type) && cell_count(c.cells) == c.nulls.size();
}

}  // namespace

std::int64_t timestamp_as_written(std::int64_t ts, const Profile& profile) {
    std::uint64_t written = static_cast<std::uint64_t>(ts);
    if (profile.timestamps == TimestampRule::js_number && js_number(ts, written)) return static_cast<std::int64_t>(written);
    return ts;
}

std::uint32_t float_cell_as_written(std::uint32_t bits, const Profile& profile) { return float_as_written(bits, profile.float_nan); }

Date date_cell_as_written(const Date& d, const Profile& profile) {
    std::uint32_t packed = 0;
    return pack_date(d, profile.dates, packed) ? unpack_date(static_cast<std::int32_t>(packed)) : d;
}

Tablet as_written(Tablet tablet, const Profile& profile) {
    for (std::int64_t& ts : tablet.timestamps) ts = timestamp_as_written(ts, profile);
    for (Column& c : tablet.columns) {
        for (std::size_t row = 0; well_formed(c) && row < c.nulls.size(); ++row) {
            if (is_null(c, row)) continue;
            if (c.type == DataType::FLOAT) std::get<3>(c.cells)[row] = float_cell_as_written(std::get<3>(c.cells)[row], profile);
            if (c.type == DataType::DATE) std::get<5>(c.cells)[row] = date_cell_as_written(std::get<5>(c.cells)[row], profile);
        }
    }
    return tablet;
}

std::vector<ErrorClass> serialize_faults(const Tablet& tablet, const ClientState& state, const Profile& profile) {
    std::vector<ErrorClass> faults;
    const auto add = [&](ErrorClass e) {
        if (e != ErrorClass::ok && std::find(faults.begin(), faults.end(), e) == faults.end()) faults.push_back(e);
    };
    add(check_types(tablet));
    add(check_shape(tablet, state));
    std::uint64_t written = 0;
    for (std::int64_t ts : tablet.timestamps)
        if (profile.timestamps == TimestampRule::js_number && !js_number(ts, written)) add(ErrorClass::timestamp_out_of_range);
    for (const Column& c : tablet.columns) {
        if (c.type == DataType::OBJECT && !profile.writes_object) add(ErrorClass::unsupported_type);
        if (c.type != DataType::DATE || !well_formed(c)) continue;
        std::uint32_t packed = 0;
        for (std::size_t row = 0; row < c.nulls.size(); ++row)
            if (!is_null(c, row) && !pack_date(std::get<5>(c.cells)[row], profile.dates, packed))
                add(ErrorClass::date_out_of_range);
    }
    return faults;
}

bool in_domain(const Tablet& tablet, const Profile& profile) {
    for (const Column& c : tablet.columns) {
        if (well_formed(c) && !text_in_domain(c, profile.domain)) return false;
        for (std::size_t row = 0; well_formed(c) && row < c.nulls.size(); ++row)
            if (!cell_in_domain(c, row, profile.domain)) return false;
    }
    return true;
}

Tablet into_domain(Tablet tablet, const Profile& profile) {
    for (Column& c : tablet.columns) {
        if (well_formed(c) && !text_in_domain(c, profile.domain)) move_text_into_domain(c);
        for (std::size_t row = 0; well_formed(c) && row < c.nulls.size(); ++row)
            if (!cell_in_domain(c, row, profile.domain)) move_into_domain(c, row);
    }
    return tablet;
}

SerializeOutcome serialize(const Tablet& tablet, const ClientState& state, const Profile& profile) {
    SerializeOutcome out;
    out.error = check_types(tablet);
    if (out.ok()) out.error = check_shape(tablet, state);
    if (!out.ok()) return out;
    // The buffers grow a byte at a time; their room up front saves the vectors' growths, each an
    // allocation: the timestamps' exact size, and the values' for a small tablet.
    out.timestamps.reserve(8 * tablet.timestamps.size());
    out.values.reserve(256);
    for (std::int64_t ts : tablet.timestamps) {  // §2.2, as the profile writes a timestamp (Errata 9)
        std::uint64_t written = static_cast<std::uint64_t>(ts);
        if (profile.timestamps == TimestampRule::js_number && !js_number(ts, written))
            return {ErrorClass::timestamp_out_of_range, {}, {}};
        put_be(out.timestamps, written, 8);
    }
    for (const Column& c : tablet.columns)
        if ((out.error = put_column(out.values, c, profile)) != ErrorClass::ok) return {out.error, {}, {}};
    if (section_sent(tablet, state, profile))
        for (std::size_t j = 0; j < tablet.columns.size(); ++j)
            put_bitmap_entry(out.values, tablet.columns[j], j, state, profile);
    return out;
}

ParseOutcome parse(ByteView timestamps, ByteView values, const Schema& schema, const ParserProfile& parser) {
    ParseOutcome out;
    if ((out.error = check_schema(schema, parser)) != ErrorClass::ok) return out;
    const std::size_t n = static_cast<std::size_t>(schema.row_count);
    Reader ts(timestamps);  // §2.2: exactly n longs; the server reads nothing else from this buffer
    out.tablet.timestamps.reserve(std::min(n, ts.left() / 8));  // room for what the buffer can hold, not n
    for (std::size_t i = 0; i < n; ++i) {
        std::uint64_t v = 0;
        if (!ts.be(8, v)) return {ErrorClass::truncated_timestamps, {}, 0};
        out.tablet.timestamps.push_back(static_cast<std::int64_t>(v));
    }
    Reader r(values);
    out.tablet.columns.reserve(schema.types.size());
    for (DataType type : schema.types) {
        Column& c = out.tablet.columns.emplace_back();
        c.type = type;
        if ((out.error = read_column(r, c, n, parser)) != ErrorClass::ok) return {out.error, {}, 0};
    }
    if ((out.error = read_bitmap_section(r, out.tablet)) != ErrorClass::ok) return {out.error, {}, 0};
    for (Column& c : out.tablet.columns) clear_null_cells(c);
    out.consumed = r.position();
    return out;
}

}  // namespace tsc::iotdb::reference
