package autograder.bridge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict, bounded JSON codec for the bridge's messages. Values: null,
 * Boolean, Integer (JSON integers, which must fit an int), Double (numbers
 * with a fraction or exponent), String, List (arrays) and Map (objects,
 * insertion-ordered, no duplicate keys). Output is ASCII: every other
 * character, lone surrogates included, is written as a \\u escape, so a
 * Java string crosses exactly.
 */
public final class Json {
    /** How deeply arrays and objects may nest. */
    public static final int MAX_DEPTH = 128;

    private final String s;
    private int i;

    private Json(String s) {
        this.s = s;
    }

    /** Thrown for text that is not JSON as the bridge writes it. */
    public static final class BadJson extends RuntimeException {
        BadJson(String why, int at) {
            super("malformed bridge message at " + at + ": " + why);
        }
    }

    public static Object parse(String text) {
        Json p = new Json(text);
        Object v = p.value(0);
        p.space();
        if (p.i != p.s.length()) {
            throw new BadJson("text after the value", p.i);
        }
        return v;
    }

    private BadJson bad(String why) {
        return new BadJson(why, i);
    }

    private void space() {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            i++;
        }
    }

    private Object value(int depth) {
        if (depth > MAX_DEPTH) {
            throw bad("nested too deeply");
        }
        space();
        if (i >= s.length()) {
            throw bad("unexpected end");
        }
        char c = s.charAt(i);
        switch (c) {
            case '{': return object(depth);
            case '[': return array(depth);
            case '"': return string();
            case 't': return word("true", Boolean.TRUE);
            case 'f': return word("false", Boolean.FALSE);
            case 'n': return word("null", null);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw bad("unexpected character");
        }
    }

    private Object word(String w, Object v) {
        if (!s.startsWith(w, i)) {
            throw bad("unexpected word");
        }
        i += w.length();
        return v;
    }

    private Map<String, Object> object(int depth) {
        Map<String, Object> m = new LinkedHashMap<>();
        i++;
        space();
        if (i < s.length() && s.charAt(i) == '}') {
            i++;
            return m;
        }
        while (true) {
            space();
            if (i >= s.length() || s.charAt(i) != '"') {
                throw bad("expected a key");
            }
            String k = string();
            space();
            expect(':');
            if (m.containsKey(k)) {
                throw bad("duplicate key");
            }
            m.put(k, value(depth + 1));
            space();
            if (i < s.length() && s.charAt(i) == ',') {
                i++;
                continue;
            }
            expect('}');
            return m;
        }
    }

    private List<Object> array(int depth) {
        List<Object> l = new ArrayList<>();
        i++;
        space();
        if (i < s.length() && s.charAt(i) == ']') {
            i++;
            return l;
        }
        while (true) {
            l.add(value(depth + 1));
            space();
            if (i < s.length() && s.charAt(i) == ',') {
                i++;
                continue;
            }
            expect(']');
            return l;
        }
    }

    private void expect(char c) {
        if (i >= s.length() || s.charAt(i) != c) {
            throw bad("expected '" + c + "'");
        }
        i++;
    }

    private String string() {
        i++;
        StringBuilder b = new StringBuilder();
        while (true) {
            if (i >= s.length()) {
                throw bad("unterminated string");
            }
            char c = s.charAt(i++);
            if (c == '"') {
                return b.toString();
            }
            if (c < 0x20) {
                throw bad("control character in a string");
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            if (i >= s.length()) {
                throw bad("unterminated escape");
            }
            char e = s.charAt(i++);
            switch (e) {
                case '"': case '\\': case '/': b.append(e); break;
                case 'b': b.append('\b'); break;
                case 'f': b.append('\f'); break;
                case 'n': b.append('\n'); break;
                case 'r': b.append('\r'); break;
                case 't': b.append('\t'); break;
                case 'u': b.append(hex4()); break;
                default: throw bad("bad escape");
            }
        }
    }

    private char hex4() {
        if (i + 4 > s.length()) {
            throw bad("short \\u escape");
        }
        int v = 0;
        for (int k = 0; k < 4; k++) {
            int d = Character.digit(s.charAt(i++), 16);
            if (d < 0) {
                throw bad("bad \\u escape");
            }
            v = v * 16 + d;
        }
        return (char) v;
    }

    private Object number() {
        int start = i;
        if (s.charAt(i) == '-') {
            i++;
        }
        int digits = i;
        while (i < s.length() && isDigit(s.charAt(i))) {
            i++;
        }
        if (i == digits || (s.charAt(digits) == '0' && i - digits > 1)) {
            throw bad("bad number");
        }
        boolean real = false;
        if (i < s.length() && s.charAt(i) == '.') {
            real = true;
            i++;
            int f = i;
            while (i < s.length() && isDigit(s.charAt(i))) {
                i++;
            }
            if (i == f) {
                throw bad("bad number");
            }
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            real = true;
            i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int f = i;
            while (i < s.length() && isDigit(s.charAt(i))) {
                i++;
            }
            if (i == f) {
                throw bad("bad number");
            }
        }
        String n = s.substring(start, i);
        if (real) {
            if (n.length() > 64) {
                throw bad("number too long");
            }
            return Double.valueOf(n);
        }
        if (n.length() > 11) {
            throw bad("integer out of range");
        }
        long v = Long.parseLong(n);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw bad("integer out of range");
        }
        return (int) v;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Writes a value built of the types parse returns (and Long, written as an integer). */
    public static String write(Object v) {
        StringBuilder b = new StringBuilder();
        write(b, v, 0);
        return b.toString();
    }

    private static void write(StringBuilder b, Object v, int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException("value nested too deeply");
        }
        if (v == null) {
            b.append("null");
        } else if (v instanceof Boolean || v instanceof Integer || v instanceof Long) {
            b.append(v);
        } else if (v instanceof Double) {
            double d = (Double) v;
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new IllegalArgumentException("not a JSON number: " + d);
            }
            b.append(Double.toString(d));
        } else if (v instanceof String) {
            quote(b, (String) v);
        } else if (v instanceof List) {
            b.append('[');
            boolean first = true;
            for (Object e : (List<?>) v) {
                if (!first) {
                    b.append(',');
                }
                first = false;
                write(b, e, depth + 1);
            }
            b.append(']');
        } else if (v instanceof Map) {
            b.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                if (!first) {
                    b.append(',');
                }
                first = false;
                quote(b, (String) e.getKey());
                b.append(':');
                write(b, e.getValue(), depth + 1);
            }
            b.append('}');
        } else {
            throw new IllegalArgumentException("not a JSON value: " + v.getClass().getName());
        }
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private static void quote(StringBuilder b, String s) {
        b.append('"');
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c >= 0x20 && c < 0x7f) {
                b.append(c);
            } else {
                b.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 15]).append(HEX[(c >> 4) & 15]).append(HEX[c & 15]);
            }
        }
        b.append('"');
    }
}
