import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

// Times one trivial call through the bridge, call by call, after a warm-up.
class BenchTest {
    @Test
    void roundTrip() {
        Counter c = new Counter();
        int warm = 5000, n = 20000;
        for (int i = 0; i < warm; i++) {
            c.inc();
        }
        long[] ns = new long[n];
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            c.inc();
            ns[i] = System.nanoTime() - t0;
        }
        Arrays.sort(ns);
        assertEquals(warm + n + 1, c.inc());
        System.err.println("roundtrip median_ns=" + ns[n / 2] + " p90_ns=" + ns[n * 9 / 10] + " p99_ns=" + ns[n * 99 / 100]);
    }
}
