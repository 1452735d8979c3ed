package org.tsconform.example;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A testee of the tsconform external subject protocol, version 1 (subjects/external/PROTOCOL.md):
 * one JSON request per line on stdin, one JSON answer per line on stdout, in order, each flushed as
 * soon as it is written because the suite waits for it before sending the next request.
 *
 * <p>Implements tsfile_tablet serialize/deserialize under the layout "newest", and the bitmap
 * "program" operation under every bitmap profile. Every request is answered, whatever the line holds:
 * an unreadable request gets a protocol_error, an operation or profile not implemented here an
 * unsupported answer, and nothing a request does can stop the loop.
 */
public final class Testee {
    private Testee() {}

    private static final int PROTOCOL = 1;

    // What `hello` announces, and the only profiles answered.
    private static final String TSFILE_LAYOUT = "newest";
    private static final List<String> TSFILE_LAYOUTS = List.of("newest", "v15201a9d"); // the family's, all

    public static void main(String[] args) throws IOException {
        InputStream in = new BufferedInputStream(System.in, 1 << 16);
        OutputStream out = new BufferedOutputStream(System.out, 1 << 16);
        byte[] line;
        while ((line = readLine(in)) != null) {
            out.write(answer(line).getBytes(StandardCharsets.UTF_8));
            out.write('\n');
            out.flush();
        }
    }

    // One line without its '\n' (a '\r' before it is JSON whitespace), or null at the end of input.
    private static byte[] readLine(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1 && c != '\n') b.write(c);
        if (c == -1 && b.size() == 0) return null;
        return b.toByteArray();
    }

    /** The answer line to one request line. Never throws. */
    static String answer(byte[] line) {
        try {
            Object request;
            try {
                String text = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(line))
                        .toString();
                request = Json.parse(text);
            } catch (CharacterCodingException e) {
                return protocolError("the request is not valid JSON: it is not UTF-8 text");
            } catch (Json.SyntaxError e) {
                return protocolError("the request is not valid JSON: " + e.getMessage());
            }
            return Json.write(dispatch(new Json.At(request, "")));
        } catch (Json.InputError e) {
            return protocolError(e.getMessage());
        } catch (Throwable t) { // a bug here, or memory: still one answer for this request
            return protocolError("internal error: " + t);
        }
    }

    private static String protocolError(String why) {
        Map<String, Object> o = Json.object();
        o.put("protocol_error", why);
        return Json.write(o);
    }

    private static Map<String, Object> unsupported(String why) {
        Map<String, Object> o = Json.object();
        o.put("unsupported", why);
        return o;
    }

    private static Map<String, Object> outcome(Object outcome) {
        Map<String, Object> o = Json.object();
        o.put("outcome", outcome);
        return o;
    }

    private static Object dispatch(Json.At request) {
        String op = request.get("op").string();
        if (op.equals("hello")) return hello();
        String family = request.get("family").string();
        boolean tsfile = family.equals("tsfile_tablet") && (op.equals("serialize") || op.equals("deserialize"));
        boolean bitmap = family.equals("bitmap") && op.equals("program");
        if (!tsfile && !bitmap) return unsupported("no operation " + family + "/" + op);
        // The profile is read only for an operation that has profiles (both of these do).
        Json.At profileAt = request.optional("profile");
        String profile = profileAt == null ? "" : profileAt.string();
        if (tsfile) {
            // A request without a profile means the operation's first one, "newest".
            if (!profile.isEmpty() && !TSFILE_LAYOUTS.contains(profile))
                throw profileAt.invalid("unknown tsfile_tablet layout '" + profile + "' (one of newest, v15201a9d)");
            if (!profile.isEmpty() && !profile.equals(TSFILE_LAYOUT))
                return unsupported("tsfile_tablet layout " + profile + " is not implemented (only newest)");
            Json.At input = request.get("input");
            return outcome(op.equals("serialize") ? serialize(input) : deserialize(input));
        }
        BitMap.Profile p = profile.isEmpty() ? BitMap.Profile.TSFILE : BitMap.Profile.named(profile);
        if (p == null) throw profileAt.invalid("unknown bitmap profile '" + profile + "'");
        return outcome(program(request.get("input"), p));
    }

    private static Object hello() {
        List<Object> ops = new ArrayList<>();
        for (String op : List.of("serialize", "deserialize")) ops.add(operation("tsfile_tablet", op, List.of(TSFILE_LAYOUT)));
        List<Object> bitmapProfiles = new ArrayList<>();
        for (BitMap.Profile p : BitMap.Profile.values()) bitmapProfiles.add(p.name);
        ops.add(operation("bitmap", "program", bitmapProfiles));
        Map<String, Object> o = Json.object();
        o.put("protocol", PROTOCOL);
        o.put("operations", ops);
        return o;
    }

    private static Object operation(String family, String op, List<?> profiles) {
        Map<String, Object> o = Json.object();
        o.put("family", family);
        o.put("op", op);
        o.put("profiles", profiles);
        return o;
    }

    // ---- tsfile_tablet ---------------------------------------------------------------------------

    private static Object deserialize(Json.At input) {
        byte[] bytes = input.get("bytes").bytes();
        Map<String, Object> o = Json.object();
        try {
            TsFileTablet.Read read = TsFileTablet.deserialize(bytes);
            o.put("tablet", TsFileTablet.tabletJson(read.tablet));
            o.put("consumed", read.consumed);
        } catch (TsFileTablet.CodecError e) {
            o.put("error", e.errorClass);
        }
        return o;
    }

    // Guard bytes: the pattern the caller's buffer is filled with, so a stray write shows.
    private static byte guard(long i) {
        return (byte) (0xA5 ^ (i * 29));
    }

    private static final int ROOM_AFTER = 9;

    /**
     * The serialize operation is the two-step API as a caller sees it (operations.hpp): serializedSize,
     * then serializeInto at the offset of a guarded buffer of offset + size + 9 bytes, then, when the
     * size is known and not 0, serializeInto into a buffer one byte too small. What is observed is
     * reported: the bytes, an error class, any byte changed outside what was written.
     *
     * <p>The offset may be as large as 2^31-1, so the buffer is not allocated whole: only its last
     * part, from at most 16 bytes before the offset, with the guard pattern of the whole buffer's
     * indexes. serializeInto cannot tell: the room before and after the offset is what it would be.
     */
    private static Object serialize(Json.At input) {
        TsFileTablet.Tablet tablet = TsFileTablet.tabletOf(input.get("tablet"));
        long offset = input.get("offset").integer(0, Integer.MAX_VALUE);
        long shift = Math.max(0, offset - 16);
        int local = (int) (offset - shift);

        String error = null;
        long size = 0;
        try {
            size = TsFileTablet.serializedSize(tablet);
        } catch (TsFileTablet.CodecError e) {
            error = e.errorClass;
        }
        if (local + size + ROOM_AFTER > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("a tablet of " + size + " bytes does not fit a Java array");
        }

        byte[] buffer = guarded((int) (local + size + ROOM_AFTER), shift);
        String writeError = tryInto(tablet, buffer, local);
        boolean wrote = writeError == null;
        byte[] written = wrote ? java.util.Arrays.copyOfRange(buffer, local, (int) (local + size)) : new byte[0];
        Long touchedAt = null;
        int touchedValue = 0;
        for (int i = 0; i < buffer.length; i++) {
            if (wrote && i >= local && i < local + size) continue;
            if (buffer[i] == guard(i + shift)) continue;
            touchedAt = i + shift;
            touchedValue = buffer[i] & 0xFF;
            break;
        }
        String tightError = null;
        boolean tightTouched = false;
        boolean tightTried = error == null && size > 0;
        if (tightTried) {
            byte[] tight = guarded((int) (local + size - 1), shift);
            byte[] before = tight.clone();
            tightError = tryInto(tablet, tight, local);
            tightTouched = !java.util.Arrays.equals(tight, before);
        }

        // The JSON of the outcome: {"bytes"} or {"error"}, plus a field for each way it departs from
        // what an ideal two-step API does (operations.hpp, Serialize::outcome_json).
        Map<String, Object> o = Json.object();
        if (error == null) o.put("bytes", Json.hex(written));
        else o.put("error", error);
        if (error == null && size != written.length) o.put("size", size);
        if (!java.util.Objects.equals(writeError, error)) o.put("write_error", writeError == null ? "ok" : writeError);
        if (touchedAt != null) {
            o.put("touched_at", touchedAt);
            o.put("touched_value", touchedValue);
        }
        boolean idealTight = tightTried && "buffer_too_small".equals(tightError) && !tightTouched;
        if (tightTried && !idealTight) {
            Map<String, Object> t = Json.object();
            t.put("error", tightError == null ? "ok" : tightError);
            t.put("touched", tightTouched);
            o.put("tight", t);
        }
        return o;
    }

    private static byte[] guarded(int length, long shift) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) b[i] = guard(i + shift);
        return b;
    }

    // serializeInto; the error class, or null when it wrote the tablet.
    private static String tryInto(TsFileTablet.Tablet tablet, byte[] buffer, int offset) {
        try {
            TsFileTablet.serializeInto(tablet, buffer, offset);
            return null;
        } catch (TsFileTablet.CodecError e) {
            return e.errorClass;
        }
    }

    // ---- bitmap ----------------------------------------------------------------------------------

    private static Object program(Json.At input, BitMap.Profile profile) {
        int size = (int) input.get("size").decimal(Integer.MIN_VALUE, Integer.MAX_VALUE);
        Json.At bytesAt = input.optional("bytes");
        byte[] initial = bytesAt == null ? null : bytesAt.bytes();
        Json.At opsAt = input.get("ops");
        List<BitMap.Op> ops;
        try {
            ops = BitMap.parseOps(opsAt.string());
        } catch (BitMap.ParseError e) {
            throw opsAt.invalid(e.getMessage());
        }
        Map<String, Object> o = Json.object();
        BitMap bitmap = BitMap.create(size, initial, profile);
        if (bitmap == null) { // a size or initial bytes no BitMap is built from here
            o.put("unsupported", true);
            return o;
        }
        o.put("created", Json.hex(bitmap.bytes));
        List<Object> observations = new ArrayList<>();
        List<Object> states = new ArrayList<>();
        for (BitMap.Op op : ops) {
            observations.add(bitmap.run(op));
            states.add(Json.hex(bitmap.bytes)); // getByteArray after the operation
        }
        o.put("observations", observations);
        o.put("bytes", states);
        return o;
    }
}
