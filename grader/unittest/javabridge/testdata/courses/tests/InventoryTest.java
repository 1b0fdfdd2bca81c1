import static org.junit.jupiter.api.Assertions.*;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class InventoryTest {
    private Inventory inv;

    @BeforeEach
    void setUp() {
        inv = new Inventory();
        inv.add(new Item("pen", 3, 1.5));
        inv.add(new Item("book", 1, 10.25));
        inv.add(new Item("cup", 4, 0.5));
    }

    @Test
    void recordsAreValues() {
        assertEquals(new Item("pen", 3, 1.5), inv.matching(i -> i.name().equals("pen")).get(0));
        assertEquals(new Item("a", 1, 2.0).hashCode(), new Item("a", 1, 2.0).hashCode());
        assertEquals("Item[name=pen, quantity=3, price=1.5]", new Item("pen", 3, 1.5).toString());
    }

    @Test
    void rejectsNegativeQuantity() {
        var e = assertThrows(IllegalArgumentException.class, () -> new Item("x", -1, 1.0));
        assertEquals("negative quantity: -1", e.getMessage());
    }

    @Test
    void filtersWithAPredicate() {
        assertEquals(List.of("pen", "cup"), inv.matching(i -> i.quantity() > 2).stream().map(Item::name).collect(Collectors.toList()));
    }

    @Test
    void sortsWithAComparator() {
        assertEquals(List.of("book", "pen", "cup"), inv.namesSorted(Comparator.comparingDouble(Item::price).reversed()));
        assertEquals(List.of("book", "cup", "pen"), inv.namesSorted(Comparator.comparing(Item::name)));
    }

    @Test
    void valueWithinADelta() {
        assertEquals(16.75, inv.value(), 1e-9);
    }

    @Test
    void streamOfTheStudents() {
        List<String> names = inv.stream().filter(i -> i.price() < 2).map(Item::name).collect(Collectors.toList());
        assertEquals(List.of("pen", "cup"), names);
        assertEquals(3, inv.stream().count());
    }

    @Test
    void quantitiesAreACopy() {
        Map<String, Integer> q = inv.quantities();
        assertEquals(Map.of("pen", 3, "book", 1, "cup", 4), q);
    }

    @Test
    void mostValuable() {
        assertEquals("book", inv.mostValuable().orElseThrow().name());
        inv.add(new Item("pen", 10, 1.5));
        assertEquals("pen", inv.mostValuable().get().name());
        assertEquals(13, inv.mostValuable().get().quantity());
    }
}
