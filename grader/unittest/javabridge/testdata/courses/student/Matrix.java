import java.util.Arrays;

public class Matrix {
    private final int[][] a;

    public Matrix(int[][] a) {
        this.a = new int[a.length][];
        for (int i = 0; i < a.length; i++) {
            this.a[i] = a[i].clone();
        }
    }

    public Matrix times(Matrix o) {
        int n = a.length, m = o.a[0].length, k = o.a.length;
        if (a[0].length != k) {
            throw new IllegalArgumentException("sizes do not match");
        }
        int[][] c = new int[n][m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                for (int x = 0; x < k; x++) {
                    c[i][j] += a[i][x] * o.a[x][j];
                }
            }
        }
        return new Matrix(c);
    }

    public int[][] toArray() {
        int[][] out = new int[a.length][];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i].clone();
        }
        return out;
    }

    public static void transposeInPlace(int[][] sq) {
        for (int i = 0; i < sq.length; i++) {
            for (int j = i + 1; j < sq.length; j++) {
                int t = sq[i][j];
                sq[i][j] = sq[j][i];
                sq[j][i] = t;
            }
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Matrix && Arrays.deepEquals(a, ((Matrix) o).a);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(a);
    }

    @Override
    public String toString() {
        return Arrays.deepToString(a);
    }
}
