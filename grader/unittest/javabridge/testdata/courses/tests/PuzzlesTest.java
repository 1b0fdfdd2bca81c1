import static org.junit.jupiter.api.Assertions.*;

import java.util.Iterator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

class PuzzlesTest {
    @Test
    void permutationsWithoutRepeats() {
        assertEquals(List.of("abc", "acb", "bac", "bca", "cab", "cba"), Puzzles.permutations("abc"));
        assertEquals(List.of("aab", "aba", "baa"), Puzzles.permutations("aba"));
        assertEquals(List.of(""), Puzzles.permutations(""));
        assertEquals(40320, Puzzles.permutations("abcdefgh").size());
    }

    @Test
    void floodFillChangesTheGrid() {
        char[][] g = {
            "..#..".toCharArray(),
            ".##..".toCharArray(),
            "#....".toCharArray(),
        };
        assertEquals(3, Puzzles.floodFill(g, 0, 0, 'o'));
        assertEquals("oo#..", new String(g[0]));
        assertEquals("o##..", new String(g[1]));
        assertEquals(8, Puzzles.floodFill(g, 0, 4, '*'));
        assertEquals("#****", new String(g[2]));
        assertEquals(0, Puzzles.floodFill(g, 0, 2, 'x'));
    }

    @Test
    void hanoiMoves() {
        assertEquals(List.of("A->C", "A->B", "C->B", "A->C", "B->A", "B->C", "A->C"), Puzzles.hanoi(3, 'A', 'B', 'C'));
        assertEquals((1 << 12) - 1, Puzzles.hanoi(12, 'A', 'B', 'C').size());
    }

    @Test
    void binarySearch() {
        int[] a = {1, 3, 5, 7, 9, 11};
        for (int i = 0; i < a.length; i++) {
            assertEquals(i, Puzzles.search(a, a[i]), "searching " + a[i]);
        }
        assertEquals(-1, Puzzles.search(a, 4));
        assertEquals(-1, Puzzles.search(new int[0], 4));
    }

    @Test
    void infiniteIterable() {
        Iterator<Long> it = Puzzles.fibonacci().iterator();
        long sum = 0;
        for (int i = 0; i < 10; i++) {
            sum += it.next();
        }
        assertEquals(88, sum);
        String first = StreamSupport.stream(Puzzles.fibonacci().spliterator(), false).limit(8)
                .map(String::valueOf).collect(Collectors.joining(" "));
        assertEquals("0 1 1 2 3 5 8 13", first);
    }
}
