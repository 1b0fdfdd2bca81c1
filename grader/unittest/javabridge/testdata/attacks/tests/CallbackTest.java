import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

class CallbackTest {
    @Test
    void comparatorLambda() {
        assertEquals(List.of("c", "b", "a"), Sorter.sorted(List.of("a", "c", "b"), (x, y) -> y.compareTo(x)));
    }

    @Test
    void comparatorDefaultMethod() {
        Comparator<String> c = Comparator.naturalOrder();
        assertEquals(List.of("c", "b", "a"), Sorter.sorted(List.of("a", "c", "b"), c.reversed()));
    }

    @Test
    void arrayChangedInPlace() {
        int[] a = new int[4];
        Sorter.fill(a);
        assertArrayEquals(new int[] {0, 1, 4, 9}, a);
    }

    @Test
    void fixedSizeListChangedInPlace() {
        List<String> xs = java.util.Arrays.asList("c", "a", "b");
        Sorter.sortInPlace(xs);
        assertEquals(List.of("a", "b", "c"), xs);
    }

    @Test
    void listChangedInPlace() {
        List<Integer> xs = new ArrayList<>(List.of(5));
        Sorter.grow(xs);
        assertEquals(List.of(5, 1), xs);
    }

    @Test
    void callbackFromAThread() throws InterruptedException {
        assertEquals(-7, Sorter.fromThread((x, y) -> -7));
    }

    @Test
    void optional() {
        assertEquals(java.util.Optional.of("x"), Sorter.first(List.of("x", "y")));
        assertEquals(java.util.Optional.empty(), Sorter.first(List.of()));
    }

    @Test
    void studentsLambda() {
        Comparator<String> c = Sorter.byLength();
        assertEquals(-1, c.compare("a", "bb"));
        assertEquals(List.of("c", "bb", "aaa"), Sorter.sorted(List.of("aaa", "c", "bb"), c));
    }

    @Test
    void failureInsideCallbackCounts() {
        Sorter.swallow((x, y) -> fail("the test's own assertion, inside a callback"));
    }
}
