import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ApiTest {
    @Test
    void generics() {
        Box<Integer> b = new Box<>(3);
        assertEquals(3, b.get());
        assertEquals(new Box<>(3), b);
        assertNotEquals(new Box<>(4), b);
        assertTrue(b.compareTo(new Box<>(5)) < 0);
        Box<String> s = b.map(x -> "n" + x);
        assertEquals("n3", s.get());
        List<Integer> seen = new ArrayList<>();
        for (int x : b) {
            seen.add(x);
        }
        assertEquals(List.of(3, 3), seen);
    }

    @Test
    void interfaces() {
        Shape u = Shape.unit();
        assertEquals(1.0, u.area());
        assertEquals("area 1.0", u.describe());
        Shape mine = () -> 2.5;
        assertEquals("area 2.5", mine.describe());
        assertEquals(5.0, Square.total(new Square(1), mine, new Square(Math.sqrt(1.5))), 1e-9);
    }

    @Test
    void churn() {
        Box<Integer> keep = new Box<>(1);
        Box<Integer> same = keep;
        for (int i = 0; i < 20000; i++) {
            assertEquals(i, new Box<>(i).get());
            if (i % 5000 == 0) {
                System.gc();
            }
        }
        assertEquals(1, keep.get());
        assertSame(same, keep);
        assertEquals(keep, new Box<>(1));
    }

    @Test
    void enums() {
        assertEquals("red", Color.RED.lower());
        assertSame(Color.GREEN, Color.RED.next());
    }

    @Test
    void constants() {
        assertEquals(7, Constants.MAX);
        assertEquals(Long.MIN_VALUE, Constants.BIG);
        assertEquals("a\"b\\c\u00e9\n\u0000", Constants.NAME);
        assertEquals(0.1, Constants.TENTH);
        assertTrue(Float.isNaN(Constants.NAN));
        assertEquals('x', Constants.C);
        assertEquals("0.00", Constants.ZERO.toString());
    }
}

class ApiLaterTest {
    @org.junit.jupiter.api.Test
    void constantsInALaterProcess() {
        assertEquals("0.00", Constants.ZERO.toString());
    }
}
