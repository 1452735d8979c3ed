package org.tsconform.example;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The TsFile Java {@code Tablet.serialize} / {@code Tablet.deserialize(ByteBuffer)} wire layout, newest
 * layout only (OBJECT cells written like TEXT), written from tablets-and-bitmaps.md §3 (with §1.1,
 * §1.2 and Errata 1, 7, 8).
 *
 * <p>Every integer on the wire is big-endian. A String is an i32 byte length (-1 for null) and its
 * UTF-8 bytes; a Binary is an i32 length and the bytes; a boolean is one byte. Failures are reported
 * as the suite's error classes, never as Java exceptions: {@link CodecError} carries the class.
 */
final class TsFileTablet {
    private TsFileTablet() {}

    /**
     * The planted bug (off unless TSCONFORM_PLANTED_BUG=1): the Binary reader's bounds check is off by
     * one, so a Binary (a TEXT/STRING/BLOB/OBJECT cell or a bitmap's bytes) whose length runs exactly
     * one byte past the end of the input is accepted, and {@code Arrays.copyOfRange} quietly pads the
     * missing byte with a zero. Only inputs cut inside their last Binary, one byte short, show it: the
     * correct answer is truncated_values (or truncated_bitmaps), the buggy one a tablet whose last cell
     * ends in 00 and a consumed count one past the input.
     */
    static final boolean PLANTED_BUG = "1".equals(System.getenv("TSCONFORM_PLANTED_BUG"));

    /** A failure of serialize or deserialize, by the suite's error class name. */
    static final class CodecError extends RuntimeException {
        final String errorClass;

        CodecError(String errorClass) {
            super(errorClass, null, false, false); // no stack trace: these are ordinary results
            this.errorClass = errorClass;
        }
    }

    // ---- the model ---------------------------------------------------------------------------------

    // TSDataType codes (§1.1), indexed by code.
    static final String[] TYPE_NAMES = {
        "BOOLEAN", "INT32", "INT64", "FLOAT", "DOUBLE", "TEXT", "VECTOR", "UNKNOWN", "TIMESTAMP", "DATE", "BLOB",
        "STRING", "OBJECT",
    };
    static final int BLOB = 10;
    static final int OBJECT = 12;

    // ColumnCategory.ordinal() (§2.1).
    static final String[] CATEGORY_NAMES = {"TAG", "FIELD", "ATTRIBUTE"};

    /** The Java array a value column holds; the JSON "kind" of the column. */
    enum Kind {
        BOOLEAN("boolean"), INT32("int32"), INT64("int64"), FLOAT("float"), DOUBLE("double"), BINARY("binary"),
        DATE("date");

        final String json;

        Kind(String json) {
            this.json = json;
        }
    }

    /** MeasurementSchema as serializeTo writes it, plus the column category byte after it. */
    static final class Schema {
        byte[] name; // a Java String as its UTF-8 bytes; null is null
        int type; // the type code as written (0..255); only reading checks it
        int encoding;
        int compressor;
        List<byte[][]> props = new ArrayList<>(); // {key, value} pairs in the map's iteration order
        int category = 1; // FIELD
    }

    /** A BitMap: row i is null when bit (i & 7) of byte (i >> 3) is set (§1.2). */
    static final class BitMap {
        int size;
        byte[] bytes;
    }

    /**
     * One value column. Boolean (0..255, anything non-zero is true), INT32, INT64/TIMESTAMP and the
     * IEEE-754 bits of FLOAT/DOUBLE cells live in {@code numbers}; TEXT/STRING/BLOB/OBJECT cells in
     * {@code binaries} (null: an absent Binary); DATE cells in {@code dates} as {year, month, day}
     * (null: a null LocalDate).
     */
    static final class Column {
        Kind kind;
        int length;
        long[] numbers;
        byte[][] binaries;
        int[][] dates;

        Column(Kind kind, int capacity) {
            this.kind = kind;
            if (kind == Kind.BINARY) binaries = new byte[capacity][];
            else if (kind == Kind.DATE) dates = new int[capacity][];
            else numbers = new long[capacity];
        }
    }

    /** A tablet as it is on the wire: every absent section or entry is a Java null. */
    static final class Tablet {
        byte[] target;
        int rowSize;
        List<Schema> schemas;
        long[] timestamps;
        List<BitMap> bitmaps;
        List<Column> values;
    }

    /** The Java array type Tablet.deserialize builds for a type code; null for VECTOR, UNKNOWN, 13+. */
    static Kind kindOf(int type) {
        switch (type) {
            case 0: return Kind.BOOLEAN;
            case 1: return Kind.INT32;
            case 2: // INT64
            case 8: return Kind.INT64; // TIMESTAMP
            case 3: return Kind.FLOAT;
            case 4: return Kind.DOUBLE;
            case 5: // TEXT
            case 10: // BLOB
            case 11: // STRING
            case 12: return Kind.BINARY; // OBJECT: like TEXT in the newest layout (Errata 1)
            case 9: return Kind.DATE;
            default: return null;
        }
    }

    // TSDataType.getTsDataType knows codes 0..12 only.
    static boolean isKnownType(int type) {
        return type >= 0 && type <= 12;
    }

    // TSEncoding.deserialize has cases 0-9 and 11-13 (FREQ, 10, has none); CompressionType.deserialize
    // 0, 1, 2, 7, 8, 9 (Errata 9).
    static boolean isReadableEncoding(int encoding) {
        return encoding >= 0 && encoding <= 13 && encoding != 10;
    }

    static boolean isKnownCompressor(int compressor) {
        return (compressor >= 0 && compressor <= 2) || (compressor >= 7 && compressor <= 9);
    }

    // ---- values ------------------------------------------------------------------------------------

    // BitMap.getSizeOfBytes: rows/8 + 1, one more byte even when rows is a multiple of 8 (§4.1).
    static int bitmapByteCount(int rows) {
        return rows / 8 + 1;
    }

    // isAllUnmarked(rowSize) is false: some row below rowSize is marked. Padding bits do not count. Like
    // Java's, the loop has no length check: a short array throws ArrayIndexOutOfBoundsException.
    static boolean anyMarkBelow(byte[] bytes, int rows) {
        for (int i = 0; i < rows; i++)
            if (((bytes[i >> 3] >> (i & 7)) & 1) != 0) return true;
        return false;
    }

    static boolean isLeapYear(long y) {
        return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    }

    private static final int[] DAYS_IN_MONTH = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

    // java.time.LocalDate.of accepts exactly the proleptic Gregorian calendar dates.
    static boolean isCalendarDate(long year, long month, long day) {
        if (month < 1 || month > 12 || day < 1) return false;
        long days = DAYS_IN_MONTH[(int) month - 1] + (month == 2 && isLeapYear(year) ? 1 : 0);
        return day <= days;
    }

    // DateUtils.EMPTY_DATE_INT: what a null LocalDate is written as (§3 row 6b).
    static final int EMPTY_DATE_INT = 10000101;

    // DateUtils.parseDateExpressionToInt: yyyyMMdd, and only years 1000..9999 (Errata 7).
    static int dateToInt(int[] d) {
        if (!isCalendarDate(d[0], d[1], d[2])) throw new CodecError("invalid_date");
        if (d[0] < 1000 || d[0] > 9999) throw new CodecError("date_out_of_range");
        return d[0] * 10000 + d[1] * 100 + d[2];
    }

    // DateUtils.parseIntToLocalDate: Java's truncating / and %; 0 and negative values are no date.
    static int[] intToDate(int v) {
        int[] d = {v / 10000, (v / 100) % 100, v % 100};
        if (!isCalendarDate(d[0], d[1], d[2])) throw new CodecError("invalid_date");
        return d;
    }

    // BytesUtils.floatToBytes goes through Float.floatToIntBits, which folds every NaN into 7fc00000
    // (§3 "NaN canonicalization note"); Float.intBitsToFloat would already lose signalling payloads,
    // so the bits are tested directly.
    static long canonicalFloat(long bits) {
        boolean nan = (bits & 0x7f800000L) == 0x7f800000L && (bits & 0x007fffffL) != 0;
        return nan ? 0x7fc00000L : bits;
    }

    // Double.doubleToLongBits: every NaN becomes 7ff8000000000000.
    static long canonicalDouble(long bits) {
        long exponent = 0x7ff0000000000000L;
        boolean nan = (bits & exponent) == exponent && (bits & 0x000fffffffffffffL) != 0;
        return nan ? 0x7ff8000000000000L : bits;
    }

    // ---- serialize ---------------------------------------------------------------------------------

    /**
     * Where serialize writes: counting only (buffer null), or into a caller's buffer from an offset.
     * The two-step API runs the same code twice, once to count and once to write, so that a tablet
     * that fails leaves the caller's buffer untouched.
     */
    private static final class Sink {
        final byte[] buffer;
        final int base;
        long count;

        Sink(byte[] buffer, int base) {
            this.buffer = buffer;
            this.base = base;
        }

        void u8(int b) {
            if (buffer != null) buffer[(int) (base + count)] = (byte) b;
            count++;
        }

        void flag(boolean b) {
            u8(b ? 1 : 0);
        }

        void be(long v, int width) {
            for (int i = width - 1; i >= 0; i--) u8((int) (v >>> (8 * i)));
        }

        void i32(long v) {
            be(v, 4);
        }

        void i64(long v) {
            be(v, 8);
        }

        void bytes(byte[] b, int n) {
            for (int i = 0; i < n; i++) u8(b[i]);
        }

        void string(byte[] s) {
            if (s == null) {
                i32(-1);
                return;
            }
            i32(s.length);
            bytes(s, s.length);
        }

        void binary(byte[] b, int n) {
            i32(n);
            bytes(b, n);
        }
    }

    static int schemaCount(Tablet t) {
        return t.schemas == null ? 0 : t.schemas.size();
    }

    /** §3 in Java's order: the first condition Java would throw on decides the error class. */
    private static void write(Sink w, Tablet t) {
        w.string(t.target); // row 1
        if (t.rowSize < 0) throw new CodecError("negative_row_size");
        w.i32(t.rowSize); // row 2
        writeSchemas(w, t);
        writeTimestamps(w, t);
        writeBitmaps(w, t);
        writeValues(w, t);
    }

    // §3 row 3: presence, count, then per schema a presence byte, serializeTo and the category.
    private static void writeSchemas(Sink w, Tablet t) {
        w.flag(t.schemas != null);
        if (t.schemas == null) return;
        w.i32(t.schemas.size());
        for (Schema s : t.schemas) {
            w.flag(s != null);
            if (s == null) continue;
            w.string(s.name);
            w.u8(s.type);
            w.u8(s.encoding);
            w.u8(s.compressor);
            w.i32(s.props.size()); // null props are written as a count of 0
            for (byte[][] p : s.props) {
                w.string(p[0]);
                w.string(p[1]);
            }
            w.u8(s.category);
        }
    }

    // §3 row 4: rowSize timestamps; the array may be longer, never shorter.
    private static void writeTimestamps(Sink w, Tablet t) {
        w.flag(t.timestamps != null);
        if (t.timestamps == null) return;
        if (t.timestamps.length < t.rowSize) throw new CodecError("array_too_short");
        for (int i = 0; i < t.rowSize; i++) w.i64(t.timestamps[i]);
    }

    // §3 row 5: one entry per schema. A bitmap with no mark below rowSize is written as "no bitmap";
    // otherwise rowSize and getTruncatedByteArray(rowSize) (Arrays.copyOf: a short array is padded
    // with zeros), padding bits as they are.
    private static void writeBitmaps(Sink w, Tablet t) {
        w.flag(t.bitmaps != null);
        if (t.bitmaps == null) return;
        for (int j = 0; j < schemaCount(t); j++) {
            if (j >= t.bitmaps.size()) throw new CodecError("column_count_mismatch");
            BitMap bm = t.bitmaps.get(j);
            if (bm == null) {
                w.flag(false);
                continue;
            }
            boolean marked;
            try {
                marked = anyMarkBelow(bm.bytes, t.rowSize);
            } catch (ArrayIndexOutOfBoundsException e) {
                throw new CodecError("array_too_short");
            }
            if (!marked) {
                w.flag(false);
                continue;
            }
            int n = bitmapByteCount(t.rowSize);
            w.flag(true);
            w.i32(t.rowSize);
            w.binary(Arrays.copyOf(bm.bytes, n), n);
        }
    }

    // §3 row 6, in the order Java evaluates serializeColumn(schemas.get(j).getType(), values[j]): the
    // schema (NullPointerException), its type, values[j], then the column's array and cells.
    private static void writeValues(Sink w, Tablet t) {
        w.flag(t.values != null);
        if (t.values == null) return;
        for (int j = 0; j < schemaCount(t); j++) {
            Schema s = t.schemas.get(j);
            if (s == null) throw new CodecError("missing_schema");
            if (!isKnownType(s.type)) throw new CodecError("unknown_data_type");
            if (j >= t.values.size()) throw new CodecError("column_count_mismatch");
            Column c = t.values.get(j);
            w.flag(c != null);
            if (c == null) continue;
            Kind kind = kindOf(s.type);
            if (kind == null) throw new CodecError("unsupported_data_type");
            if (c.kind != kind) throw new CodecError("column_type_mismatch"); // a ClassCastException in Java
            writeCells(w, c, t.rowSize);
        }
    }

    private static void writeCells(Sink w, Column c, int rows) {
        for (int i = 0; i < rows; i++) {
            if (i >= c.length) throw new CodecError("array_too_short");
            switch (c.kind) {
                case BOOLEAN: w.flag(c.numbers[i] != 0); break;
                case INT32: w.i32(c.numbers[i]); break;
                case INT64: w.i64(c.numbers[i]); break;
                case FLOAT: w.i32(canonicalFloat(c.numbers[i])); break;
                case DOUBLE: w.i64(canonicalDouble(c.numbers[i])); break;
                case BINARY: // presence byte (a non-null Binary), then the Binary
                    w.flag(c.binaries[i] != null);
                    if (c.binaries[i] != null) w.binary(c.binaries[i], c.binaries[i].length);
                    break;
                case DATE:
                    w.i32(c.dates[i] == null ? EMPTY_DATE_INT : dateToInt(c.dates[i]));
                    break;
            }
        }
    }

    /** The first step of the two-step API: how many bytes serializeInto will write. */
    static long serializedSize(Tablet t) {
        Sink counter = new Sink(null, 0);
        write(counter, t);
        return counter.count;
    }

    /**
     * The second step: writes the tablet into {@code buffer} from {@code offset}. Nothing is written
     * when the tablet cannot be serialized or does not fit (buffer_too_small): the size is counted
     * first, and only then are bytes written.
     */
    static void serializeInto(Tablet t, byte[] buffer, int offset) {
        long size = serializedSize(t);
        if (offset > buffer.length || size > buffer.length - offset) throw new CodecError("buffer_too_small");
        write(new Sink(buffer, offset), t);
    }

    // ---- deserialize -------------------------------------------------------------------------------

    /** Reads the input front to back; running out of bytes is the error class of the section read. */
    private static final class Reader {
        final byte[] data;
        int pos;

        Reader(byte[] data) {
            this.data = data;
        }

        int remaining() {
            return data.length - pos;
        }

        int u8(String truncated) {
            if (pos >= data.length) throw new CodecError(truncated);
            return data[pos++] & 0xFF;
        }

        // BytesUtils.byteToBool: only the byte 1 is true (§2.3 step 3).
        boolean flag(String truncated) {
            return u8(truncated) == 1;
        }

        long be(int width, String truncated) {
            if (remaining() < width) throw new CodecError(truncated);
            long v = 0;
            for (int i = 0; i < width; i++) v = (v << 8) | (data[pos++] & 0xFF);
            return v;
        }

        int i32(String truncated) {
            return (int) be(4, truncated);
        }

        long i64(String truncated) {
            return be(8, truncated);
        }

        // ReadWriteIOUtils.readString: any negative length (not only -1) is a null String; the bytes
        // become a Java String (UTF-8, each malformed sequence U+FFFD), kept here as its UTF-8 bytes.
        byte[] string(String truncated) {
            int len = i32(truncated);
            if (len < 0) return null;
            if (len > remaining()) throw new CodecError(truncated);
            String s = new String(data, pos, len, StandardCharsets.UTF_8);
            pos += len;
            return s.getBytes(StandardCharsets.UTF_8);
        }

        // ReadWriteIOUtils.readBinary: a negative length is new byte[negative] in Java.
        byte[] binary(String truncated) {
            int len = i32(truncated);
            if (len < 0) throw new CodecError("negative_binary_length");
            // PLANTED BUG (TSCONFORM_PLANTED_BUG=1): "remaining() + 1" lets a length one past the end
            // through, and copyOfRange zero-pads the byte that is not there. See PLANTED_BUG.
            int limit = PLANTED_BUG ? remaining() + 1 : remaining();
            if (len > limit) throw new CodecError(truncated);
            byte[] b = Arrays.copyOfRange(data, pos, pos + len);
            pos += len;
            return b;
        }
    }

    /** Result of deserialize: the tablet and how far into the input it went. */
    static final class Read {
        final Tablet tablet;
        final int consumed;

        Read(Tablet tablet, int consumed) {
            this.tablet = tablet;
            this.consumed = consumed;
        }
    }

    /**
     * §3 "Deserialization": one tablet from the start of {@code in}; bytes after it are not looked at.
     * The checks come where Java's reader would throw: a negative rowSize only after the schemas
     * (new long[rowSize]), a negative schema count only after the timestamps (new BitMap[count]); an
     * unknown type, encoding or compressor byte as its schema is read (enums since apache/tsfile #295).
     */
    static Read deserialize(byte[] in) {
        Reader r = new Reader(in);
        Tablet t = new Tablet();
        t.target = r.string("truncated_target_name");
        t.rowSize = r.i32("truncated_row_size");
        int columns = readSchemas(r, t);
        if (t.rowSize < 0) throw new CodecError("negative_row_size");
        readTimestamps(r, t);
        if (columns < 0) throw new CodecError("negative_schema_count");
        readBitmaps(r, t, columns);
        readValues(r, t, columns);
        return new Read(t, r.pos);
    }

    // Schema section. An absent schema is skipped but still counted: t.schemas holds only the present
    // ones, the return value is the declared count, which every later section goes by.
    private static int readSchemas(Reader r, Tablet t) {
        String trunc = "truncated_schemas";
        if (!r.flag(trunc)) return 0;
        int count = r.i32(trunc);
        t.schemas = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (!r.flag(trunc)) continue;
            Schema s = new Schema();
            s.name = r.string(trunc);
            s.type = r.u8(trunc);
            if (!isKnownType(s.type)) throw new CodecError("unknown_data_type");
            s.encoding = r.u8(trunc);
            if (!isReadableEncoding(s.encoding)) throw new CodecError("unknown_encoding");
            s.compressor = r.u8(trunc);
            if (!isKnownCompressor(s.compressor)) throw new CodecError("unknown_compressor");
            int props = r.i32(trunc); // a count of 0 or less is null props
            // MeasurementSchema.deserializeFrom puts each prop into a HashMap: a repeated key keeps its last value.
            Map<String, byte[]> map = new HashMap<>();
            for (int p = 0; p < props; p++) {
                byte[] key = r.string(trunc);
                map.put(key == null ? null : new String(key, StandardCharsets.UTF_8), r.string(trunc));
            }
            for (Map.Entry<String, byte[]> e : map.entrySet())
                s.props.add(new byte[][] {e.getKey() == null ? null : e.getKey().getBytes(StandardCharsets.UTF_8), e.getValue()});
            int category = r.u8(trunc);
            if (category > 2) throw new CodecError("invalid_column_category"); // ColumnCategory.values()[b]
            s.category = category;
            t.schemas.add(s);
        }
        return count;
    }

    // Arrays are sized by what the input can still hold (every cell takes at least one byte), never by
    // a count read from the input alone: a hostile rowSize of 2^31-1 costs nothing.
    private static int capacity(Reader r, int count) {
        return Math.max(0, Math.min(count, r.remaining()));
    }

    private static void readTimestamps(Reader r, Tablet t) {
        String trunc = "truncated_timestamps";
        if (!r.flag(trunc)) return;
        if ((long) t.rowSize * 8 > r.remaining()) throw new CodecError(trunc);
        t.timestamps = new long[t.rowSize];
        for (int i = 0; i < t.rowSize; i++) t.timestamps[i] = r.i64(trunc);
    }

    private static void readBitmaps(Reader r, Tablet t, int columns) {
        String trunc = "truncated_bitmaps";
        if (!r.flag(trunc)) return;
        t.bitmaps = new ArrayList<>(capacity(r, columns));
        for (int i = 0; i < columns; i++) {
            if (!r.flag(trunc)) {
                t.bitmaps.add(null);
                continue;
            }
            BitMap bm = new BitMap();
            bm.size = r.i32(trunc);
            bm.bytes = r.binary(trunc);
            t.bitmaps.add(bm);
        }
    }

    private static void readValues(Reader r, Tablet t, int columns) {
        String trunc = "truncated_values";
        if (!r.flag(trunc)) return;
        t.values = new ArrayList<>(capacity(r, columns));
        int typed = t.schemas == null ? 0 : t.schemas.size();
        for (int i = 0; i < columns; i++) {
            if (!r.flag(trunc)) {
                t.values.add(null);
                continue;
            }
            // Java looks the type up in the compacted schema list: misindexed after an absent schema,
            // and out of bounds past its end (§3, Errata 8).
            if (i >= typed) throw new CodecError("column_without_schema");
            Kind kind = kindOf(t.schemas.get(i).type);
            if (kind == null) throw new CodecError("unsupported_data_type");
            t.values.add(readColumn(r, kind, t.rowSize));
        }
    }

    private static Column readColumn(Reader r, Kind kind, int rows) {
        String trunc = "truncated_values";
        Column c = new Column(kind, capacity(r, rows));
        for (int i = 0; i < rows; i++) {
            switch (kind) {
                case BOOLEAN: c.numbers[i] = r.flag(trunc) ? 1 : 0; break;
                case INT32: c.numbers[i] = r.i32(trunc); break;
                case INT64: c.numbers[i] = r.i64(trunc); break;
                case FLOAT: c.numbers[i] = r.be(4, trunc); break; // raw bits: no NaN folding on read
                case DOUBLE: c.numbers[i] = r.i64(trunc); break;
                case BINARY: // absent cells come back as Binary.EMPTY_VALUE in Java; kept as absent here
                    c.binaries[i] = r.flag(trunc) ? r.binary(trunc) : null;
                    break;
                case DATE: c.dates[i] = intToDate(r.i32(trunc)); break;
            }
            c.length = i + 1;
        }
        return c;
    }

    // ---- JSON forms (conformance/harness/tsfile_tablet/operations.hpp) ----------------------------

    /** RFC 3629 UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF. */
    static boolean isUtf8(byte[] b) {
        for (int i = 0; i < b.length; ) {
            int c = b[i] & 0xFF;
            int more;
            int lo = 0x80, hi = 0xBF;
            if (c < 0x80) {
                i++;
                continue;
            } else if (c >= 0xC2 && c <= 0xDF) {
                more = 1;
            } else if (c >= 0xE0 && c <= 0xEF) {
                more = 2;
                if (c == 0xE0) lo = 0xA0;
                if (c == 0xED) hi = 0x9F;
            } else if (c >= 0xF0 && c <= 0xF4) {
                more = 3;
                if (c == 0xF0) lo = 0x90;
                if (c == 0xF4) hi = 0x8F;
            } else {
                return false;
            }
            if (i + more >= b.length) return false;
            int second = b[i + 1] & 0xFF;
            if (second < lo || second > hi) return false;
            for (int k = 2; k <= more; k++) {
                int x = b[i + k] & 0xFF;
                if (x < 0x80 || x > 0xBF) return false;
            }
            i += more + 1;
        }
        return true;
    }

    /** Text: a JSON string when the bytes are UTF-8, else {"hex": "..."}. */
    static Object textJson(byte[] b) {
        if (isUtf8(b)) return new String(b, StandardCharsets.UTF_8);
        Map<String, Object> o = Json.object();
        o.put("hex", Json.hex(b));
        return o;
    }

    static byte[] textOf(Json.At j) {
        if (j.isString()) return j.string().getBytes(StandardCharsets.UTF_8);
        if (!j.isObject() || j.map().size() != 1 || !j.has("hex"))
            throw j.mistyped("text as a JSON string or {\"hex\": …}");
        byte[] b = j.get("hex").bytes();
        if (isUtf8(b)) throw j.invalid("UTF-8 text is written as a JSON string");
        return b;
    }

    // A Java String: null, or its bytes as text.
    static Object stringJson(byte[] s) {
        return s == null ? Json.NULL : textJson(s);
    }

    static byte[] stringOf(Json.At j) {
        return j.isNull() ? null : textOf(j);
    }

    static int named(Json.At j, String[] names, String what) {
        String name = j.string();
        for (int i = 0; i < names.length; i++)
            if (names[i].equals(name)) return i;
        throw j.invalid("unknown " + what + " '" + name + "' (one of " + String.join(", ", names) + ")");
    }

    // A DATE cell: "yyyy-mm-dd" for a calendar date of the years 0000..9999, otherwise the integer
    // year*10000 + month*100 + day while month and day are 0..99, otherwise the "y-m-d" text.
    static Object dateJson(int[] d) {
        String text = String.format("%04d-%02d-%02d", d[0], d[1], d[2]);
        if (isCalendarDate(d[0], d[1], d[2]) && d[0] >= 0 && d[0] <= 9999) return text;
        if (d[1] >= 0 && d[1] <= 99 && d[2] >= 0 && d[2] <= 99) return (long) d[0] * 10000 + d[1] * 100L + d[2];
        return text;
    }

    private static final Pattern DATE_TEXT =
            Pattern.compile("\\s*([+-]?[0-9]+)-\\s*([+-]?[0-9]+)-\\s*([+-]?[0-9]+)");

    static int[] dateOf(Json.At j) {
        long y, m, d;
        if (j.isInteger()) {
            long raw = j.integer(Long.MIN_VALUE, Long.MAX_VALUE);
            y = Math.floorDiv(raw, 10000); // read back with floor division, as written
            long rest = raw - y * 10000;
            m = rest / 100;
            d = rest % 100;
        } else {
            if (!j.isString()) throw j.mistyped("a date \"yyyy-mm-dd\" or an integer");
            Matcher mt = DATE_TEXT.matcher(j.string());
            if (!mt.matches()) throw j.mistyped("a date \"yyyy-mm-dd\"");
            y = clamp(mt.group(1));
            m = clamp(mt.group(2));
            d = clamp(mt.group(3));
        }
        for (long v : new long[] {y, m, d})
            if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) throw j.mistyped("a DATE of three i32 numbers");
        return new int[] {(int) y, (int) m, (int) d};
    }

    // A number of the date text, saturated to a long (too long either way to be an i32).
    private static long clamp(String digits) {
        java.math.BigInteger v = new java.math.BigInteger(digits.startsWith("+") ? digits.substring(1) : digits);
        if (v.bitLength() > 63) return v.signum() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        return v.longValue();
    }

    // BLOB and OBJECT cells are spelled as hex, every other binary cell as text; the schema at the
    // column's index decides (none: text).
    static boolean isBlob(Tablet t, int j) {
        if (t.schemas == null || j >= t.schemas.size() || t.schemas.get(j) == null) return false;
        int type = t.schemas.get(j).type;
        return type == BLOB || type == OBJECT;
    }

    static Object tabletJson(Tablet t) {
        Map<String, Object> o = Json.object();
        o.put("target", stringJson(t.target));
        o.put("row_size", t.rowSize);
        if (t.schemas == null) {
            o.put("schemas", Json.NULL);
        } else {
            List<Object> list = new ArrayList<>();
            for (Schema s : t.schemas) list.add(s == null ? Json.NULL : schemaJson(s));
            o.put("schemas", list);
        }
        if (t.timestamps == null) {
            o.put("timestamps", Json.NULL);
        } else {
            List<Object> list = new ArrayList<>();
            for (long ts : t.timestamps) list.add(Long.toString(ts));
            o.put("timestamps", list);
        }
        if (t.bitmaps == null) {
            o.put("bitmaps", Json.NULL);
        } else {
            List<Object> list = new ArrayList<>();
            for (BitMap bm : t.bitmaps) {
                if (bm == null) {
                    list.add(Json.NULL);
                    continue;
                }
                Map<String, Object> b = Json.object();
                b.put("size", bm.size);
                b.put("bytes", Json.hex(bm.bytes));
                list.add(b);
            }
            o.put("bitmaps", list);
        }
        if (t.values == null) {
            o.put("values", Json.NULL);
        } else {
            List<Object> list = new ArrayList<>();
            for (int j = 0; j < t.values.size(); j++) {
                Column c = t.values.get(j);
                list.add(c == null ? Json.NULL : columnJson(c, isBlob(t, j)));
            }
            o.put("values", list);
        }
        return o;
    }

    static Object schemaJson(Schema s) {
        Map<String, Object> o = Json.object();
        o.put("name", stringJson(s.name));
        o.put("type", s.type < TYPE_NAMES.length ? TYPE_NAMES[s.type] : (Object) s.type);
        o.put("encoding", s.encoding);
        o.put("compressor", s.compressor);
        List<Object> props = new ArrayList<>();
        for (byte[][] p : s.props) props.add(List.of(stringJson(p[0]), stringJson(p[1])));
        o.put("props", props);
        o.put("category", CATEGORY_NAMES[s.category]);
        return o;
    }

    static Object columnJson(Column c, boolean blob) {
        List<Object> cells = new ArrayList<>();
        for (int i = 0; i < c.length; i++) {
            switch (c.kind) {
                case BOOLEAN: cells.add(c.numbers[i] <= 1 ? (Object) (c.numbers[i] == 1) : (Object) c.numbers[i]); break;
                case INT32: cells.add(c.numbers[i]); break;
                case INT64: cells.add(Long.toString(c.numbers[i])); break;
                case FLOAT: cells.add(String.format("%08x", c.numbers[i] & 0xFFFFFFFFL)); break;
                case DOUBLE: cells.add(String.format("%016x", c.numbers[i])); break;
                case BINARY: {
                    byte[] b = c.binaries[i];
                    cells.add(b == null ? Json.NULL : blob ? Json.hex(b) : textJson(b));
                    break;
                }
                case DATE: cells.add(c.dates[i] == null ? Json.NULL : dateJson(c.dates[i])); break;
            }
        }
        Map<String, Object> o = Json.object();
        o.put("kind", c.kind.json);
        o.put("cells", cells);
        return o;
    }

    /** The tablet of an input; every field must be there (null where the tablet has none). */
    static Tablet tabletOf(Json.At j) {
        Tablet t = new Tablet();
        t.target = stringOf(j.get("target"));
        t.rowSize = (int) j.get("row_size").integer(Integer.MIN_VALUE, Integer.MAX_VALUE);
        Json.At schemas = j.get("schemas");
        if (!schemas.isNull()) {
            t.schemas = new ArrayList<>();
            for (Json.At s : schemas.elements()) t.schemas.add(s.isNull() ? null : schemaOf(s));
        }
        Json.At timestamps = j.get("timestamps");
        if (!timestamps.isNull()) {
            List<Json.At> list = timestamps.elements();
            t.timestamps = new long[list.size()];
            for (int i = 0; i < list.size(); i++) t.timestamps[i] = list.get(i).decimal(Long.MIN_VALUE, Long.MAX_VALUE);
        }
        Json.At bitmaps = j.get("bitmaps");
        if (!bitmaps.isNull()) {
            t.bitmaps = new ArrayList<>();
            for (Json.At b : bitmaps.elements()) {
                if (b.isNull()) {
                    t.bitmaps.add(null);
                    continue;
                }
                BitMap bm = new BitMap();
                bm.size = (int) b.get("size").integer(Integer.MIN_VALUE, Integer.MAX_VALUE);
                bm.bytes = b.get("bytes").bytes();
                t.bitmaps.add(bm);
            }
        }
        Json.At values = j.get("values");
        if (!values.isNull()) {
            t.values = new ArrayList<>();
            List<Json.At> list = values.elements();
            for (int i = 0; i < list.size(); i++)
                t.values.add(list.get(i).isNull() ? null : columnOf(list.get(i), isBlob(t, i)));
        }
        return t;
    }

    static Schema schemaOf(Json.At j) {
        Schema s = new Schema();
        s.name = stringOf(j.get("name"));
        Json.At type = j.get("type");
        s.type = type.isString() ? named(type, TYPE_NAMES, "data type") : (int) type.integer(0, 255);
        s.encoding = (int) j.get("encoding").integer(0, 255);
        s.compressor = (int) j.get("compressor").integer(0, 255);
        for (Json.At p : j.get("props").elements()) {
            List<Json.At> pair = p.elements();
            if (pair.size() != 2) throw p.mistyped("an array of 2");
            s.props.add(new byte[][] {stringOf(pair.get(0)), stringOf(pair.get(1))});
        }
        Json.At category = j.get("category");
        s.category = category.isString() ? named(category, CATEGORY_NAMES, "column category") : (int) category.integer(0, 2);
        return s;
    }

    static Column columnOf(Json.At j, boolean blob) {
        Json.At kindAt = j.get("kind");
        String name = kindAt.string();
        Kind kind = null;
        for (Kind k : Kind.values())
            if (k.json.equals(name)) kind = k;
        if (kind == null) throw kindAt.invalid("unknown column kind '" + name + "'");
        List<Json.At> cells = j.get("cells").elements();
        Column c = new Column(kind, cells.size());
        for (Json.At x : cells) {
            int i = c.length;
            switch (kind) {
                case BOOLEAN: c.numbers[i] = x.v instanceof Boolean ? (x.bool() ? 1 : 0) : x.integer(0, 255); break;
                case INT32: c.numbers[i] = x.integer(Integer.MIN_VALUE, Integer.MAX_VALUE); break;
                case INT64: c.numbers[i] = x.decimal(Long.MIN_VALUE, Long.MAX_VALUE); break;
                case FLOAT: c.numbers[i] = floatBits(x, 4); break;
                case DOUBLE: c.numbers[i] = floatBits(x, 8); break;
                case BINARY: c.binaries[i] = x.isNull() ? null : blob ? x.bytes() : textOf(x); break;
                case DATE: c.dates[i] = x.isNull() ? null : dateOf(x); break;
            }
            c.length++;
        }
        return c;
    }

    // FLOAT and DOUBLE cells are their IEEE-754 bits in hex, so NaN payloads and -0.0 travel exactly.
    static long floatBits(Json.At x, int width) {
        byte[] b = x.bytes();
        if (b.length != width) throw x.mistyped("the IEEE-754 bits as " + 2 * width + " hex digits");
        long v = 0;
        for (byte y : b) v = (v << 8) | (y & 0xFF);
        return v;
    }
}
