package autograder.bridge;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The bridge's frames: a 4-byte big-endian length N (1 to 16 MiB), then N
 * bytes whose first is the channel ('S', 'G' or 'X') and the rest UTF-8
 * JSON. Writes are whole frames under one lock.
 */
public final class Frames {
    public static final int MAX = 16 << 20;

    private final DataInputStream in;
    private final OutputStream out;

    public Frames(InputStream in, OutputStream out) {
        this.in = new DataInputStream(in);
        this.out = out;
    }

    /** A frame read: its channel and its text. */
    public static final class Frame {
        public final char channel;
        public final String text;

        Frame(char channel, String text) {
            this.channel = channel;
            this.text = text;
        }
    }

    /** Thrown for bytes that are not a frame. */
    public static final class BadFrame extends IOException {
        BadFrame(String why) {
            super(why);
        }
    }

    public synchronized void write(char channel, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        if (body.length + 1 > MAX) {
            throw new BadFrame("a message of " + body.length + " bytes, over the bridge's 16 MiB");
        }
        byte[] f = new byte[5 + body.length];
        ByteBuffer.wrap(f).putInt(body.length + 1).put((byte) channel).put(body);
        out.write(f);
        out.flush();
    }

    /** Reads one frame; null at the end of the stream before a frame starts. */
    public Frame read() throws IOException {
        int n;
        try {
            n = in.readInt();
        } catch (EOFException e) {
            return null;
        }
        if (n < 1 || n > MAX) {
            throw new BadFrame("a frame of length " + (n & 0xffffffffL));
        }
        byte[] b = new byte[n];
        in.readFully(b);
        try {
            String text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b, 1, n - 1)).toString();
            return new Frame((char) (b[0] & 0xff), text);
        } catch (CharacterCodingException e) {
            throw new BadFrame("a frame that is not UTF-8");
        }
    }
}
