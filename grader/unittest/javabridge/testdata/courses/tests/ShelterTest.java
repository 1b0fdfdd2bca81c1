import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ShelterTest {
    private Shelter shelter;
    private Dog rex;
    private Puppy bit;
    private Cat tom;

    @BeforeEach
    void setUp() {
        shelter = new Shelter();
        rex = new Dog("Rex", 5);
        bit = new Puppy("Bit");
        tom = new Cat("Tom", 7, true);
        shelter.admit(rex);
        shelter.admit(bit);
        shelter.admit(tom);
    }

    @Test
    void polymorphicSounds() {
        assertEquals("Rex the dog says woof", rex.describe());
        assertEquals("Bit the puppy says yip (a puppy)", bit.describe());
        assertEquals("Tom the cat says meow", tom.describe());
        Animal a = bit;
        assertEquals("yip", a.sound());
        assertTrue(a instanceof Dog);
        assertTrue(a instanceof Trainable);
        assertFalse(tom instanceof Trainable);
    }

    @Test
    void ordersByAge() {
        assertSame(tom, shelter.oldest());
        assertEquals(List.of(bit, rex, tom), shelter.youngestFirst());
        tom.birthday();
        assertEquals(8, tom.getAge());
        assertEquals("[Bit(0), Rex(5), Tom(8)]", shelter.youngestFirst().toString());
        assertTrue(rex.compareTo(tom) < 0);
    }

    @Test
    void filtersByClass() {
        List<Dog> dogs = shelter.all(Dog.class);
        assertEquals(2, dogs.size());
        assertSame(rex, dogs.get(0));
        assertSame(bit, dogs.get(1));
        assertEquals(List.of(tom), shelter.all(Cat.class));
    }

    @Test
    void tricksThroughTheInterface() {
        rex.teach("sit");
        rex.teach("roll");
        Trainable t = bit;
        t.teach("sit");
        assertTrue(rex.knows("roll"));
        assertFalse(bit.knows("roll"));
        assertEquals(3, Trainable.totalTricks(shelter.trainable()));
        assertEquals(List.of("sit", "roll"), rex.tricks());
    }

    @Test
    void rejectsNegativeAge() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Cat("X", -1, false));
        assertEquals("age -1", e.getMessage());
    }
}
