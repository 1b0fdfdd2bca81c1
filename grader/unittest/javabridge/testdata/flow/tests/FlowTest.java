import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FlowTest {
    @Test
    void overflowIsNoRuntimeException() {
        assertThrows(RuntimeException.class, () -> Deep.down(0));
    }

    @Test
    void overflowIsNoExceptionTheTestCatches() {
        try {
            Deep.down(0);
        } catch (Exception e) {
            // the test's own fallback for the student's exceptions
        }
    }

    @Test
    void overflowSaysWhatHappened() {
        Deep.down(0);
    }

    @Test
    void threadDeath() {
        try {
            Deep.die();
        } catch (Exception e) {
            // as above
        }
    }

    @Test
    void interruptedAsItself() {
        InterruptedException e = assertThrows(InterruptedException.class, Deep::interrupted);
        assertEquals("the student's own", e.getMessage());
        assertFalse(Thread.currentThread().isInterrupted());
    }

    @Test
    void iteratorEndingEarly() {
        List<Integer> xs = new ArrayList<>();
        for (int x : Deep.liar()) {
            xs.add(x);
            if (xs.size() == 3) {
                break;
            }
        }
    }

    @Test
    void privateSubclassAsJdk() {
        NumberFormatException e = assertThrows(NumberFormatException.class, () -> Hidden.parse("x"));
        assertEquals("bad x", e.getMessage());
    }

    @Test
    void anonymousAsJdk() {
        assertThrows(IllegalStateException.class, Hidden::anonymous);
    }

    @Test
    void privateSubclassAsStudents() {
        BankError e = assertThrows(BankError.class, Hidden::bank);
        assertEquals(7, e.code());
    }

    @Test
    void afterwards() {
        assertEquals(3, new Ticker().ticks() + 3);
    }
}
