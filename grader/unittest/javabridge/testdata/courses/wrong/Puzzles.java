import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

/** Recursive puzzles. */
public class Puzzles {
    /** Every ordering of the letters of s, without repeats, sorted. */
    public static List<String> permutations(String s) {
        List<String> out = new ArrayList<>(); // repeats kept
        permute("", s, out);
        java.util.Collections.sort(out);
        return out;
    }

    private static void permute(String done, String rest, List<String> out) {
        if (rest.isEmpty()) {
            out.add(done);
            return;
        }
        for (int i = 0; i < rest.length(); i++) {
            permute(done + rest.charAt(i), rest.substring(0, i) + rest.substring(i + 1), out);
        }
    }

    /** Fills the region of c around (r, col) with the fill character, in place; returns how many cells. */
    public static int floodFill(char[][] grid, int r, int col, char fill) {
        if (r < 0 || r >= grid.length || col < 0 || col >= grid[r].length || grid[r][col] != '.') {
            return 0;
        }
        grid[r][col] = fill;
        return 1 + floodFill(grid, r + 1, col, fill) + floodFill(grid, r - 1, col, fill)
                + floodFill(grid, r, col + 1, fill) + floodFill(grid, r, col - 1, fill);
    }

    /** The moves of the towers of Hanoi, as "from->to". */
    public static List<String> hanoi(int n, char from, char via, char to) {
        List<String> moves = new ArrayList<>();
        hanoi(n, from, via, to, moves);
        return moves;
    }

    private static void hanoi(int n, char from, char via, char to, List<String> moves) {
        if (n == 0) {
            return;
        }
        hanoi(n - 1, from, to, via, moves);
        moves.add(from + "->" + to);
        hanoi(n - 1, via, from, to, moves);
    }

    /** Index of x in the sorted a, or -1, by recursive halving. */
    public static int search(int[] a, int x) {
        return search(a, x, 0, a.length - 1);
    }

    private static int search(int[] a, int x, int lo, int hi) {
        if (lo > hi) {
            return -1;
        }
        int mid = (lo + hi) >>> 1;
        return a[mid] == x ? mid : a[mid] < x ? search(a, x, mid + 1, hi) : search(a, x, lo, mid - 1);
    }

    /** The Fibonacci numbers, forever. */
    public static Iterable<Long> fibonacci() {
        return () -> new Iterator<Long>() {
            private long a = 0, b = 1;

            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public Long next() {
                long r = a;
                a = b;
                b = r + b;
                return r;
            }
        };
    }
}
