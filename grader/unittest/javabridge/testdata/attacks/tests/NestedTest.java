import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NestedTest {
    @Test
    void nestedClasses() {
        LinkedStack<Integer> s = new LinkedStack<>();
        s.push(1);
        s.push(2);
        LinkedStack.Node<Integer> n = s.top();
        assertEquals(2, n.value());
        assertEquals(1, n.next().value());
        assertNull(n.next().next());
        LinkedStack.Node<Integer> mine = new LinkedStack.Node<>(5, n);
        assertEquals(2, mine.next().value());
        List<Integer> seen = new ArrayList<>();
        s.forEach(seen::add);
        assertEquals(List.of(2, 1), seen);
        assertEquals(LinkedStack.Order.LIFO, s.order());
        s.pop();
        s.pop();
        assertEquals("the stack is empty", assertThrows(LinkedStack.Empty.class, s::pop).getMessage());
        assertThrows(RuntimeException.class, s::pop);
    }
}
