import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;

class StudentTest {
    @Test
    void personFields() {
        Person p = new Person("Ada", 1815);
        assertEquals("Ada", p.name);
        assertTrue(p.name.equals("Ada"));
        assertEquals(1815, p.born);
        assertEquals(37, p.ageIn(1852));
    }

    @Test
    void studentHasThePersonsFieldsToo() {
        Person adv = new Person("Grace", 1906);
        Student s = new Student("Alan", 1912, "s42", adv, new int[] {70, 80, 90}, List.of("cs", "math"));
        assertEquals("Alan", s.name);
        assertEquals(1912, s.born);
        assertEquals("s42", s.id);
        assertSame(adv, s.advisor);
        assertEquals("Grace", s.advisor.name);
        assertArrayEquals(new int[] {70, 80, 90}, s.marks());
        assertEquals(List.of("cs", "math"), s.tags());
        assertEquals(80.0, s.average(), 1e-9);
        assertEquals("Hi, Alan (s42)", s.greeting());
    }

    @Test
    void noAdvisorIsNull() {
        Student s = new Student("Kurt", 1906, "s7", null, new int[0], List.of());
        assertNull(s.advisor);
        assertEquals(0, s.marks().length);
        assertTrue(s.tags().isEmpty());
    }

    @Test
    void studentAsAPerson() {
        Person p = new Student("Alan", 1912, "s42", null, new int[] {1}, List.of());
        assertEquals("Alan", p.name);
        assertInstanceOf(Student.class, p);
        assertEquals("s42", ((Student) p).id);
    }
}
