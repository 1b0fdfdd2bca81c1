/** Measurement only: negamax without a table, moves tried 3, 2, 1, cut at the first win. */
public class Pruned {
    static int move;

    static int negamax(int state) {
        if (state == 1) {
            return -1;
        }
        int best = -2, bestMove = 0;
        for (int take = 3; take >= 1; take--) {
            if (state - take >= 1) {
                int v = -negamax(state - take);
                if (v > best) {
                    best = v;
                    bestMove = take;
                    if (v == 1) {
                        break;
                    }
                }
            }
        }
        move = bestMove;
        return best;
    }

    public static void main(String[] args) {
        int state = Integer.parseInt(args[0]);
        boolean max = true;
        while (state != 1) {
            negamax(state);
            int take = move;
            System.out.println(state + ": " + (max ? "Max" : "Min") + " takes " + take);
            state -= take;
            max = !max;
        }
        System.out.println("1: " + (max ? "Max" : "Min") + " looses");
    }
}
