import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.EmptyStackException;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

class ArrayStackTest {
    private ArrayStack<Integer> filled(int n) {
        ArrayStack<Integer> s = new ArrayStack<>();
        for (int i = 1; i <= n; i++) {
            s.push(i);
        }
        return s;
    }

    @Test
    void pushPop() {
        ArrayStack<Integer> s = filled(5);
        assertEquals(5, s.pop());
        assertEquals(4, s.peek());
        assertEquals(4, s.size());
    }

    @Test
    void popEmptyThrows() {
        ArrayStack<String> s = new ArrayStack<>();
        assertTrue(s.isEmpty());
        assertThrows(EmptyStackException.class, s::pop);
        assertThrows(EmptyStackException.class, s::peek);
    }

    @Test
    void iteratesFromTheTop() {
        List<Integer> seen = new ArrayList<>();
        for (int x : filled(3)) {
            seen.add(x);
        }
        assertEquals(List.of(3, 2, 1), seen);
    }

    @Test
    void exhaustedIterator() {
        Iterator<Integer> it = filled(1).iterator();
        assertTrue(it.hasNext());
        assertEquals(1, it.next());
        assertFalse(it.hasNext());
        assertThrows(NoSuchElementException.class, it::next);
    }

    @Test
    void collectsAsAStream() {
        List<String> out = StreamSupport.stream(filled(4).spliterator(), false)
                .filter(x -> x % 2 == 0).map(x -> "#" + x).collect(Collectors.toList());
        assertEquals(List.of("#4", "#2"), out);
    }

    @Test
    void holdsStrings() {
        ArrayStack<String> s = new ArrayStack<>();
        s.push("a");
        s.push("b");
        assertEquals("b", s.pop());
        assertEquals("a", s.pop());
        assertTrue(s.isEmpty());
    }
}
