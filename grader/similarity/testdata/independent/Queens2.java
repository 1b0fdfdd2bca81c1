import java.util.Random;

/* Written apart from the reference: everything on one int array, counted by rows and diagonals. */
public class EightQueen {
    static int[] rows = new int[8];

    static int cost(int[] s) {
        int[] perRow = new int[8], up = new int[15], down = new int[15];
        for (int c = 0; c < 8; c++) { perRow[s[c]]++; up[s[c] + c]++; down[s[c] - c + 7]++; }
        int total = 0;
        for (int k = 0; k < 15; k++) {
            if (k < 8) total += perRow[k] * (perRow[k] - 1) / 2;
            total += up[k] * (up[k] - 1) / 2 + down[k] * (down[k] - 1) / 2;
        }
        return total;
    }

    static String show(int[] s) {
        StringBuilder out = new StringBuilder();
        for (int x : s) out.append((char) ('0' + x));
        return out.toString();
    }

    static int[][] moves(int[] s) {
        int[][] all = new int[56][];
        int n = 0;
        for (int c = 0; c < 8; c++) {
            for (int r = 0; r < 8; r++) {
                if (r == s[c]) continue;
                all[n] = s.clone();
                all[n++][c] = r;
            }
        }
        return all;
    }

    static int[][] best(int[] s) {
        int[][] m = moves(s);
        int low = 1000, count = 0;
        for (int[] x : m) low = Math.min(low, cost(x));
        for (int[] x : m) if (cost(x) == low) count++;
        int[][] out = new int[count][];
        count = 0;
        for (int[] x : m) if (cost(x) == low) out[count++] = x;
        return out;
    }

    static void run(int kind, int[] s, int cutoff, Random rand) {
        double t = 100.0;
        int step = 0;
        while (true) {
            int h = cost(s);
            System.out.println(step + ":" + show(s) + " " + h);
            if (h == 0) { System.out.println("Solved"); return; }
            if (step == cutoff) return;
            int[] next = null;
            if (kind == 3) { int[][] b = best(s); next = b[rand.nextInt(b.length)]; }
            if (kind == 4) {
                for (int[] x : moves(s)) { if (cost(x) < h) { next = x; break; } }
                if (next == null) { System.out.println("Local optimum"); return; }
            }
            if (kind == 5) {
                int c = rand.nextInt(7), r = rand.nextInt(7);
                double u = rand.nextDouble();
                int[] x = s.clone();
                x[c] = r;
                next = u < Math.exp(-(cost(x) - h) / t) ? x : s;
                t = t * 0.95;
            }
            s = next;
            step++;
        }
    }

    public static void main(String[] a) {
        int n = a.length;
        if (n != 2 && n != 3) { System.out.println("Invalid Number of Input Arguments"); return; }
        int kind = Integer.parseInt(a[0]) / 100, cutoff = Integer.parseInt(a[0]) % 100;
        if ((n == 3) != (kind == 3 || kind == 5)) { System.out.println("Invalid Number of Input Arguments"); return; }
        String b = a[n - 1];
        if (b.length() != 8 || !b.matches("[0-7]+")) { System.out.println("Invalid Board"); return; }
        for (int i = 0; i < 8; i++) rows[i] = b.charAt(i) - '0';
        Random rand = n == 3 ? new Random(Long.parseLong(a[1])) : new Random();
        if (kind == 1) System.out.println(cost(rows));
        else if (kind == 2) {
            if (cost(rows) == 0) return;
            int[][] bs = best(rows);
            for (int[] x : bs) System.out.println(show(x));
            System.out.println(cost(bs[0]));
        } else run(kind, rows, cutoff, rand);
    }
}
