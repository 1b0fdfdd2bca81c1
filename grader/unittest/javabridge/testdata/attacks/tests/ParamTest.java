import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ParamTest {
    static final LinkedStack<Integer> SHARED = new LinkedStack<>();

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void pushes(int x) {
        SHARED.push(x);
        assertEquals(x, SHARED.top().value());
    }

    @RepeatedTest(2)
    void repeats() {
        assertEquals("0.01", new Money(1).toString());
    }

    @Nested
    class Inside {
        @org.junit.jupiter.api.Test
        void seesTheSameProcess() {
            assertEquals(2, SHARED.pop());
        }
    }
}
