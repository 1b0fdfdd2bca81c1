import java.util.HashMap;
import java.util.Map;

/**
 * Nim with negamax: moves are tried from the largest down and a state's
 * search stops at the first winning move. Solved states are memoised.
 */
public class Nim {
    /** A move and its value for the player making it. */
    record Choice(int move, int value) {}

    private final Map<Integer, Choice> memo = new HashMap<>();

    Choice negamax(int sticks) {
        if (sticks == 1) {
            return new Choice(0, -1);
        }
        Choice known = memo.get(sticks);
        if (known != null) {
            return known;
        }
        Choice best = null;
        for (int take = 3; take >= 1; take--) {
            if (sticks - take < 1) {
                continue;
            }
            int v = -negamax(sticks - take).value();
            if (best == null || v > best.value()) {
                best = new Choice(take, v);
                if (v == 1) {
                    break;
                }
            }
        }
        memo.put(sticks, best);
        return best;
    }

    public static void main(String[] args) {
        if (args.length != 1 || !args[0].matches("\\d+")) {
            System.err.println("usage: Nim <sticks>");
            System.exit(2);
        }
        int sticks = Integer.parseInt(args[0]);
        if (sticks < 3 || sticks > 100) {
            System.err.println("usage: Nim <sticks>, where 3 <= sticks <= 100");
            System.exit(2);
        }
        Nim game = new Nim();
        String[] player = {"Max", "Min"};
        int turn = 0;
        while (sticks > 1) {
            int take = game.negamax(sticks).move();
            System.out.println(sticks + ": " + player[turn] + " takes " + take);
            sticks -= take;
            turn = 1 - turn;
        }
        System.out.println("1: " + player[turn] + " looses");
    }
}
