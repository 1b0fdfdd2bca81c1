import java.util.ArrayList;
import java.util.Arrays;
import java.util.Random;

/**
 * CS540 HW4 - Eight Queens: hill climbing, first-choice hill climbing and
 * simulated annealing.
 */
public class EightQueen {

    static final int N = 8;

    // heuristic cost: number of queen pairs on the same row or diagonal
    static int heuristic(int[] board) {
        int h = 0;
        for (int i = 0; i < N; i++) {
            for (int j = i + 1; j < N; j++) {
                if (i != j && (board[i] == board[j] || Math.abs(board[i] - board[j]) == Math.abs(i - j))) {
                    h++;
                }
            }
        }
        return h;
    }

    static String boardString(int[] board) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < N; i++) {
            sb.append(board[i]);
        }
        return sb.toString();
    }

    static void printState(int iter, int[] board, int h) {
        System.out.println(iter + ":" + boardString(board) + " " + h);
    }

    // every board one move away: move one queen up or down its column,
    // ordered by index (column) first, then by value (row)
    static ArrayList<int[]> successors(int[] board) {
        ArrayList<int[]> list = new ArrayList<int[]>();
        for (int index = 0; index < N; index++) {
            for (int value = 0; value < N; value++) {
                if (board[index] == value) {
                    continue;
                }
                int[] next = board.clone();
                next[index] = value;
                list.add(next);
            }
        }
        return list;
    }

    // the steepest moves, in successor order
    static ArrayList<int[]> steepest(int[] board, int h) {
        ArrayList<int[]> best = new ArrayList<int[]>();
        int bestCost = Integer.MAX_VALUE;
        for (int[] next : successors(board)) {
            int c = heuristic(next);
            if (c < bestCost) {
                bestCost = c;
                best.clear();
                best.add(next);
            } else if (c == bestCost) {
                best.add(next);
            }
        }
        return best;
    }

    // the first successor with a lower cost, or null at a local optimum
    static int[] firstBetter(int[] board, int h) {
        for (int[] next : successors(board)) {
            if (heuristic(next) < h) {
                return next;
            }
        }
        return null;
    }

    // FLAG 200
    static void printSteepest(int[] board) {
        int h = heuristic(board);
        if (h == 0) {
            return; // already solved: no output
        }
        ArrayList<int[]> best = steepest(board, h);
        if (best.isEmpty()) {
            return;
        }
        for (int[] next : best) {
            System.out.println(boardString(next));
        }
        System.out.println(heuristic(best.get(0)));
    }

    // FLAG 3XX
    static void hillClimbing(int[] board, int cutoff, Random rng) {
        int h = heuristic(board);
        int iter = 0;
        printState(iter, board, h);
        if (h == 0) {
            System.out.println("Solved");
            return;
        }
        while (iter < cutoff) {
            ArrayList<int[]> best = steepest(board, h);
            if (best.isEmpty()) {
                return;
            }
            int r = rng.nextInt(best.size());
            board = best.get(r);
            h = heuristic(board);
            iter++;
            printState(iter, board, h);
            if (h == 0) {
                System.out.println("Solved");
                return;
            }
        }
    }

    // FLAG 4XX
    static void firstChoice(int[] board, int cutoff) {
        int[] start = board.clone();
        int h = heuristic(board);
        int iter = 0;
        printState(iter, board, h);
        if (h == 0) {
            System.out.println("Solved");
            return;
        }
        while (iter < cutoff) {
            int[] next = firstBetter(board, h);
            if (next == null) {
                System.out.println("Local optimum");
                return;
            }
            board = next;
            h = heuristic(board);
            iter++;
            printState(iter, board, h);
            if (h == 0) {
                System.out.println("Solved");
                return;
            }
        }
    }

    // FLAG 5XX
    static void simulatedAnnealing(int[] board, int cutoff, Random rng) {
        double T = 100;
        double rate = 0.95;
        int h = heuristic(board);
        int iter = 0;
        printState(iter, board, h);
        if (h == 0) {
            System.out.println("Solved");
            return;
        }
        while (iter < cutoff) {
            int index = rng.nextInt(7);
            int value = rng.nextInt(7);
            double prob = rng.nextDouble();
            int[] next = board.clone();
            next[index] = value;
            int nextH = heuristic(next);
            int dE = nextH - h;
            boolean accept = prob < Math.exp(-dE / T);
            T = T * rate;
            if (accept) {
                board = next;
                h = nextH;
            }
            iter++;
            printState(iter, board, h);
            if (h == 0) {
                System.out.println("Solved");
                return;
            }
        }
    }

    public static void main(String[] args) {
        if (args.length != 2 && args.length != 3) {
            System.out.println("Invalid Number of Input Arguments");
            return;
        }

        int flag = Integer.valueOf(args[0]);
        int option = flag / 100;
        int iteration = flag % 100;
        int[] board = new int[N];
        int seed = -1;
        int boardIndex = -1;

        if (args.length == 2 && (option == 1 || option == 2 || option == 4)) {
            boardIndex = 1;
        } else if (args.length == 3 && (option == 3 || option == 5)) {
            seed = Integer.valueOf(args[1]);
            boardIndex = 2;
        } else {
            System.out.println("Invalid Number of Input Arguments");
            return;
        }

        if (args[boardIndex].length() != N) {
            System.out.println("Invalid Board");
            return;
        }
        for (int i = 0; i < N; i++) {
            board[i] = args[boardIndex].charAt(i) - '0';
            if (board[i] < 0 || board[i] > N - 1) {
                System.out.println("Invalid Board");
                return;
            }
        }

        Random rng = new Random();
        if (seed != -1) rng.setSeed(seed);

        if (option == 1) {
            int h = heuristic(board);
            System.out.println(h);
        } else if (option == 2) {
            printSteepest(board);
        } else if (option == 3) {
            hillClimbing(board, iteration, rng);
        } else if (option == 4) {
            firstChoice(board, iteration);
        } else if (option == 5) {
            simulatedAnnealing(board, iteration, rng);
        }
    }
}
