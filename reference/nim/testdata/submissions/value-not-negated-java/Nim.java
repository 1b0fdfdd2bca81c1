/** Nim with negamax: both players play their best. */
public class Nim {
    private static final int MAX_STICKS = 100;
    private static final int[] values = new int[MAX_STICKS + 1];
    private static final int[] moves = new int[MAX_STICKS + 1];

    /** Returns the value of the position for the player to move. */
    private static int negamax(int sticks) {
        if (sticks == 1) {
            return -1;
        }
        if (values[sticks] != 0) {
            return values[sticks];
        }
        int best = -2;
        for (int take = 1; take <= 3; take++) {
            if (sticks - take >= 1) {
                int value = negamax(sticks - take);
                if (value > best) {
                    best = value;
                    moves[sticks] = take;
                }
            }
        }
        values[sticks] = best;
        return best;
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("Usage: java Nim <sticks>");
            System.exit(1);
        }
        int sticks = Integer.parseInt(args[0]);
        if (sticks < 3 || sticks > MAX_STICKS) {
            System.err.println("Usage: java Nim <sticks>, 3 <= sticks <= " + MAX_STICKS);
            System.exit(1);
        }
        String player = "Max";
        while (sticks > 1) {
            negamax(sticks);
            System.out.println(sticks + ": " + player + " takes " + moves[sticks]);
            sticks -= moves[sticks];
            player = player.equals("Max") ? "Min" : "Max";
        }
        System.out.println("1: " + player + " looses");
    }
}
