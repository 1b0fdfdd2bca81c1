import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class InventoryTest {
    @Test
    void addsCountsAndLists() {
        Inventory inv = new Inventory();
        inv.add("pear", 1);
        inv.add("apple", 2);
        inv.add("apple", 3);
        assertEquals(5, inv.count("apple"));
        assertEquals(0, inv.count("kiwi"));
        assertEquals(6, inv.total());
        assertEquals(List.of("apple", "pear"), inv.items());
        assertThrows(IllegalArgumentException.class, () -> inv.add("fig", 0));
        assertThrows(IllegalArgumentException.class, () -> inv.add("fig", -1));
    }

    @Test
    void removes() {
        Inventory inv = new Inventory();
        inv.add("apple", 2);
        assertFalse(inv.remove("apple", 3));
        assertEquals(List.of("apple"), inv.items());
        assertTrue(inv.remove("apple", 2));
        assertEquals(List.of(), inv.items());
    }
}
