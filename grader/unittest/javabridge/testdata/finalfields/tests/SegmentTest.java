import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class SegmentTest {
    @Test
    void endsAreThePointsGiven() {
        Point a = new Point(0, 0), b = new Point(3, 4);
        Segment s = new Segment(a, b);
        assertSame(a, s.from);
        assertSame(b, s.to);
        assertEquals(5.0, s.length, 1e-9);
    }

    @Test
    void reversedSwapsTheEnds() {
        Point a = new Point(1, 1), b = new Point(4, 5);
        Segment r = new Segment(a, b).reversed();
        assertSame(b, r.from);
        assertSame(a, r.to);
        assertEquals(4, r.from.x);
        assertEquals(5.0, r.length, 1e-9);
    }
}
