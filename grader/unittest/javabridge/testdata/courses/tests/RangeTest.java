import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class RangeTest {
    @Test
    void forEachLoop() {
        List<Integer> xs = new ArrayList<>();
        for (int x : new Range(1, 10, 3)) {
            xs.add(x);
        }
        assertEquals(List.of(1, 4, 7), xs);
    }

    @Test
    void endsWithNoSuchElement() {
        Iterator<Integer> it = new Range(0, 1).iterator();
        assertEquals(0, it.next());
        assertThrows(NoSuchElementException.class, it::next);
    }

    @Test
    void streamOfTheStudents() {
        assertEquals(List.of(0, 4, 8), new Range(0, 10).stream().filter(x -> x % 4 == 0).collect(Collectors.toList()));
        assertEquals(45, new Range(0, 10).stream().mapToInt(Integer::intValue).sum());
    }

    @Test
    void containsAll() {
        Range r = new Range(2, 20, 2);
        assertTrue(new Range(2, 20, 2).stream().allMatch(r::contains));
        assertFalse(r.contains(3));
    }

    @Test
    void iterableForEach() {
        List<Integer> xs = new ArrayList<>();
        new Range(3, 6).forEach(xs::add);
        assertEquals(List.of(3, 4, 5), xs);
    }

    @Test
    void badStep() {
        assertThrows(IllegalArgumentException.class, () -> new Range(0, 1, 0));
    }
}
