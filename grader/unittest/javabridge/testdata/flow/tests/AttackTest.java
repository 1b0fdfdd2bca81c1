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
        Tricky t = assertThrows(Tricky.class, Tricky::selfContaining);
        assertNull(t.payload);
        assertNull(t.getMessage());
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
        assertTrue(t.toString().startsWith("Tricky"));
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
    void builderDoesNotCross() {
        Tricky.takesABuilder(new StringBuilder());
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
}
