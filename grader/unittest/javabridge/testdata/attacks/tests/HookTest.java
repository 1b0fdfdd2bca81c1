import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HookTest {
    @Test
    void answer() {
        assertEquals(42, Hooker.answer());
    }
}
