// EightQueenDiff is an independent Java implementation of the CS540 HW4
// EightQueen program, written from the handout and spec/eightqueen.md (not
// from the Go reference), for reference/eightqueen/diff_test.go. It uses
// java.util.Random itself, an ArrayList of successor boards and the naive
// 28-pair cost.
//
// It runs many command lines in one JVM. Each stdin line is one case:
// optional reading tokens, then the program's arguments, e.g.
//
//   steepest=nonraising cutoff=optimum cooling=before 315 1 12375643
//
// Reading tokens (the handout's open points; the defaults come first):
//   steepest=all|nonraising  steepest moves among all moves, or among moves
//                            that do not raise the cost (200 and 3XX)
//   cutoff=silent|optimum    4XX at the cutoff with no better move: stop
//                            silently, or print "Local optimum"
//   cooling=after|before     5XX lowers T after or before the acceptance test
//
// For each case it prints "### case N", then exactly what `java EightQueen
// ARGS` prints, then "### end". An exception is reported inside the frame as
// "### exception ...".
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

public class EightQueenDiff {
    static final int N = 8;
    static final double START_T = 100;
    static final double ANNEAL_RATE = 0.95;

    static boolean nonRaising;
    static boolean optimumAtCutoff;
    static boolean coolBefore;
    static StringBuilder out;

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        BufferedWriter w = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
        String line;
        int n = 0;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (line.isEmpty()) {
                continue;
            }
            n++;
            nonRaising = false;
            optimumAtCutoff = false;
            coolBefore = false;
            List<String> argv = new ArrayList<>();
            for (String tok : line.split("\\s+")) {
                switch (tok) {
                    case "steepest=all": nonRaising = false; break;
                    case "steepest=nonraising": nonRaising = true; break;
                    case "cutoff=silent": optimumAtCutoff = false; break;
                    case "cutoff=optimum": optimumAtCutoff = true; break;
                    case "cooling=after": coolBefore = false; break;
                    case "cooling=before": coolBefore = true; break;
                    default: argv.add(tok);
                }
            }
            out = new StringBuilder();
            try {
                run(argv.toArray(new String[0]));
            } catch (RuntimeException e) {
                out.append("### exception ").append(e).append('\n');
            }
            w.write("### case " + n + "\n");
            w.write(out.toString());
            w.write("### end\n");
        }
        w.flush();
    }

    static void println(String s) {
        out.append(s).append('\n');
    }

    /** One program run, as a student's main(args) would do it. */
    static void run(String[] args) {
        int flag = Integer.parseInt(args[0]);
        int part = flag / 100;
        int cutoff = flag % 100;
        long seed = 0;
        String boardArg;
        if (part == 3 || part == 5) {
            seed = Long.parseLong(args[1]);
            boardArg = args[2];
        } else {
            boardArg = args[1];
        }
        int[] board = new int[N];
        for (int i = 0; i < N; i++) {
            board[i] = boardArg.charAt(i) - '0';
        }
        Random rng = new Random();
        if (seed != -1) {
            rng.setSeed(seed);
        }
        switch (part) {
            case 1: println(Integer.toString(cost(board))); break;
            case 2: steepestMoves(board); break;
            case 3: hillClimbing(board, cutoff, rng); break;
            case 4: firstChoice(board, cutoff); break;
            case 5: annealing(board, cutoff, rng); break;
            default: throw new IllegalArgumentException("FLAG " + flag);
        }
    }

    /** The number of queen pairs on a row or a diagonal. */
    static int cost(int[] b) {
        int c = 0;
        for (int i = 0; i < N; i++) {
            for (int j = i + 1; j < N; j++) {
                if (b[i] == b[j] || Math.abs(b[i] - b[j]) == j - i) {
                    c++;
                }
            }
        }
        return c;
    }

    static String show(int[] b) {
        StringBuilder s = new StringBuilder();
        for (int v : b) {
            s.append(v);
        }
        return s.toString();
    }

    static void state(int iter, int[] b) {
        println(iter + ":" + show(b) + " " + cost(b));
    }

    /** Every board one move away: by index ascending, then new value ascending. */
    static List<int[]> successors(int[] b) {
        List<int[]> list = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            for (int v = 0; v < N; v++) {
                if (v != b[i]) {
                    int[] s = b.clone();
                    s[i] = v;
                    list.add(s);
                }
            }
        }
        return list;
    }

    /** The lowest-cost successors, in successor order. */
    static List<int[]> steepest(int[] b) {
        List<int[]> all = successors(b);
        int best = Integer.MAX_VALUE;
        for (int[] s : all) {
            best = Math.min(best, cost(s));
        }
        List<int[]> list = new ArrayList<>();
        if (nonRaising && best > cost(b)) {
            return list;
        }
        for (int[] s : all) {
            if (cost(s) == best) {
                list.add(s);
            }
        }
        return list;
    }

    // FLAG 200
    static void steepestMoves(int[] b) {
        if (cost(b) == 0) {
            return;
        }
        List<int[]> list = steepest(b);
        for (int[] s : list) {
            println(show(s));
        }
        if (!list.isEmpty()) {
            println(Integer.toString(cost(list.get(0))));
        }
    }

    // FLAG 3XX
    static void hillClimbing(int[] b, int cutoff, Random rng) {
        int iter = 0;
        state(iter, b);
        while (true) {
            if (cost(b) == 0) {
                println("Solved");
                return;
            }
            if (iter == cutoff) {
                return;
            }
            List<int[]> list = steepest(b);
            if (list.isEmpty()) {
                return;
            }
            b = list.get(rng.nextInt(list.size()));
            iter++;
            state(iter, b);
        }
    }

    // FLAG 4XX
    static void firstChoice(int[] b, int cutoff) {
        int iter = 0;
        state(iter, b);
        while (true) {
            int c = cost(b);
            if (c == 0) {
                println("Solved");
                return;
            }
            int[] better = null;
            for (int[] s : successors(b)) {
                if (cost(s) < c) {
                    better = s;
                    break;
                }
            }
            if (iter == cutoff) {
                if (better == null && optimumAtCutoff) {
                    println("Local optimum");
                }
                return;
            }
            if (better == null) {
                println("Local optimum");
                return;
            }
            b = better;
            iter++;
            state(iter, b);
        }
    }

    // FLAG 5XX
    static void annealing(int[] b, int cutoff, Random rng) {
        double t = START_T;
        int iter = 0;
        state(iter, b);
        while (true) {
            if (cost(b) == 0) {
                println("Solved");
                return;
            }
            if (iter == cutoff) {
                return;
            }
            int index = rng.nextInt(7);
            int value = rng.nextInt(7);
            double prob = rng.nextDouble();
            int[] next = b.clone();
            next[index] = value;
            int dE = cost(next) - cost(b);
            if (coolBefore) {
                t *= ANNEAL_RATE;
            }
            boolean accept = dE < 0 || prob < Math.exp(-dE / t);
            if (!coolBefore) {
                t *= ANNEAL_RATE;
            }
            if (accept) {
                b = next;
            }
            iter++;
            state(iter, b);
        }
    }
}
