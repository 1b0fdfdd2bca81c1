import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class TrackedTest {
    @Test
    void laterCrossingsSeeTheFinishedObject() {
        Tracked t = new Tracked(5, m -> {
        });
        assertEquals(5, t.v);
        assertEquals(5, Tracked.last().v);
        assertSame(t, Tracked.last());
    }

    @Test
    void theListenerSeesItUnfinished() {
        int[] seen = {-1};
        Tracked t = new Tracked(5, m -> seen[0] = m.v);
        assertEquals(0, seen[0]);
        assertEquals(5, Tracked.last().v);
        assertSame(t, Tracked.last());
    }
}
