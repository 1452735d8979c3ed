package org.tsconform.example;

import java.util.ArrayList;
import java.util.List;

/**
 * The TsFile/IoTDB {@code BitMap} (tablets-and-bitmaps.md §4) and the programs the suite runs on it.
 *
 * <p>A bitmap of {@code size} positions is held in {@code size/8 + 1} bytes (§4.1 getSizeOfBytes: one
 * byte more even when size is a multiple of 8); position p is bit {@code p & 7} of byte {@code p >> 3},
 * counted from the least significant bit (§1.2). The profiles name implementations: the suite's
 * checked contract, or the Java classes (conformance/PROFILES.md), which check less and differ from
 * each other where a position, range or length leaves the bitmap; and the AlignedTVList range check
 * {@code containsMarkedBit(start, length)} each answers its own way.
 */
final class BitMap {
    /** The largest bitmap the suite builds (bits). */
    static final int MAX_SIZE = 1 << 20;

    /** The class a profile's bitmap behaves as (PROFILES.md). */
    enum Implementation {
        CHECKED, // every position, range and length checked, with the suite's error classes
        JAVA_ARRAY, // BitMapArrayImpl: positions unchecked up to the array's end; merge's bound overflows
        JAVA_LONG, // BitMapLongImpl: one 64-bit word, shift counts masked to 6 bits; range bounds overflow
    }

    /** What containsMarkedBit(start, length) answers (§4.2). */
    enum RangeCheck {
        IS_RANGE_ANY_MARKED, // BitMap.isRangeAnyMarked: range-checked, length 0 is false
        LEGACY_BYTE_SCAN, // legacyContainsMarkedBit: masked first and last byte, no range check
        PREFIX_THEN_LEGACY, // apache/iotdb PR #18358: start 0 asks !isAllUnmarked(length), else legacy
    }

    /** The profiles of the `program` operation; the first is the default. */
    enum Profile {
        TSFILE("tsfile", Implementation.CHECKED, RangeCheck.IS_RANGE_ANY_MARKED),
        TSFILE_ARRAY("tsfile-array", Implementation.JAVA_ARRAY, RangeCheck.IS_RANGE_ANY_MARKED),
        TSFILE_LONG("tsfile-long", Implementation.JAVA_LONG, RangeCheck.IS_RANGE_ANY_MARKED),
        IOTDB_LEGACY("iotdb-legacy", Implementation.JAVA_ARRAY, RangeCheck.LEGACY_BYTE_SCAN),
        IOTDB_PR18358("iotdb-pr18358", Implementation.JAVA_LONG, RangeCheck.PREFIX_THEN_LEGACY);

        final String name;
        final Implementation implementation;
        final RangeCheck rangeCheck;

        Profile(String name, Implementation implementation, RangeCheck rangeCheck) {
            this.name = name;
            this.implementation = implementation;
            this.rangeCheck = rangeCheck;
        }

        static Profile named(String name) {
            for (Profile p : values())
                if (p.name.equals(name)) return p;
            return null;
        }
    }

    /** An operation that fails; the observation is "error:" and this class. */
    static final class Failure extends RuntimeException {
        final String errorClass;

        Failure(String errorClass) {
            super(errorClass, null, false, false);
            this.errorClass = errorClass;
        }
    }

    static final String POSITION_OUT_OF_RANGE = "position_out_of_range";
    static final String RANGE_OUT_OF_BOUNDS = "range_out_of_bounds";
    static final String INDEX_OUT_OF_BOUNDS = "index_out_of_bounds";
    static final String NEGATIVE_ARRAY_SIZE = "negative_array_size";

    static int sizeOfBytes(int size) {
        return size / 8 + 1;
    }

    final int size;
    final byte[] bytes;
    final Profile profile;
    // A long-backed BitMap keeps 64 bits in a long: its bits past the byte array are invisible to
    // getByteArray, set by markAll, cleared by reset (Errata 3) and reached by a masked shift.
    private final boolean[] hiddenWordBits = new boolean[64];

    /** BitMap(size) or BitMap(size, bytes); null when the suite holds no such bitmap. */
    static BitMap create(int size, byte[] initial, Profile profile) {
        if (size < 0 || size > MAX_SIZE) return null;
        if (initial != null && initial.length != sizeOfBytes(size)) return null;
        return new BitMap(size, initial != null ? initial.clone() : new byte[sizeOfBytes(size)], profile);
    }

    private BitMap(int size, byte[] bytes, Profile profile) {
        this.size = size;
        this.bytes = bytes;
        this.profile = profile;
    }

    private static boolean bit(byte[] b, long p) {
        return ((b[(int) (p >> 3)] >> (p & 7)) & 1) != 0;
    }

    private boolean bit(long p) {
        return bit(bytes, p);
    }

    private void setBit(long p, boolean marked) {
        int mask = 1 << (p & 7);
        int i = (int) (p >> 3);
        bytes[i] = (byte) (marked ? bytes[i] | mask : bytes[i] & ~mask);
    }

    // §4.1 checkRange: start < 0 || length < 0 || start > size - length is out of bounds. In long
    // arithmetic: Java ints, but their differences must not wrap here.
    private boolean rangeFits(long start, long length) {
        return start >= 0 && length >= 0 && start <= size - length;
    }

    // Checked: any position outside [0, size) is an error. The array class checks nothing, so any bit
    // of its byte array is reached (padding bits too), and a position below 0 or past it throws.
    private void checkPosition(int p) {
        if (profile.implementation == Implementation.JAVA_ARRAY) {
            if (p < 0 || p / 8 >= bytes.length) throw new Failure(INDEX_OUT_OF_BOUNDS);
        } else if (p < 0 || p >= size) {
            throw new Failure(POSITION_OUT_OF_RANGE);
        }
    }

    // The long class's word: bit q is a bit of the byte array while the array (its first 8 bytes)
    // holds it, else a hidden one. A position is q = p & 63, since Java masks a long's shift count.
    private int wordBits() {
        return Math.min(bytes.length, 8) * 8;
    }

    private boolean wordBit(int q) {
        return q < wordBits() ? bit(q) : hiddenWordBits[q];
    }

    private void setWordBit(int q, boolean marked) {
        if (q < wordBits()) setBit(q, marked);
        else hiddenWordBits[q] = marked;
    }

    // lowerBitsMask(n) of the long class: 64 ones for n = 64, else n & 63 ones.
    private static int lowerBits(int n) {
        return n == 64 ? 64 : n & 63;
    }

    // ---- §4.1 ----------------------------------------------------------------------------------

    void mark(int p) {
        setPosition(p, true);
    }

    void unmark(int p) {
        setPosition(p, false);
    }

    private void setPosition(int p, boolean marked) {
        if (profile.implementation == Implementation.JAVA_LONG) {
            setWordBit(p & 63, marked);
            return;
        }
        checkPosition(p);
        setBit(p, marked);
    }

    boolean isMarked(int p) {
        if (profile.implementation == Implementation.JAVA_LONG) return wordBit(p & 63);
        checkPosition(p);
        return bit(p);
    }

    // Every byte, the padding bits and the extra byte included.
    void markAll() {
        java.util.Arrays.fill(bytes, (byte) 0xFF);
        java.util.Arrays.fill(hiddenWordBits, true);
    }

    void reset() {
        java.util.Arrays.fill(bytes, (byte) 0);
        java.util.Arrays.fill(hiddenWordBits, false);
    }

    // A length of 0 or less does nothing, whatever start is; otherwise the range must fit.
    void markRange(int start, int length) {
        setRange(start, length, true);
    }

    void unmarkRange(int start, int length) {
        setRange(start, length, false);
    }

    private void setRange(int start, int length, boolean marked) {
        if (length <= 0) return;
        if (profile.implementation == Implementation.JAVA_LONG) {
            // The long class adds start + length in int: a wrapped sum passes its check, and the mask
            // of lowerBits(length) ones is shifted by start & 63 within the word.
            if (start < 0 || start + length > size) throw new Failure(RANGE_OUT_OF_BOUNDS);
            for (int q = start & 63; q < (start & 63) + lowerBits(length) && q < 64; q++) setWordBit(q, marked);
            return;
        }
        if (!rangeFits(start, length)) throw new Failure(RANGE_OUT_OF_BOUNDS);
        for (long p = start; p < (long) start + length; p++) setBit(p, marked);
    }

    // Positions [0, size) only: padding bits are ignored.
    boolean isAllUnmarked() {
        for (long p = 0; p < size; p++)
            if (bit(p)) return false;
        return true;
    }

    boolean isAllMarked() {
        for (long p = 0; p < size; p++)
            if (!bit(p)) return false;
        return true;
    }

    /** isAllUnmarked(r): positions [0, r), as the profile's implementation checks r. */
    boolean isAllUnmarked(int r) {
        switch (profile.implementation) {
            case JAVA_ARRAY: return javaArrayPrefix(r);
            case JAVA_LONG: return javaLongPrefix(r);
            default:
                if (r < 0 || r > size) throw new Failure(RANGE_OUT_OF_BOUNDS);
                for (long p = 0; p < r; p++)
                    if (bit(p)) return false;
                return true;
        }
    }

    // BitMapArrayImpl.isAllUnmarked(r) (Errata 8): whole bytes [0, r/8), then the low r%8 bits of byte
    // r/8, with Java's truncating / and %, so a negative r is true; a byte past the array throws.
    private boolean javaArrayPrefix(int r) {
        int whole = r / 8;
        for (int i = 0; i < whole; i++) {
            if (i >= bytes.length) throw new Failure(INDEX_OUT_OF_BOUNDS);
            if (bytes[i] != 0) return false;
        }
        int remaining = r % 8;
        if (remaining <= 0) return true;
        if (whole >= bytes.length) throw new Failure(INDEX_OUT_OF_BOUNDS);
        return (bytes[whole] & ((1 << remaining) - 1)) == 0;
    }

    // BitMapLongImpl.isAllUnmarked(r) (Errata 8): the word under lowerBits(r), hidden bits included, so
    // r = 65 tests one bit.
    private boolean javaLongPrefix(int r) {
        for (int q = 0; q < lowerBits(r); q++)
            if (wordBit(q)) return false;
        return true;
    }

    // Range queries: checkRange first; length 0 answers false, true and true.
    boolean isRangeAnyMarked(int start, int length) {
        if (!rangeFits(start, length)) throw new Failure(RANGE_OUT_OF_BOUNDS);
        for (long p = start; p < (long) start + length; p++)
            if (bit(p)) return true;
        return false;
    }

    boolean isRangeAllMarked(int start, int length) {
        if (!rangeFits(start, length)) throw new Failure(RANGE_OUT_OF_BOUNDS);
        for (long p = start; p < (long) start + length; p++)
            if (!bit(p)) return false;
        return true;
    }

    boolean isRangeNoneMarked(int start, int length) {
        return !isRangeAnyMarked(start, length);
    }

    /**
     * The planted divergence (off unless TSCONFORM_PLANTED_DIVERGENCE=1): a known upstream one. Under
     * {@code tsfile-array}, containsMarkedBit takes IoTDB's legacy byte scan over the same array-backed
     * class, which findings legacy_contains_marked_bit_len_0 and legacy_contains_marked_bit_no_range_check
     * explain.
     */
    static final boolean PLANTED_DIVERGENCE = "1".equals(System.getenv("TSCONFORM_PLANTED_DIVERGENCE"));

    /** §4.2: the AlignedTVList range check, as the profile's implementation answers it. */
    boolean containsMarkedBit(int start, int length) {
        if (PLANTED_DIVERGENCE && profile == Profile.TSFILE_ARRAY) return legacyByteScan(start, length);
        switch (profile.rangeCheck) {
            case LEGACY_BYTE_SCAN: return legacyByteScan(start, length);
            case PREFIX_THEN_LEGACY:
                if (start != 0) return legacyByteScan(start, length);
                return !isAllUnmarked(length); // a range from 0 asks the bitmap's own prefix query
            default: return isRangeAnyMarked(start, length);
        }
    }

    // legacyContainsMarkedBit over getByteArray(), in Java int arithmetic: end = start + length - 1
    // wraps, and the byte indexes are start >>> 3 and end >>> 3. One byte: bits [start&7, end&7] of it.
    // Otherwise bits [start&7, 7] of the first byte, every byte strictly between, then bits
    // [0, end&7] of the last, stopping at the first mark. No range check: a byte past the array throws.
    // For length 0 (end = start - 1) a start that is a multiple of 8 reads byte start/8, then byte
    // start/8 - 1; start 0 scans to the end of the array.
    private boolean legacyByteScan(int start, int length) {
        long s = start & 0xFFFFFFFFL;
        long end = (s + (length & 0xFFFFFFFFL) - 1) & 0xFFFFFFFFL;
        long first = s >>> 3;
        long last = end >>> 3;
        int firstBit = (int) (s & 7);
        int lastBit = (int) (end & 7);
        if (first == last) return anyIn(first, firstBit, lastBit);
        if (anyIn(first, firstBit, 7)) return true;
        for (long i = first + 1; i < last; i++)
            if (anyIn(i, 0, 7)) return true;
        return anyIn(last, 0, lastBit);
    }

    private boolean anyIn(long index, int from, int to) {
        if (index >= bytes.length) throw new Failure(INDEX_OUT_OF_BOUNDS);
        for (int b = from; b <= to && b < 8; b++)
            if (((bytes[(int) index] >> b) & 1) != 0) return true;
        return false;
    }

    /** OR-merge of source bits [srcStart, srcStart+length) into [dstStart, ...): it never clears. */
    void merge(int srcSize, byte[] src, int srcStart, int dstStart, int length) {
        if (length <= 0) return;
        if (srcStart < 0 || dstStart < 0 || (long) srcStart + length > srcSize || (long) dstStart + length > size) {
            // Both Java classes add the bounds in int: a sum that wraps passes their check.
            boolean wrappedPasses = srcStart >= 0 && dstStart >= 0 && srcStart + length <= srcSize && dstStart + length <= size;
            if (!wrappedPasses || profile.implementation == Implementation.CHECKED) throw new Failure(RANGE_OUT_OF_BOUNDS);
            if (profile.implementation == Implementation.JAVA_ARRAY) arrayMergePastWrappedBound(src, srcStart, dstStart, length);
            else longMergePastWrappedBound(srcSize, src, srcStart, dstStart, length);
            return;
        }
        for (long i = 0; i < length; i++)
            if (bit(src, srcStart + i)) setBit(dstStart + i, true);
    }

    // The array class copies 64 source bits at a time from srcStart + done (int sums), reading the
    // source bytes a batch covers, and ORs them from bit dstStart & 7 of byte (dstStart + done) >>> 3 on,
    // writing a further byte only while the batch still holds a 1 for it. The first read or write past
    // an array stops it; bits written before stay.
    private void arrayMergePastWrappedBound(byte[] src, int srcStart, int dstStart, int length) {
        int dstBit = dstStart & 7;
        for (int done = 0; done < length; ) {
            int batch = Math.min(length - done, 64);
            long offset = (srcStart + done) & 0xFFFFFFFFL;
            long lastRead = (offset + Math.max(batch, 8 - (offset & 7)) - 1) >>> 3;
            if (lastRead >= src.length) throw new Failure(INDEX_OUT_OF_BOUNDS);
            long firstWrite = ((dstStart + done) & 0xFFFFFFFFL) >>> 3;
            for (int k = 0; k * 8 < dstBit + batch; k++) {
                boolean restHasAOne = false;
                for (int i = Math.max(0, k * 8 - dstBit); i < batch; i++) restHasAOne |= bit(src, offset + i);
                if (k > 0 && !restHasAOne) break;
                if (firstWrite + k >= bytes.length) throw new Failure(INDEX_OUT_OF_BOUNDS);
                for (int t = k * 8; t < k * 8 + 8; t++) {
                    int i = t - dstBit;
                    if (i >= 0 && i < batch && bit(src, offset + i)) setBit(firstWrite * 8 + t, true);
                }
            }
            done += batch;
        }
    }

    // The long class ORs the source's bits from srcStart, under lowerBits(length), shifted by dstStart
    // & 63. A source of 64 positions or fewer is a word too (srcStart & 63); a larger one is
    // array-backed: bytes from srcStart >>> 3 on, each shifted left by the bits taken so far (a count
    // Java masks), until `length` are taken, throwing at a byte past its end before anything is written.
    private void longMergePastWrappedBound(int srcSize, byte[] src, int srcStart, int dstStart, int length) {
        long value = 0;
        if (srcSize > 64) {
            int at = srcStart >>> 3;
            if (at >= src.length) throw new Failure(INDEX_OUT_OF_BOUNDS);
            value = (src[at++] & 0xFFL) >>> (srcStart & 7);
            for (long taken = 8 - (srcStart & 7); taken < length; taken += 8) {
                if (at >= src.length) throw new Failure(INDEX_OUT_OF_BOUNDS);
                value |= (src[at++] & 0xFFL) << taken;
            }
        } else {
            int from = srcStart & 63;
            for (int i = 0; from + i < 64; i++)
                if (from + i < Math.min(src.length, 8) * 8 && bit(src, from + i)) value |= 1L << i;
        }
        if (lowerBits(length) < 64) value &= (1L << lowerBits(length)) - 1;
        int to = dstStart & 63;
        for (int i = 0; to + i < 64; i++)
            if (((value >>> i) & 1) != 0) setWordBit(to + i, true);
    }

    /**
     * getTruncatedByteArray(k): a copy of the first k/8+1 bytes, padding bits unmasked. The Java classes
     * copy with no check: zeros past the array, and a negative length (k <= -16) throws.
     */
    byte[] truncatedByteArray(int k) {
        if (profile.implementation == Implementation.CHECKED && (k < 0 || k > size)) throw new Failure(RANGE_OUT_OF_BOUNDS);
        if (sizeOfBytes(k) < 0) throw new Failure(NEGATIVE_ARRAY_SIZE);
        return java.util.Arrays.copyOf(bytes, sizeOfBytes(k));
    }

    /** equals: the same size and the same whole bytes, padding bits included. */
    boolean equalsValue(int otherSize, byte[] other) {
        return otherSize == size && java.util.Arrays.equals(other, bytes);
    }

    /**
     * equalsInRange(o, r): positions [0, r) only; r beyond either size is an error. The Java classes
     * check only that: a negative r is true, but two long-backed bitmaps compare bits [0, r & 63).
     */
    boolean equalsInRange(int otherSize, byte[] other, int r) {
        if (profile.implementation != Implementation.CHECKED && r < 0) {
            if (profile.implementation == Implementation.JAVA_ARRAY || otherSize > 64) return true;
            for (int q = 0; q < (r & 63); q++)
                if (wordBit(q) != (q < Math.min(other.length, 8) * 8 && bit(other, q))) return false;
            return true;
        }
        if (r < 0 || r > size || r > otherSize) throw new Failure(RANGE_OUT_OF_BOUNDS);
        for (long p = 0; p < r; p++)
            if (bit(p) != bit(other, p)) return false;
        return true;
    }

    /**
     * §4.2 markNullBitmapRange step 3: row i below length whose bit i of failedRows is set (bits past
     * its end count as 0) is marked at elementIdx + i. Built the way AlignedTVList does it: a byte
     * array whose first bit sits at elementIdx & 7, ORed byte by byte from byte elementIdx >> 3.
     */
    void orFailedRows(int elementIdx, int length, byte[] failedRows) {
        if (!rangeFits(elementIdx, length)) throw new Failure(RANGE_OUT_OF_BOUNDS);
        int offset = elementIdx & 7;
        byte[] result = new byte[(int) (((long) offset + length + 7) >> 3)];
        for (long i = 0; i < length; i++) {
            int b = (int) (i >> 3);
            if (b < failedRows.length && ((failedRows[b] >> (i & 7)) & 1) != 0) {
                long r = offset + i;
                result[(int) (r >> 3)] |= (byte) (1 << (r & 7));
            }
        }
        int base = elementIdx >> 3;
        for (int j = 0; j < result.length; j++) bytes[base + j] |= result[j];
    }

    // ---- programs (conformance/harness/bitmap/program.hpp) -----------------------------------------

    /** One operation of a program's text form: its name, int arguments and operand. */
    static final class Op {
        String name;
        int[] args;
        int valueSize; // merge, equals, equalsInRange: the other bitmap
        byte[] value;
        byte[] rows; // orFailedRows
    }

    // Name, int argument count, operand: 'v' a bitmap value (SIZE HEX) before the ints, 'r' failed-row
    // bytes (HEX or '-') after them, ' ' none. isAllUnmarked comes with and without its range.
    private static final Object[][] OPS = {
        {"mark", 1, ' '}, {"unmark", 1, ' '}, {"isMarked", 1, ' '}, {"markAll", 0, ' '}, {"reset", 0, ' '},
        {"markRange", 2, ' '}, {"unmarkRange", 2, ' '}, {"isAllUnmarked", 0, ' '}, {"isAllUnmarked", 1, ' '},
        {"isAllMarked", 0, ' '}, {"isRangeAnyMarked", 2, ' '}, {"isRangeAllMarked", 2, ' '},
        {"isRangeNoneMarked", 2, ' '}, {"containsMarkedBit", 2, ' '}, {"merge", 3, 'v'}, {"bytes", 0, ' '},
        {"getTruncatedByteArray", 1, ' '}, {"equals", 0, 'v'}, {"equalsInRange", 1, 'v'}, {"orFailedRows", 2, 'r'},
    };

    /** A program's operations are unreadable; the message names the operation. */
    static final class ParseError extends Exception {
        ParseError(String message) {
            super(message);
        }
    }

    /** "op args; op args" (';' or newlines between operations, spaces, tabs or CRs between tokens). */
    static List<Op> parseOps(String text) throws ParseError {
        List<Op> ops = new ArrayList<>();
        for (String item : text.split("[;\n]")) {
            List<String> tokens = new ArrayList<>();
            for (String t : item.split("[ \t\r]"))
                if (!t.isEmpty()) tokens.add(t);
            if (tokens.isEmpty()) continue;
            try {
                ops.add(parseOp(tokens));
            } catch (ParseError e) {
                throw new ParseError("operation " + (ops.size() + 1) + " '" + item + "': " + e.getMessage());
            }
        }
        return ops;
    }

    private static Op parseOp(List<String> tokens) throws ParseError {
        for (Object[] o : OPS) {
            String name = (String) o[0];
            int ints = (Integer) o[1];
            char operand = (Character) o[2];
            int want = 1 + ints + (operand == 'v' ? 2 : operand == 'r' ? 1 : 0);
            if (!tokens.get(0).equals(name) || tokens.size() != want) continue;
            Op op = new Op();
            op.name = name;
            op.args = new int[ints];
            int t = 1;
            if (operand == 'v') {
                Integer size = javaInt(tokens.get(t++));
                byte[] bytes = hexOrDash(tokens.get(t++));
                if (size == null || bytes == null) throw new ParseError("bad bitmap value (SIZE HEX)");
                if (size < 0 || size > MAX_SIZE || bytes.length != sizeOfBytes(size))
                    throw new ParseError("a bitmap of size " + size + " (0 to " + MAX_SIZE + ") has size/8+1 bytes, not "
                            + bytes.length);
                op.valueSize = size;
                op.value = bytes;
            }
            for (int i = 0; i < ints; i++) {
                Integer v = javaInt(tokens.get(t++));
                if (v == null) throw new ParseError("'" + tokens.get(t - 1) + "' is not a Java int");
                op.args[i] = v;
            }
            if (operand == 'r') {
                op.rows = hexOrDash(tokens.get(t++));
                if (op.rows == null) throw new ParseError("failed rows are not hex (or '-')");
            }
            return op;
        }
        throw new ParseError("unknown operation or wrong argument count");
    }

    // A decimal Java int: an optional '-', then digits only.
    private static Integer javaInt(String s) {
        String digits = s.startsWith("-") ? s.substring(1) : s;
        if (digits.isEmpty()) return null;
        for (int i = 0; i < digits.length(); i++)
            if (digits.charAt(i) < '0' || digits.charAt(i) > '9') return null;
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return null; // out of the int range
        }
    }

    private static byte[] hexOrDash(String s) {
        return s.equals("-") ? new byte[0] : Json.unhex(s);
    }

    /** Runs one operation; its observation in the vector files' notation ("ok", "true", hex, ...). */
    String run(Op op) {
        int[] a = op.args;
        try {
            switch (op.name) {
                case "mark": mark(a[0]); return "ok";
                case "unmark": unmark(a[0]); return "ok";
                case "isMarked": return Boolean.toString(isMarked(a[0]));
                case "markAll": markAll(); return "ok";
                case "reset": reset(); return "ok";
                case "markRange": markRange(a[0], a[1]); return "ok";
                case "unmarkRange": unmarkRange(a[0], a[1]); return "ok";
                case "isAllUnmarked":
                    return Boolean.toString(a.length == 0 ? isAllUnmarked() : isAllUnmarked(a[0]));
                case "isAllMarked": return Boolean.toString(isAllMarked());
                case "isRangeAnyMarked": return Boolean.toString(isRangeAnyMarked(a[0], a[1]));
                case "isRangeAllMarked": return Boolean.toString(isRangeAllMarked(a[0], a[1]));
                case "isRangeNoneMarked": return Boolean.toString(isRangeNoneMarked(a[0], a[1]));
                case "containsMarkedBit": return Boolean.toString(containsMarkedBit(a[0], a[1]));
                case "merge": merge(op.valueSize, op.value, a[0], a[1], a[2]); return "ok";
                case "bytes": return Json.hex(bytes);
                case "getTruncatedByteArray": return Json.hex(truncatedByteArray(a[0]));
                case "equals": return Boolean.toString(equalsValue(op.valueSize, op.value));
                case "equalsInRange": return Boolean.toString(equalsInRange(op.valueSize, op.value, a[0]));
                case "orFailedRows": orFailedRows(a[0], a[1], op.rows); return "ok";
                default: throw new IllegalStateException("no operation " + op.name);
            }
        } catch (Failure f) {
            return "error:" + f.errorClass;
        }
    }
}
