import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import ringbuf.BufferFullException;
import ringbuf.RingBuffer;

class RingBufferTest {
    private RingBuffer<String> buf;

    @BeforeEach
    void setUp() {
        buf = new RingBuffer<>(3);
    }

    @Test
    void firstInFirstOut() {
        buf.offer("a");
        buf.offer("b");
        assertEquals("a", buf.poll());
        buf.offer("c");
        buf.offer("d");
        assertEquals(3, buf.size());
        assertEquals("[b, c, d]", buf.toString(), "after wrapping round: " + buf);
    }

    @Test
    void fullBufferSaysItsCapacity() {
        buf.offer("a");
        buf.offer("b");
        buf.offer("c");
        BufferFullException e = assertThrows(BufferFullException.class, () -> buf.offer("d"));
        assertEquals(3, e.capacity());
        assertTrue(e instanceof IllegalStateException);
    }

    @Test
    void emptyPoll() {
        assertThrows(NoSuchElementException.class, buf::poll);
        assertNull(buf.peek());
        assertTrue(buf.isEmpty());
    }

    @Test
    void forEachAndStream() {
        RingBuffer<Integer> nums = new RingBuffer<>(5);
        for (int i = 1; i <= 5; i++) {
            nums.offer(i * i);
        }
        List<Integer> seen = new ArrayList<>();
        for (int n : nums) {
            seen.add(n);
        }
        assertEquals(List.of(1, 4, 9, 16, 25), seen);
        assertEquals("1+4+9+16+25", StreamSupport.stream(nums.spliterator(), false).map(String::valueOf).collect(Collectors.joining("+")));
        List<Integer> viaForEach = new ArrayList<>();
        nums.forEach(viaForEach::add);
        assertEquals(seen, viaForEach);
    }

    @Test
    void rejectsZeroCapacity() {
        assertThrows(IllegalArgumentException.class, () -> new RingBuffer<String>(0));
    }
}
