// Hello stands in for a student's EightQueen: it prints its arguments and
// the results of a deterministic search and of java.util.Random, so a
// run inside the box can be compared byte for byte with one outside.
public class Hello {
    public static void main(String[] args) {
        System.out.println("args: " + String.join(" ", args));
        int n = args.length > 0 ? Integer.parseInt(args[0]) % 5 + 4 : 8;
        System.out.println("queens(" + n + ") = " + queens(0, 0, 0, 0, n));
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 1;
        java.util.Random r = new java.util.Random(seed);
        StringBuilder sb = new StringBuilder("random:");
        for (int i = 0; i < 8; i++) {
            sb.append(' ').append(r.nextInt(8));
        }
        System.out.println(sb);
        System.err.println("done");
    }

    static int queens(int row, int cols, int d1, int d2, int n) {
        if (row == n) {
            return 1;
        }
        int count = 0;
        for (int c = 0; c < n; c++) {
            int a = 1 << c, b = 1 << (row + c), d = 1 << (row - c + n);
            if ((cols & a) == 0 && (d1 & b) == 0 && (d2 & d) == 0) {
                count += queens(row + 1, cols | a, d1 | b, d2 | d, n);
            }
        }
        return count;
    }
}
