import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class GradeBookTest {
    private GradeBook g;

    @BeforeEach
    void setUp() {
        g = new GradeBook();
        g.record("ann", 90);
        g.record("ann", 85);
        g.record("bob", 70);
    }

    @Test
    void averages() {
        assertEquals(87.5, g.average("ann"), 1e-9);
        assertEquals(Map.of("ann", 87.5, "bob", 70.0), g.averages());
    }

    @Test
    void letters() {
        assertEquals('B', g.letter("ann"));
        assertEquals('C', g.letter("bob"));
    }

    @Test
    void report() {
        assertEquals(String.format("ann     87.50%nbob     70.00%n"), g.report());
    }

    @Test
    void rejectsBadScores() {
        var e = assertThrows(IllegalArgumentException.class, () -> g.record("cy", 101));
        assertEquals("score out of range: 101", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> g.average("nobody"));
    }
}
