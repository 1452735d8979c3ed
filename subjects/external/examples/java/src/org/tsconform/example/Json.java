package org.tsconform.example;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader and writer: just what the protocol needs (objects, arrays, strings, numbers,
 * true/false/null), with no library behind it.
 *
 * <p>Parsed values are plain Java objects: {@code Map<String, Object>} (insertion ordered), {@code
 * List<Object>}, {@code String}, {@code Boolean}, {@link BigInteger} for a number written without a
 * fraction or exponent, {@code Double} for any other number, and {@link #NULL} for null. Integers and
 * other numbers are kept apart because the protocol accepts only integers where it wants a count
 * ({@code 3.0} is not one).
 *
 * <p>{@link At} reads fields of a parsed request and reports a bad one the way the suite's own server
 * does: the JSON path of the field, what was expected and what was found.
 */
final class Json {
    private Json() {}

    /** JSON null (a Java null would be ambiguous with "no such key"). */
    static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    /** The text is not JSON. */
    static final class SyntaxError extends Exception {
        SyntaxError(String message) {
            super(message);
        }
    }

    /** A request that is JSON but not the request the protocol describes; the message names the field. */
    static final class InputError extends RuntimeException {
        InputError(String message) {
            super(message);
        }
    }

    // ---- reading ---------------------------------------------------------------------------------

    // Nesting deeper than this is refused rather than risking the thread's stack on a hostile line.
    private static final int MAX_DEPTH = 512;

    static Object parse(String text) throws SyntaxError {
        Parser p = new Parser(text);
        p.skipSpace();
        Object v = p.value(0);
        p.skipSpace();
        if (p.pos != text.length()) throw p.error("unexpected text after the value");
        return v;
    }

    private static final class Parser {
        final String s;
        int pos;

        Parser(String s) {
            this.s = s;
        }

        SyntaxError error(String what) {
            return new SyntaxError(what + " at character " + pos);
        }

        void skipSpace() {
            while (pos < s.length()) {
                char c = s.charAt(pos);
                if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
                pos++;
            }
        }

        Object value(int depth) throws SyntaxError {
            if (depth > MAX_DEPTH) throw error("nesting too deep");
            if (pos >= s.length()) throw error("unexpected end of input");
            char c = s.charAt(pos);
            switch (c) {
                case '{': return object(depth);
                case '[': return array(depth);
                case '"': return string();
                case 't': return literal("true", Boolean.TRUE);
                case 'f': return literal("false", Boolean.FALSE);
                case 'n': return literal("null", NULL);
                default:
                    if (c == '-' || (c >= '0' && c <= '9')) return number();
                    throw error("unexpected character '" + c + "'");
            }
        }

        Object literal(String word, Object v) throws SyntaxError {
            if (!s.startsWith(word, pos)) throw error("invalid literal");
            pos += word.length();
            return v;
        }

        Map<String, Object> object(int depth) throws SyntaxError {
            Map<String, Object> out = new LinkedHashMap<>();
            pos++; // '{'
            skipSpace();
            if (pos < s.length() && s.charAt(pos) == '}') {
                pos++;
                return out;
            }
            while (true) {
                skipSpace();
                if (pos >= s.length() || s.charAt(pos) != '"') throw error("expected a string key");
                String key = string();
                skipSpace();
                if (pos >= s.length() || s.charAt(pos) != ':') throw error("expected ':'");
                pos++;
                skipSpace();
                out.put(key, value(depth + 1));
                skipSpace();
                if (pos >= s.length()) throw error("unexpected end of input");
                char c = s.charAt(pos++);
                if (c == '}') return out;
                if (c != ',') throw error("expected ',' or '}'");
            }
        }

        List<Object> array(int depth) throws SyntaxError {
            List<Object> out = new ArrayList<>();
            pos++; // '['
            skipSpace();
            if (pos < s.length() && s.charAt(pos) == ']') {
                pos++;
                return out;
            }
            while (true) {
                skipSpace();
                out.add(value(depth + 1));
                skipSpace();
                if (pos >= s.length()) throw error("unexpected end of input");
                char c = s.charAt(pos++);
                if (c == ']') return out;
                if (c != ',') throw error("expected ',' or ']'");
            }
        }

        String string() throws SyntaxError {
            pos++; // opening quote
            StringBuilder b = new StringBuilder();
            while (true) {
                if (pos >= s.length()) throw error("unterminated string");
                char c = s.charAt(pos++);
                if (c == '"') return b.toString();
                if (c < 0x20) throw error("control character in a string");
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                if (pos >= s.length()) throw error("unterminated escape");
                char e = s.charAt(pos++);
                switch (e) {
                    case '"': b.append('"'); break;
                    case '\\': b.append('\\'); break;
                    case '/': b.append('/'); break;
                    case 'b': b.append('\b'); break;
                    case 'f': b.append('\f'); break;
                    case 'n': b.append('\n'); break;
                    case 'r': b.append('\r'); break;
                    case 't': b.append('\t'); break;
                    case 'u': {
                        char u = hex4();
                        // A surrogate must come as a proper pair: a lone one is no Unicode text.
                        if (Character.isHighSurrogate(u)) {
                            if (!s.startsWith("\\u", pos)) throw error("lone surrogate escape");
                            pos += 2;
                            char low = hex4();
                            if (!Character.isLowSurrogate(low)) throw error("lone surrogate escape");
                            b.append(u).append(low);
                        } else if (Character.isLowSurrogate(u)) {
                            throw error("lone surrogate escape");
                        } else {
                            b.append(u);
                        }
                        break;
                    }
                    default: throw error("invalid escape");
                }
            }
        }

        char hex4() throws SyntaxError {
            if (pos + 4 > s.length()) throw error("short \\u escape");
            int v = 0;
            for (int i = 0; i < 4; i++) {
                int d = Character.digit(s.charAt(pos++), 16);
                if (d < 0) throw error("bad \\u escape");
                v = v * 16 + d;
            }
            return (char) v;
        }

        Object number() throws SyntaxError {
            int start = pos;
            if (s.charAt(pos) == '-') pos++;
            if (pos >= s.length()) throw error("bad number");
            if (s.charAt(pos) == '0') {
                pos++;
            } else if (s.charAt(pos) >= '1' && s.charAt(pos) <= '9') {
                while (pos < s.length() && Character.isDigit(s.charAt(pos)) && s.charAt(pos) < 128) pos++;
            } else {
                throw error("bad number");
            }
            boolean integer = true;
            if (pos < s.length() && s.charAt(pos) == '.') {
                integer = false;
                pos++;
                if (!digits()) throw error("bad fraction");
            }
            if (pos < s.length() && (s.charAt(pos) == 'e' || s.charAt(pos) == 'E')) {
                integer = false;
                pos++;
                if (pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-')) pos++;
                if (!digits()) throw error("bad exponent");
            }
            String text = s.substring(start, pos);
            return integer ? new BigInteger(text) : (Object) Double.valueOf(text);
        }

        boolean digits() {
            int start = pos;
            while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') pos++;
            return pos > start;
        }
    }

    // ---- writing ---------------------------------------------------------------------------------

    /** Compact JSON text of a value built from maps, lists, strings, booleans, integers and NULL. */
    static String write(Object v) {
        StringBuilder b = new StringBuilder();
        write(b, v);
        return b.toString();
    }

    @SuppressWarnings("unchecked")
    private static void write(StringBuilder b, Object v) {
        if (v == null || v == NULL) {
            b.append("null");
        } else if (v instanceof String) {
            quote(b, (String) v);
        } else if (v instanceof Boolean || v instanceof Integer || v instanceof Long || v instanceof BigInteger) {
            b.append(v);
        } else if (v instanceof Map) {
            b.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> e : ((Map<String, Object>) v).entrySet()) {
                if (!first) b.append(',');
                first = false;
                quote(b, e.getKey());
                b.append(':');
                write(b, e.getValue());
            }
            b.append('}');
        } else if (v instanceof List) {
            b.append('[');
            boolean first = true;
            for (Object x : (List<Object>) v) {
                if (!first) b.append(',');
                first = false;
                write(b, x);
            }
            b.append(']');
        } else {
            throw new IllegalArgumentException("no JSON form for " + v.getClass());
        }
    }

    private static void quote(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                case '\b': b.append("\\b"); break;
                case '\f': b.append("\\f"); break;
                default:
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c); // everything else as is; the line is written out as UTF-8
                    }
            }
        }
        b.append('"');
    }

    /** An object under construction, keys kept in the order they are put. */
    static Map<String, Object> object() {
        return new LinkedHashMap<>();
    }

    // ---- hex -------------------------------------------------------------------------------------

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    static String hex(byte[] b, int from, int to) {
        char[] out = new char[2 * (to - from)];
        for (int i = from; i < to; i++) {
            out[2 * (i - from)] = HEX[(b[i] >> 4) & 0xF];
            out[2 * (i - from) + 1] = HEX[b[i] & 0xF];
        }
        return new String(out);
    }

    static String hex(byte[] b) {
        return hex(b, 0, b.length);
    }

    /** Hex digits of either case, spaces ignored; null when the text is not whole bytes of hex. */
    static byte[] unhex(String s) {
        byte[] out = new byte[s.length() / 2];
        int n = 0;
        int high = -1;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ' ') continue;
            int d = Character.digit(c, 16);
            if (d < 0 || c > 'f') return null; // Character.digit also takes non-ASCII digits
            if (high < 0) {
                high = d;
            } else {
                out[n++] = (byte) (high * 16 + d);
                high = -1;
            }
        }
        if (high >= 0) return null;
        return java.util.Arrays.copyOf(out, n);
    }

    // ---- reading fields with their path ----------------------------------------------------------

    /** A parsed value and its path in the request ({@code input.tablet.values[2].cells[5]}). */
    static final class At {
        final Object v;
        final String path;

        At(Object v, String path) {
            this.v = v;
            this.path = path;
        }

        private String where() {
            return path.isEmpty() ? "the document" : "`" + path + "`";
        }

        InputError mistyped(String expected) {
            String found = write(v);
            if (found.length() > 80) found = found.substring(0, 80) + "…";
            return new InputError(where() + ": expected " + expected + ", found " + found);
        }

        InputError invalid(String what) {
            return new InputError(where() + ": " + what);
        }

        boolean isNull() {
            return v == NULL;
        }

        boolean isObject() {
            return v instanceof Map;
        }

        boolean isString() {
            return v instanceof String;
        }

        boolean isInteger() {
            return v instanceof BigInteger;
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> map() {
            return (Map<String, Object>) v;
        }

        /** A field that must be there. */
        At get(String key) {
            if (!isObject()) throw mistyped("an object with field `" + key + "`");
            String p = path.isEmpty() ? key : path + "." + key;
            if (!map().containsKey(key)) throw new InputError("`" + p + "`: missing field");
            return new At(map().get(key), p);
        }

        /** A field the format lets out: null when it is not there. */
        At optional(String key) {
            if (!isObject()) throw mistyped("an object");
            return map().containsKey(key) ? get(key) : null;
        }

        boolean has(String key) {
            return isObject() && map().containsKey(key);
        }

        @SuppressWarnings("unchecked")
        List<At> elements() {
            if (!(v instanceof List)) throw mistyped("an array");
            List<Object> list = (List<Object>) v;
            List<At> out = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) out.add(new At(list.get(i), path + "[" + i + "]"));
            return out;
        }

        String string() {
            if (!isString()) throw mistyped("a string");
            return (String) v;
        }

        boolean bool() {
            if (!(v instanceof Boolean)) throw mistyped("true or false");
            return (Boolean) v;
        }

        byte[] bytes() {
            byte[] b = isString() ? unhex((String) v) : null;
            if (b == null) throw mistyped("bytes as a hex string");
            return b;
        }

        /** A JSON integer within [min, max]. */
        long integer(long min, long max) {
            if (!isInteger()) throw mistyped("an integer");
            return checked((BigInteger) v, min, max);
        }

        /** An integer written as a decimal string (the protocol's int64 spelling) within [min, max]. */
        long decimal(long min, long max) {
            if (!isString()) throw mistyped("an integer as a decimal string");
            String s = (String) v;
            String digits = s.startsWith("-") ? s.substring(1) : s;
            if (digits.isEmpty()) throw mistyped("an integer as a decimal string");
            for (int i = 0; i < digits.length(); i++)
                if (digits.charAt(i) < '0' || digits.charAt(i) > '9') throw mistyped("an integer as a decimal string");
            BigInteger n = new BigInteger(s);
            if (n.abs().bitLength() > 64) throw mistyped("an integer within 64 bits");
            return checked(n, min, max);
        }

        private long checked(BigInteger n, long min, long max) {
            if (n.compareTo(BigInteger.valueOf(min)) < 0 || n.compareTo(BigInteger.valueOf(max)) > 0)
                throw mistyped("an integer from " + min + " to " + max);
            return n.longValue();
        }
    }
}
