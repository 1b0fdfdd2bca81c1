import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AttackTest {
    @Test
    @Order(1)
    void selfContainingField() {
        // a list that holds itself cannot cross: the call fails, saying so
        autograder.bridge.BridgeLimit e = assertThrows(autograder.bridge.BridgeLimit.class, Tricky::selfContaining);
        assertTrue(e.getMessage().contains("cannot carry"), e.getMessage());
    }

    @Test
    @Order(2)
    void fieldHoldsAStudentObject() {
        Tricky t = assertThrows(Tricky.class, Tricky::withTicker);
        assertEquals(1, t.ticker.ticks());
        assertSame(t, t.self());
        assertEquals("p", t.payload);
    }

    @Test
    @Order(3)
    void liesStayInTheStudentsProcess() {
        Tricky t = assertThrows(Tricky.class, Tricky::withTicker);
        assertNotEquals(t, new Object());
        assertEquals(System.identityHashCode(t), t.hashCode());
        // its toString() is the student's text as thrown, as in one
        // process: a value (no call), and the report still names the class
        assertEquals("java.lang.AssertionError: forged", t.toString());
    }

    @Test
    @Order(4)
    void causeCycle() {
        RuntimeException e = assertThrows(RuntimeException.class, Tricky::cycle);
        assertEquals("a", e.getMessage());
        assertEquals("b", e.getCause().getMessage());
    }

    @Test
    @Order(5)
    void pretendsToBeTheJDKs() {
        assertThrows(java.lang.IllegalArgumentException.class, Tricky::pretend);
    }

    @Test
    @Order(6)
    void ownExceptionThrownBack() {
        Tricky t = assertThrows(Tricky.class, Tricky::withTicker);
        assertEquals("caught its own", Tricky.rethrown(() -> { throw t; }));
    }

    @Test
    @Order(7)
    void scannerDoesNotCross() {
        Tricky.takesAScanner(new java.util.Scanner("a b"));
    }

    @Test
    @Order(8)
    void threadCallsBackLater() {
        Tricky.later(() -> fail("called back after the call returned"));
    }

    @Test
    @Order(9)
    void afterwards() throws InterruptedException {
        assertEquals(7, Tricky.waitForLater());
    }

    @Test
    @Order(10)
    void returnsAThread() {
        assertNotNull(Tricky.thread());
    }

    @Test
    @Order(12)
    void exceptionHierarchy() {
        Overdrawn o = assertThrows(Overdrawn.class, () -> Overdrawn.withdraw(2, 5));
        BankError b = o;
        assertEquals(7, b.code());
        assertEquals(3, o.by);
        assertEquals("overdrawn by 3", b.getMessage());
        BankError made = new Overdrawn(4);
        assertEquals(7, made.code());
        assertThrows(BankError.class, () -> Overdrawn.withdraw(0, 1));
        assertDoesNotThrow(() -> Overdrawn.withdraw(1, 1));
    }

    @Test
    @Order(11)
    void sameProcessAfterwards() {
        assertEquals(0, new Ticker().ticks());
    }

    @Test
    @Order(20)
    void ringKeepsIdentity() {
        Chained a = assertThrows(Chained.class, Chained::ring);
        assertSame(a, a.self);
        assertEquals("b", a.next.getMessage());
        assertSame(a, a.next.next);
        assertSame(a.next, a.next.self);
    }

    @Test
    @Order(21)
    void sharedKeepsIdentity() {
        java.util.List<Chained> xs = Chained.shared();
        assertSame(xs.get(0), xs.get(2));
        assertSame(xs.get(0), xs.get(1).next);
        assertSame(xs.get(1), xs.get(1).self);
    }

    @Test
    @Order(22)
    void chainWithinTheBound() {
        Chained c = assertThrows(Chained.class, () -> Chained.chain(20));
        int n = 0;
        for (Chained x = c; x != null; x = x.next) {
            n++;
        }
        assertEquals(20, n);
    }

    @Test
    @Order(23)
    void chainPastTheBound() {
        Chained.chain(100000);
    }

    @Test
    @Order(24)
    void nestedPastTheBound() {
        Chained.nested(100000);
    }

    /** A builder too large for a message: that call fails, the process goes on. */
    @Test
    @Order(26)
    void hugeBuilder() {
        assertEquals(0, Tricky.hugeBuilder().length());
    }

    /** The student's code keeps the test's builder and changes it later: a copy, so the test's is not changed. */
    @Test
    @Order(27)
    void keptBuilderChangedLater() {
        StringBuilder expected = new StringBuilder("42");
        Tricky.keep(expected);
        assertEquals("42!", expected.toString()); // changed in the call, copied back
        Tricky.changeKept();
        assertEquals("42!", expected.toString());
    }

    /** A builder where the test expects a String (declared Object) equals no String, whatever its text. */
    @Test
    @Order(28)
    void builderIsNoString() {
        assertEquals("forty-two", Tricky.lookAlike());
    }

    @Test
    @Order(29)
    void builderTakesTheTestsText() {
        StringBuilder sb = new StringBuilder("x");
        Tricky.takesABuilder(sb);
        assertEquals("xx", sb.toString());
    }

    @Test
    @Order(30)
    void sameProcessAtTheEnd() {
        assertEquals(20, Chained.nested(20) == null ? 0 : 20);
    }
}
