import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RogueTest {
    @Test @Order(1) void garbage() { assertEquals(1, Rogue.garbage()); }
    @Test @Order(2) void afterGarbage() { assertEquals(5, Rogue.fine()); }
    @Test @Order(3) void deep() { assertEquals(1, Rogue.deep()); }
    @Test @Order(4) void stale() { assertEquals(7, Rogue.stale()); }
    @Test @Order(5) void guessedReplies() { assertEquals(1, Rogue.wrongType()); }
    @Test @Order(6) void guessedHandles() { assertNull(Rogue.forgedHandle()); }
    @Test @Order(7) void badLength() { assertEquals(1, Rogue.badLength()); }
    @Test @Order(8) void afterBadLength() { assertEquals(5, Rogue.fine()); }
    @Test @Order(9) void chatty() { assertEquals(3, Rogue.chatty()); }
    @Test @Order(10) void huge() { assertEquals(1, Rogue.huge().length()); }
    @Test @Order(11) void afterHuge() { assertEquals(5, Rogue.fine()); }
}
