import java.util.Scanner;

// A recursion 150,000 levels deep needs about 10 MiB of a thread's stack:
// the JVM's default (1 MiB) overflows, a judge's large -Xss holds it.
public class Deep {
    static long depth(long n, long a, long b) {
        if (n == 0) return 0;
        return depth(n - 1, a + 1, b ^ a) + 1;
    }

    public static void main(String[] args) {
        long n = new Scanner(System.in).nextLong();
        System.out.println(depth(Math.min(n, 150000), 0, 0) + Math.max(n - 150000, 0));
    }
}
