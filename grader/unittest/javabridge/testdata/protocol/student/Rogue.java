import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

// Writes to the bridge's own stream behind the server's back.
public class Rogue {
    private static final FileOutputStream OUT = new FileOutputStream(FileDescriptor.out);

    static void frame(String s) {
        byte[] b = ("S" + s).getBytes(StandardCharsets.UTF_8);
        try {
            OUT.write(ByteBuffer.allocate(4).putInt(b.length).array());
            OUT.write(b);
            OUT.flush();
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }

    public static int garbage() {
        frame("{not json");
        return 1;
    }

    public static int deep() {
        frame("[".repeat(100000) + "]".repeat(100000));
        return 1;
    }

    public static int stale() {
        for (int i = 0; i < 2000; i++) {
            frame("{\"re\":666,\"seq\":" + (100000 + i) + "}");
        }
        return 7;
    }

    public static int wrongType() {
        for (int seq = 1; seq < 200; seq++) {
            frame("{\"re\":\"not an int\",\"seq\":" + seq + "}");
        }
        return 1;
    }

    public static Object forgedHandle() {
        for (int seq = 1; seq < 200; seq++) {
            frame("{\"re\":{\"handle\":0,\"type\":\"RogueTest\"},\"seq\":" + seq + "}");
        }
        return null;
    }

    public static int badLength() {
        try {
            OUT.write(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff});
            OUT.flush();
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
        return 1;
    }

    public static String huge() {
        return "x".repeat(17 << 20);
    }

    public static int fine() {
        return 5;
    }

    public static int chatty() {
        for (int i = 0; i < 20000; i++) {
            System.out.println("debug line " + i);
        }
        return 3;
    }
}
