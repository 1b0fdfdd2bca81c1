import static org.junit.jupiter.api.Assertions.assertEquals;

import geo.Point;
import org.junit.jupiter.api.Test;

class PackageTest {
    @Test
    void point() {
        assertEquals("(3, 4)", new Point(1, 1).plus(new Point(2, 3)).toString());
    }
}
