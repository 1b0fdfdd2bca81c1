import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class BagTest {
    @Test
    void isAContainer() {
        Container<String> c = new Bag<>();
        assertTrue(c.isEmpty());
        c.add("x");
        c.add("x");
        assertEquals(2, c.size());
        assertFalse(c.isEmpty());
    }

    @Test
    void counts() {
        Bag<String> b = new Bag<>();
        b.add("a");
        b.add("b");
        b.add("a");
        assertEquals(2, b.count("a"));
        Container<String> copy = b.copy();
        assertEquals(3, copy.size());
        int n = 0;
        for (String s : copy) {
            n += s.length();
        }
        assertEquals(3, n);
    }
}
