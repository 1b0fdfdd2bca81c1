import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class InventoryTest {
    @Test
    void neverEnds() {
        Inventory inv = new Inventory();
        while (inv.total() >= 0) {
            inv.add("apple", 1);
            inv.remove("apple", 1);
        }
    }

    @Test
    void listsSorted() {
        Inventory inv = new Inventory();
        inv.add("pear", 1);
        inv.add("apple", 1);
        assertEquals(List.of("apple", "pear"), inv.items());
    }
}
