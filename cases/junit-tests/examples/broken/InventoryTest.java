import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class InventoryTest {
    @Test
    void adds() {
        Inventory inv = new Inventory();
        inv.add("apple", 1)
        assertEquals(1, inv.count("apple"));
    }
}
