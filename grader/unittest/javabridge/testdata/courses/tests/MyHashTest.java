import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

/** The student's own hash table and set, tested with the instructor's key classes. */
class MyHashTest {
    record Point(int x, int y) {
    }

    /** A key whose equality ignores hyphens, as a record's cannot. */
    static final class Isbn {
        private final String digits;

        Isbn(String text) {
            digits = text.replace("-", "");
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Isbn && ((Isbn) o).digits.equals(digits);
        }

        @Override
        public int hashCode() {
            return digits.hashCode();
        }

        @Override
        public String toString() {
            return "ISBN " + digits;
        }
    }

    /** Every key in one bucket: only equals tells them apart. */
    static final class Clash {
        final int n;

        Clash(int n) {
            this.n = n;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Clash && ((Clash) o).n == n;
        }

        @Override
        public int hashCode() {
            return 7;
        }
    }

    @Test
    void recordKeys() {
        MyHashMap<Point, String> m = new MyHashMap<>();
        assertNull(m.put(new Point(1, 2), "a"));
        assertEquals("a", m.get(new Point(1, 2)));
        assertTrue(m.containsKey(new Point(1, 2)));
        assertFalse(m.containsKey(new Point(2, 1)));
        assertEquals("a", m.put(new Point(1, 2), "b"));
        assertEquals(1, m.size());
        assertEquals("b", m.remove(new Point(1, 2)));
        assertEquals(0, m.size());
    }

    @Test
    void classKeys() {
        MyHashMap<Isbn, Integer> stock = new MyHashMap<>();
        stock.put(new Isbn("978-0-13-468599-1"), 3);
        assertEquals(3, stock.get(new Isbn("9780134685991")));
        assertNull(stock.get(new Isbn("9780134685992")));
        assertEquals("{ISBN 9780134685991=3}", stock.toString());
    }

    @Test
    void setOfRecordsThroughGrowth() {
        MyHashSet<Point> s = new MyHashSet<>();
        for (int i = 0; i < 20; i++) {
            assertTrue(s.add(new Point(i, -i)));
        }
        for (int i = 0; i < 20; i++) {
            assertFalse(s.add(new Point(i, -i)), "a second " + new Point(i, -i));
            assertTrue(s.contains(new Point(i, -i)));
        }
        assertEquals(20, s.size());
        assertTrue(s.remove(new Point(3, -3)));
        assertFalse(s.contains(new Point(3, -3)));
    }

    @Test
    void collidingKeys() {
        MyHashSet<Clash> s = new MyHashSet<>();
        s.add(new Clash(1));
        s.add(new Clash(2));
        assertTrue(s.contains(new Clash(2)));
        assertFalse(s.contains(new Clash(3)));
        assertEquals(2, s.size());
    }
}
