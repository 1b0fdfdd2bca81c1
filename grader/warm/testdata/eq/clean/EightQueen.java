import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Scanner;

// Everything a fresh JVM per case and a warm one must show alike. Static
// state: each case must start from zero.
public class EightQueen {
    static int counter;
    static int[] hits = new int[4];

    public static void main(String[] args) throws Exception {
        counter++;
        hits[0]++;
        System.out.println("case " + args[0] + " counter=" + counter + " hits=" + hits[0]);
        switch (args[0]) {
            case "exit0":
                System.out.println("before");
                System.err.println("err before");
                System.exit(0);
                System.out.println("after");
                break;
            case "exit3":
                System.out.print("partial");
                System.exit(3);
                break;
            case "exit261":
                System.exit(261);
                break;
            case "exitcatch":
                try {
                    System.exit(2);
                } catch (Throwable t) {
                    System.out.println("caught " + t);
                }
                System.out.println("after");
                break;
            case "exitfinally":
                try {
                    System.exit(4);
                } finally {
                    System.out.println("finally");
                }
            case "halt":
                System.out.println("halting");
                Runtime.getRuntime().halt(7);
                break;
            case "throw":
                deep(3);
                break;
            case "caught":
                try {
                    Integer.parseInt("x" + args.length);
                } catch (NumberFormatException e) {
                    e.printStackTrace();
                }
                System.out.println("went on");
                break;
            case "cause":
                try {
                    deep(2);
                } catch (ArithmeticException e) {
                    throw new IllegalStateException("outer", e);
                }
                break;
            case "suppressed": {
                Exception e = new Exception("top");
                e.addSuppressed(new RuntimeException("sup"));
                throw e;
            }
            case "npe": {
                int[] a = args.length > 5 ? new int[1] : null;
                System.out.println(a[0]);
                break;
            }
            case "badarg":
                System.out.println(Integer.valueOf(args[1]));
                break;
            case "stdin": {
                BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
                String l;
                int n = 0;
                while ((l = r.readLine()) != null) {
                    System.out.println("> " + l);
                    n++;
                }
                System.out.println(n + " lines");
                break;
            }
            case "scanner": {
                Scanner sc = new Scanner(System.in);
                System.out.println(sc.nextInt() * 2);
                break;
            }
            case "loop":
                while (true) {
                }
            case "sleep":
                System.err.println("sleeping");
                while (true) {
                    Thread.sleep(1000);
                }
            case "big": {
                String line = "0123456789".repeat(10);
                for (int i = 0; i < 50000; i++) {
                    System.out.println(line);
                }
                break;
            }
            case "bigerr":
                for (int i = 0; i < 50000; i++) {
                    System.err.println("an error line, repeated until the output limit");
                }
                break;
            case "write1":
                System.out.write('x');
                break;
            case "nonl":
                System.out.print("no newline");
                System.err.print("no newline either");
                break;
            case "unicode":
                System.out.println("h\u00e9llo w\u00f6rld \u2713 \ud83d\ude00");
                break;
            case "readsrc":
                System.out.println(Files.readAllLines(Paths.get("EightQueen.java")).size() + " lines of source");
                break;
            default:
                System.out.println("nothing to do");
        }
    }

    static void deep(int n) {
        if (n == 0) {
            throw new ArithmeticException("bottom");
        }
        deep(n - 1);
    }
}
