import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class AgeParserTest {
    @Test
    void parses() {
        assertEquals(42, AgeParser.parse(" 42 "));
    }

    @Test
    void textIsNoAge() {
        InvalidAgeException e = assertThrows(InvalidAgeException.class, () -> AgeParser.parse("ten"));
        assertEquals("ten", e.input);
        assertEquals("not an age: ten", e.getMessage());
        assertTrue(e.getCause() instanceof NumberFormatException);
    }

    @Test
    void outOfRangeIsAnIllegalArgument() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AgeParser.parse("200"));
        assertNull(e.getCause());
        assertTrue(e instanceof InvalidAgeException);
    }

    @Test
    void caughtAsRuntimeException() {
        try {
            AgeParser.parse("-1");
            fail();
        } catch (RuntimeException e) {
            assertEquals("-1", ((InvalidAgeException) e).input);
        }
    }

    @Test
    void madeByTheTest() {
        InvalidAgeException e = new InvalidAgeException("x");
        assertEquals("x", e.input);
        assertEquals("not an age: x", e.getMessage());
    }
}
