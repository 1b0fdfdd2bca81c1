// RandomTable prints values drawn from a real java.util.Random, so the Go twin
// in reference/javarand can be checked against the JVM. Its output is
// committed as java-values.txt; random_test.go checks the twin against that
// file and, where java is on the PATH, regenerates it and compares.
//
//   javac -d /tmp/rt RandomTable.java && java -cp /tmp/rt RandomTable > java-values.txt
//
// One line per (seed, operation), each from a fresh generator:
//   seed=S op=OP calls=C after=A values=V1,V2,...
// calls is how many times next(bits) ran to produce the values (more than
// the number of values when nextInt's rejection loop rejected a draw); after
// is the next(32) that follows, so a twin that consumed a different number
// of draws cannot match it. nextDouble values are printed as their IEEE-754
// bits (Double.doubleToRawLongBits, in decimal), so no decimal formatting is
// involved. The output depends on java.util.Random's specified algorithm
// only, never on the JVM's version or vendor.
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

public class RandomTable {
    /** Counts calls to next(bits) and exposes it. */
    static final class Counting extends Random {
        int calls;

        Counting() { super(); }

        Counting(long seed) { super(seed); }

        @Override
        protected int next(int bits) {
            calls++;
            return super.next(bits);
        }

        int draw(int bits) { return next(bits); }
    }

    static final int N = 16;

    static final long[] SEEDS = {
        0L, 1L, -1L, 42L, -123456789L,
        1L << 40,
        Long.MIN_VALUE, Long.MAX_VALUE,
        Integer.MIN_VALUE, Integer.MAX_VALUE,
        16L,                   // first nextInt(2^30+1) rejects six draws
        162683525171787L,      // first next(31) is 2^31-1: nextInt(7) and nextInt(2^31-1) reject it
        162683525171787L | 0xFFFF000000000000L, // same generator state: setSeed keeps 48 bits
        0x5DEECE66DL,          // scrambled state 0
        540L, 20240226L,
    };

    static final int[] BOUNDS = {
        1, 2, 7, 8, 56, 64, 100, 1 << 30, (1 << 30) + 1, 1_500_000_000, Integer.MAX_VALUE,
    };

    interface Draw { String draw(Counting r); }

    static final StringBuilder out = new StringBuilder();

    static void line(long seed, String op, Counting r, List<String> values) {
        int calls = r.calls;
        int after = r.draw(32);
        out.append("seed=").append(seed).append(" op=").append(op)
           .append(" calls=").append(calls).append(" after=").append(after)
           .append(" values=").append(String.join(",", values)).append('\n');
    }

    static void op(long seed, String op, int n, Draw d) {
        Counting r = new Counting(seed);
        List<String> v = new ArrayList<>();
        for (int i = 0; i < n; i++) v.add(d.draw(r));
        line(seed, op, r, v);
    }

    static String dbl(double d) { return Long.toString(Double.doubleToRawLongBits(d)); }

    public static void main(String[] args) {
        out.append("# java.util.Random values from a real JVM, written by RandomTable.java. Do not edit.\n");
        for (long seed : SEEDS) {
            for (int bits : new int[] {1, 26, 27, 31, 32}) {
                op(seed, "next(" + bits + ")", N, r -> Integer.toString(r.draw(bits)));
            }
            for (int bound : BOUNDS) {
                op(seed, "nextInt(" + bound + ")", N, r -> Integer.toString(r.nextInt(bound)));
            }
            op(seed, "nextDouble", N, r -> dbl(r.nextDouble()));
            op(seed, "nextLong", N, r -> Long.toString(r.nextLong()));
            // The simulated-annealing pattern: nextInt(7), nextInt(7), nextDouble.
            op(seed, "anneal", N / 2, r -> r.nextInt(7) + ":" + r.nextInt(7) + ":" + dbl(r.nextDouble()));

            // new Random(); draw; setSeed(s) must restart the sequence of new Random(s).
            Counting a = new Counting();
            a.nextInt();
            a.setSeed(seed);
            Counting b = new Counting(seed);
            List<String> v = new ArrayList<>();
            boolean equal = true;
            for (int i = 0; i < 1000; i++) {
                long x = a.nextLong();
                if (x != b.nextLong()) equal = false;
                if (i < N) v.add(Long.toString(x));
            }
            if (!equal) throw new AssertionError("setSeed(" + seed + ") differs from new Random(" + seed + ")");
            // Print the first values of a fresh setSeed generator, with its calls and after.
            Counting c = new Counting();
            c.nextInt();
            c.setSeed(seed);
            c.calls = 0;
            for (int i = 0; i < N; i++) c.nextLong();
            line(seed, "setSeed:nextLong", c, v);
        }
        System.out.print(out);
        System.out.flush();
    }
}
