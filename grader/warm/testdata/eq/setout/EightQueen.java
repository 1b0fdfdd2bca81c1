import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;

// Replaces System.out, by wrapping it or with a stream of its own on file
// descriptor 1.
public class EightQueen {
    public static void main(String[] args) {
        System.out.println("case " + args[0]);
        if (args[0].equals("setout")) {
            System.setOut(new PrintStream(System.out, true));
            System.out.println("through my own stream");
        } else if (args[0].equals("fd")) {
            PrintStream fd1 = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
            fd1.println("straight to file descriptor 1");
        }
    }
}
