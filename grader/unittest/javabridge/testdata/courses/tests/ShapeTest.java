import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ShapeTest {
    @Test
    void circle() {
        Shape c = new Circle(1);
        assertEquals(Math.PI, c.area(), 1e-9);
        assertEquals(2 * Math.PI, c.perimeter(), 1e-9);
        assertEquals("Circle(r=1.0)", c.toString());
    }

    @Test
    void badRadius() {
        assertThrows(IllegalArgumentException.class, () -> new Circle(0));
    }

    @Test
    void sortsByArea() {
        List<Shape> shapes = new ArrayList<>(List.of(new Rect(3, 3), new Circle(1), new Rect(1, 2)));
        Collections.sort(shapes);
        assertEquals(2.0, shapes.get(0).area(), 1e-9);
        assertEquals(9.0, Collections.max(shapes).area(), 1e-9);
    }

    @Test
    void equalRectangles() {
        Set<Shape> s = new HashSet<>(List.of(new Rect(2, 3), new Rect(2, 3), new Rect(3, 2)));
        assertEquals(2, s.size());
        assertEquals(new Rect(2, 3), new Rect(2, 3));
        assertNotEquals(new Rect(2, 3), new Circle(2));
    }

    @Test
    void describes() {
        assertEquals("Rect with area 6.00", new Rect(2, 3).describe());
    }
}
