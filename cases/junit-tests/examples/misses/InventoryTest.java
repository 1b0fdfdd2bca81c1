import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class InventoryTest {
    @Test
    void addsTwice() {
        Inventory inv = new Inventory();
        inv.add("apple", 1);
        inv.add("apple", 1);
        assertEquals(2, inv.count("apple"));
    }
}
