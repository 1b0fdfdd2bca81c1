import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class BoxTest {
    @Test
    void holdsItsValue() {
        Box<String> b = new Box<>("hello");
        assertEquals(5, b.value.length());
        Box<Integer> n = b.map(String::length);
        assertEquals(5, n.value);
    }

    @Test
    void holdsAStudentObject() {
        Box<Point> b = new Box<>(new Point(2, 3));
        assertEquals(2, b.value.x);
        assertEquals(new Point(2, 3), b.value);
    }
}
