import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class PointTest {
    @Test
    void fieldsAreTheConstructorsArguments() {
        Point p = new Point(3, 4);
        assertEquals(3, p.x);
        assertEquals(4, p.y);
    }

    @Test
    void translateMakesANewPoint() {
        Point p = new Point(1, 2);
        Point q = p.translate(10, 20);
        assertEquals(11, q.x);
        assertEquals(22, q.y);
        assertEquals(1, p.x);
    }

    @Test
    void origin() {
        assertEquals(0, Point.ORIGIN.x);
        assertEquals(0, Point.ORIGIN.y);
        assertEquals(new Point(0, 0), Point.ORIGIN);
    }

    @Test
    void manhattanDistance() {
        assertEquals(7, new Point(1, 1).manhattan(new Point(4, 5)));
    }

    @Test
    void equalPoints() {
        assertEquals(new Point(2, 5), new Point(2, 5));
        assertNotEquals(new Point(2, 5), new Point(5, 2));
        assertEquals("(2, 5)", new Point(2, 5).toString());
    }
}
