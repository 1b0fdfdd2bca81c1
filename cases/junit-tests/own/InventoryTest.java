import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The instructor's own tests of the inventory: they pass on the correct
 * one and tell its nine bugs apart (autograder cases verify). Never
 * shown to students.
 */
class InventoryTest {
    @Test
    void refusesCountsBelowOne() {
        Inventory inv = new Inventory();
        assertThrows(IllegalArgumentException.class, () -> inv.add("fig", 0));
        assertThrows(IllegalArgumentException.class, () -> inv.add("fig", -1));
    }

    @Test
    void countsAndTotals() {
        Inventory inv = new Inventory();
        assertEquals(0, inv.count("kiwi"));
        inv.add("apple", 2);
        inv.add("apple", 3);
        assertEquals(5, inv.count("apple"));
        inv.add("pear", 1);
        assertEquals(6, inv.total());
    }

    @Test
    void listsSorted() {
        Inventory inv = new Inventory();
        inv.add("pear", 1);
        inv.add("apple", 1);
        assertEquals(List.of("apple", "pear"), inv.items());
    }

    @Test
    void removes() {
        Inventory inv = new Inventory();
        inv.add("apple", 2);
        assertFalse(inv.remove("apple", 3));
        assertEquals(2, inv.count("apple"));
        assertTrue(inv.remove("apple", 2));
        assertEquals(List.of(), inv.items());
    }
}
