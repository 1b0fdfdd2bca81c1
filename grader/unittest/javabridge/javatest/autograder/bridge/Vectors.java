package autograder.bridge;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Checks the Java bridge against the protocol's vectors
 * (grader/unittest/relay/testdata, PROTOCOL.md): frames read and written
 * by Frames, values encoded and decoded by Values through Json, and what
 * the decoder must refuse. Run by vectors_test.go as
 * {@code java autograder.bridge.Vectors TESTDATA}; it prints one line per
 * failure and exits 1 when there is one. Not part of the bridge's files:
 * it lives outside its embedded sources.
 */
public final class Vectors {
    private static final List<String> failures = new ArrayList<>();

    private static void fail(Object name, String why) {
        failures.add(name + ": " + why);
    }

    /** Values as the test side decodes them, without stand-ins: every handle is refused. */
    private static final class Plain extends Values {
        @Override
        protected Object encodeOther(Object v, int depth) {
            throw new Uncarried("no handles here: " + v.getClass().getName());
        }

        @Override
        protected boolean crossesAsClass(Class<?> k) {
            return false;
        }

        @Override
        protected Class<?> classNamed(String name) {
            throw new BadValue("no class " + name + " here");
        }

        @Override
        protected Object decodeHandle(Map<?, ?> m, Class<?> want) {
            throw new BadValue("no handles here");
        }

        @Override
        protected Object decodeEnum(String cls, String name) {
            return jdkEnum(cls, name);
        }

        @Override
        protected Class<?> elementClass(String name) {
            throw new BadValue("no element class " + name + " here");
        }
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        frames((Map<?, ?>) Json.parse(Files.readString(dir.resolve("frames.json"))));
        values((Map<?, ?>) Json.parse(Files.readString(dir.resolve("values_java.json"))));
        for (String f : failures) {
            System.out.println(f);
        }
        System.exit(failures.isEmpty() ? 0 : 1);
    }

    private static byte[] hex(Object s) {
        String h = (String) s;
        byte[] out = new byte[h.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }

    /** What Frames.read makes of a stream: a frame, "end", or "refused: why". */
    private static Object read(byte[] stream) {
        try {
            Frames.Frame f = new Frames(new ByteArrayInputStream(stream), OutputStream.nullOutputStream()).read();
            return f == null ? "end" : f;
        } catch (Frames.BadFrame e) {
            return "refused: " + e.getMessage();
        } catch (EOFException e) {
            return "end";
        } catch (IOException e) {
            return "failed: " + e;
        }
    }

    private static void frames(Map<?, ?> doc) throws IOException {
        if (((Number) doc.get("max_frame")).intValue() != Frames.MAX) {
            fail("max_frame", "the vectors say " + doc.get("max_frame") + ", the bridge " + Frames.MAX);
        }
        for (Object o : (List<?>) doc.get("frames")) {
            Map<?, ?> v = (Map<?, ?>) o;
            byte[] stream = hex(v.get("hex"));
            String msg = (String) v.get("message");
            char chan = ((String) v.get("channel")).charAt(0);
            Object got = read(stream);
            if (!(got instanceof Frames.Frame) || ((Frames.Frame) got).channel != chan
                    || !Json.parse(((Frames.Frame) got).text).equals(Json.parse(msg))) {
                fail(v.get("name"), "read as " + describe(got));
            }
            if (!Boolean.TRUE.equals(v.get("read_only"))) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                new Frames(new ByteArrayInputStream(new byte[0]), out).write(chan, Json.write(Json.parse(msg)));
                if (!Arrays.equals(out.toByteArray(), stream)) {
                    fail(v.get("name"), "written as " + new String(out.toByteArray(), StandardCharsets.ISO_8859_1));
                }
            }
        }
        for (Object o : (List<?>) doc.get("malformed")) {
            Map<?, ?> v = (Map<?, ?>) o;
            Object got = read(hex(v.get("hex")));
            String why = (String) v.get("why");
            boolean ok;
            switch (why) {
                case "length":
                case "utf8":
                    ok = got instanceof String && ((String) got).startsWith("refused");
                    break;
                case "short":
                    ok = "end".equals(got);
                    break;
                case "json":
                    ok = got instanceof Frames.Frame && !parses(((Frames.Frame) got).text);
                    break;
                default: // another channel: read, and refused by the side that waits
                    ok = got instanceof Frames.Frame && "SGX".indexOf(((Frames.Frame) got).channel) < 0;
            }
            if (!ok) {
                fail(v.get("name"), "read as " + describe(got) + ", want it " + why);
            }
        }
    }

    private static boolean parses(String text) {
        try {
            Json.parse(text);
            return true;
        } catch (Json.BadJson e) {
            return false;
        }
    }

    private static String describe(Object got) {
        if (got instanceof Frames.Frame) {
            return "a frame on '" + ((Frames.Frame) got).channel + "': " + ((Frames.Frame) got).text;
        }
        return String.valueOf(got);
    }

    /** A value as the vectors name it: its class, a space, its text; "null". */
    private static String name(Object v) {
        if (v == null) {
            return "null";
        }
        String text = v.getClass().isArray() ? Arrays.deepToString(new Object[] {v}) : String.valueOf(v);
        if (v.getClass().isArray()) {
            text = text.substring(1, text.length() - 1);
        }
        return v.getClass().getName() + " " + text;
    }

    private static Object nested(int n) {
        Object v = 0;
        for (int i = 0; i < n; i++) {
            v = Map.of("list", List.of(v));
        }
        return v;
    }

    private static void values(Map<?, ?> doc) {
        for (Object o : (List<?>) doc.get("values")) {
            Map<?, ?> v = (Map<?, ?>) o;
            Object wire = v.get("wire");
            Object got;
            try {
                got = new Plain().decode(wire, Object.class);
            } catch (RuntimeException e) {
                fail(v.get("name"), "decoding threw " + e);
                continue;
            }
            if (!name(got).equals(v.get("java"))) {
                fail(v.get("name"), "decoded as " + name(got) + ", want " + v.get("java"));
            }
            String enc = Json.write(new Plain().encode(got));
            if (!enc.equals(Json.write(wire))) {
                fail(v.get("name"), "encoded as " + enc + ", want " + Json.write(wire));
            }
        }
        for (Object o : (List<?>) doc.get("refused")) {
            Map<?, ?> v = (Map<?, ?>) o;
            try {
                Object wire = v.containsKey("nest") ? nested(((Number) v.get("nest")).intValue())
                        : v.containsKey("text") ? Json.parse((String) v.get("text")) : v.get("wire");
                Object got = new Plain().decode(wire, Object.class);
                fail(v.get("name"), "decoded as " + name(got) + ", want it refused");
            } catch (Values.BadValue | Json.BadJson e) {
                // refused, as the protocol says
            } catch (RuntimeException e) {
                fail(v.get("name"), "refused with " + e + ", not as a malformed value");
            }
        }
    }
}
