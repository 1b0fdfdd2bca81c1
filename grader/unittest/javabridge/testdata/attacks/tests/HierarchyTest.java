import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HierarchyTest {
    @Test
    void subclass() {
        Animal a = new Dog();
        assertEquals("woof", a.sound());
        assertEquals("Dog says woof", a.describe());
        assertTrue(Animal.of("dog") instanceof Dog);
        assertNull(Animal.of("cat"));
    }

    @Test
    void enumSwitch() {
        String s;
        switch (Color.RED.next()) {
            case GREEN: s = "green"; break;
            default: s = "other";
        }
        assertEquals("green", s);
    }
}
