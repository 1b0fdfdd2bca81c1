/**
 * Nim played optimally by both sides: negamax over the number of matches
 * left, with a transposition table. Of several best moves the first found
 * is kept, trying 1, 2 and 3 matches in that order.
 */
public class Nim {
    static final int LIMIT = 100;

    /** known[s] is the best move from s, 0 while s is unsolved. */
    static final int[] bestMove = new int[LIMIT + 1];
    static final int[] value = new int[LIMIT + 1];

    /** negamax returns the value of state for the player to move (+1 win, -1 loss). */
    static int negamax(int state) {
        if (state == 1) {
            return -1;
        }
        if (bestMove[state] != 0) {
            return value[state];
        }
        int best = Integer.MIN_VALUE;
        for (int take = 1; take <= 3 && state - take >= 1; take++) {
            int v = -negamax(state - take);
            if (v > best) {
                best = v;
                bestMove[state] = take;
            }
        }
        value[state] = best;
        return best;
    }

    public static void main(String[] args) {
        int n;
        try {
            n = args.length == 1 ? Integer.parseInt(args[0]) : -1;
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < 3 || n > LIMIT) {
            System.err.println("Usage: java Nim <number of matches>, from 3 to " + LIMIT);
            System.exit(1);
        }
        boolean max = true;
        StringBuilder out = new StringBuilder();
        while (n != 1) {
            negamax(n);
            int k = bestMove[n];
            out.append(n).append(": ").append(max ? "Max" : "Min").append(" takes ").append(k).append('\n');
            n -= k;
            max = !max;
        }
        out.append("1: ").append(max ? "Max" : "Min").append(" looses\n");
        System.out.print(out);
    }
}
