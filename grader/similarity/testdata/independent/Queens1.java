import java.util.*;

// Written apart from the reference: a board object, successors as a stream of moves.
public class EightQueen {
    private final int[] q;

    EightQueen(int[] q) { this.q = q; }

    int attacks() {
        int pairs = 0;
        for (int a = 0; a < q.length; a++)
            for (int b = a + 1; b < q.length; b++)
                if (q[a] == q[b] || b - a == Math.abs(q[a] - q[b])) pairs++;
        return pairs;
    }

    EightQueen moved(int col, int row) {
        int[] copy = Arrays.copyOf(q, q.length);
        copy[col] = row;
        return new EightQueen(copy);
    }

    List<EightQueen> neighbours() {
        List<EightQueen> all = new ArrayList<>();
        for (int col = 0; col < 8; col++)
            for (int row = 0; row < 8; row++)
                if (q[col] != row) all.add(moved(col, row));
        return all;
    }

    public String toString() {
        String s = "";
        for (int v : q) s += v;
        return s;
    }

    static List<EightQueen> lowest(EightQueen b) {
        int least = Integer.MAX_VALUE;
        List<EightQueen> keep = new ArrayList<>();
        for (EightQueen n : b.neighbours()) {
            int a = n.attacks();
            if (a < least) { least = a; keep = new ArrayList<>(); }
            if (a == least) keep.add(n);
        }
        return keep;
    }

    static boolean report(int step, EightQueen b) {
        System.out.println(step + ":" + b + " " + b.attacks());
        if (b.attacks() == 0) { System.out.println("Solved"); return true; }
        return false;
    }

    static void climb(EightQueen b, int limit, Random r) {
        for (int step = 0; !report(step, b) && step < limit; step++) {
            List<EightQueen> keep = lowest(b);
            b = keep.get(r.nextInt(keep.size()));
        }
    }

    static void firstChoice(EightQueen b, int limit) {
        for (int step = 0; !report(step, b) && step < limit; step++) {
            EightQueen found = null;
            for (EightQueen n : b.neighbours()) if (n.attacks() < b.attacks()) { found = n; break; }
            if (found == null) { System.out.println("Local optimum"); return; }
            b = found;
        }
    }

    static void anneal(EightQueen b, int limit, Random r) {
        double temp = 100;
        for (int step = 0; !report(step, b) && step < limit; step++) {
            int col = r.nextInt(7), row = r.nextInt(7);
            double p = r.nextDouble();
            EightQueen n = b.moved(col, row);
            if (p < Math.exp(-(n.attacks() - b.attacks()) / temp)) b = n;
            temp *= 0.95;
        }
    }

    public static void main(String[] args) {
        if (args.length < 2 || args.length > 3) { System.out.println("Invalid Number of Input Arguments"); return; }
        int flag = Integer.parseInt(args[0]), kind = flag / 100, limit = flag % 100;
        boolean seeded = kind == 3 || kind == 5;
        if (seeded != (args.length == 3)) { System.out.println("Invalid Number of Input Arguments"); return; }
        String text = args[args.length - 1];
        int[] q = new int[8];
        if (text.length() != 8) { System.out.println("Invalid Board"); return; }
        for (int i = 0; i < 8; i++) {
            q[i] = text.charAt(i) - '0';
            if (q[i] < 0 || q[i] > 7) { System.out.println("Invalid Board"); return; }
        }
        Random r = seeded ? new Random(Integer.parseInt(args[1])) : new Random();
        EightQueen b = new EightQueen(q);
        switch (kind) {
            case 1: System.out.println(b.attacks()); break;
            case 2:
                if (b.attacks() == 0) break;
                List<EightQueen> keep = lowest(b);
                for (EightQueen n : keep) System.out.println(n);
                System.out.println(keep.get(0).attacks());
                break;
            case 3: climb(b, limit, r); break;
            case 4: firstChoice(b, limit); break;
            case 5: anneal(b, limit, r); break;
        }
    }
}
