import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class MatrixTest {
    @Test
    void multiplies() {
        Matrix m = new Matrix(new int[][] {{1, 2}, {3, 4}});
        assertArrayEquals(new int[][] {{7, 10}, {15, 22}}, m.times(m).toArray());
        assertEquals(new Matrix(new int[][] {{7, 10}, {15, 22}}), m.times(m));
        assertEquals("[[1, 2], [3, 4]]", m.toString());
    }

    @Test
    void sizesMustMatch() {
        assertThrows(IllegalArgumentException.class, () -> new Matrix(new int[][] {{1, 2}}).times(new Matrix(new int[][] {{1, 2}})));
    }

    @Test
    void transposesInPlace() {
        int[][] sq = {{1, 2}, {3, 4}};
        Matrix.transposeInPlace(sq);
        assertArrayEquals(new int[][] {{1, 3}, {2, 4}}, sq);
    }

    @Test
    void copiesItsInput() {
        int[][] src = {{1}};
        Matrix m = new Matrix(src);
        src[0][0] = 9;
        assertArrayEquals(new int[][] {{1}}, m.toArray());
    }
}
