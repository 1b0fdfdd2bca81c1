import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

class GenericsTest {
    @Test
    void pairs() {
        Pair<String, Integer> p = new Pair<>("a", 1);
        Pair<Integer, String> q = p.swap();
        assertEquals(1, q.first());
        assertEquals("a", q.second());
        assertEquals(new Pair<>(1, "a"), q);
        assertEquals("(a, 1)", p.toString());
        assertEquals(p, q.swap());
    }

    @Test
    void minMaxOfTheTestsList() {
        Pair<Integer, Integer> mm = Pair.minMax(List.of(4, -2, 9, 0));
        assertEquals(-2, mm.first());
        assertEquals(9, mm.second());
        assertEquals(new Pair<>("ant", "cow"), Pair.minMax(List.of("bee", "cow", "ant")));
        assertThrows(NoSuchElementException.class, () -> Pair.minMax(List.<String>of()));
    }

    @Test
    void higherOrder() {
        List<Integer> xs = List.of(1, 2, 3, 4, 5, 6);
        assertEquals(List.of(2, 4, 6), Lists.filter(xs, x -> x % 2 == 0));
        assertEquals(List.of("1!", "2!"), Lists.map(List.of(1, 2), x -> x + "!"));
        assertEquals(21, Lists.fold(xs, 0, Integer::sum));
        assertEquals("abc", Lists.fold(List.of('a', 'b', 'c'), "", (s, c) -> s + c));
    }

    @Test
    void pairsOfPairs() {
        List<Pair<String, Integer>> ix = Lists.indexed(List.of("x", "y"));
        assertEquals(2, ix.size());
        assertEquals(new Pair<>("y", 1), ix.get(1));
        Pair<Pair<String, Integer>, String> nested = new Pair<>(ix.get(0), "outer");
        assertEquals("((x, 0), outer)", nested.toString());
        assertSame(ix.get(0), nested.first());
    }

    @Test
    void sortsInPlace() {
        String[] words = {"pear", "apple", "fig"};
        Lists.insertionSort(words);
        assertArrayEquals(new String[] {"apple", "fig", "pear"}, words);
        Integer[] nums = {3, 1, 2};
        Lists.insertionSort(nums);
        assertArrayEquals(new Integer[] {1, 2, 3}, nums);
    }
}
