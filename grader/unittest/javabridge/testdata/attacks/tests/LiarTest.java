import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LiarTest {
    @Test
    void plainExpected() {
        assertEquals("1/2", new Liar());
    }

    @Test
    void plainActual() {
        assertEquals(new Liar(), "1/2");
    }

    @Test
    void twoOfTheStudents() {
        assertEquals(new Liar(), new Liar());
    }
}
