package autograder.bridge;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.PrintStream;

/**
 * Starts the tests in the test box: takes fds 0 and 1 for the bridge
 * before anything else runs, points System.out at stderr (so nothing but
 * frames reaches fd 1), then runs the tests with the arguments given
 * (Launch).
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        FileInputStream in = new FileInputStream(FileDescriptor.in);
        FileOutputStream out = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
        System.setIn(new ByteArrayInputStream(new byte[0]));
        Output.launcher(System.out, System.err);
        Input.launcher(System.in);
        Bridge.install(new Frames(new BufferedInputStream(in, 1 << 16), new BufferedOutputStream(out, 1 << 16)));
        Launch.main(args);
    }
}
