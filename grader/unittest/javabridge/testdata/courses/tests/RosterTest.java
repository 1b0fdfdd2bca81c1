import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RosterTest {
    private Roster roster;
    private Student ada, bob, cy;

    @BeforeEach
    void setUp() {
        roster = new Roster();
        ada = new Student("s3", "Ada", 3.9);
        bob = new Student("s1", "Bob", 3.1);
        cy = new Student("s2", "Cy", 3.9);
        assertTrue(roster.enroll(ada));
        assertTrue(roster.enroll(bob));
        assertTrue(roster.enroll(cy));
    }

    @Test
    void sameIdIsTheSameStudent() {
        assertFalse(roster.enroll(new Student("s1", "Robert", 2.0)));
        assertEquals(new Student("s1", "someone", 0), bob);
        assertEquals(new Student("s1", "someone", 0).hashCode(), bob.hashCode());
        Set<Student> set = new HashSet<>(List.of(ada, bob, cy, new Student("s3", "Ada again", 1)));
        assertEquals(3, set.size());
        Map<Student, Integer> credits = new HashMap<>();
        credits.put(ada, 12);
        credits.merge(new Student("s3", "?", 0), 3, Integer::sum);
        assertEquals(15, credits.get(ada));
    }

    @Test
    void findGivesTheEnrolledObject() {
        Optional<Student> s = roster.find("s2");
        assertTrue(s.isPresent());
        assertSame(cy, s.get());
        assertEquals(Optional.empty(), roster.find("nobody"));
    }

    @Test
    void sortedByTheTestsComparator() {
        List<Student> byName = roster.sorted(Comparator.comparing(Student::name));
        assertEquals(List.of(ada, bob, cy), byName);
        assertEquals("[Ada (s3), Bob (s1), Cy (s2)]", byName.toString());
        List<Student> natural = roster.sorted(Comparator.naturalOrder());
        assertEquals("[Bob (s1), Cy (s2), Ada (s3)]", natural.toString());
    }

    @Test
    void sortedByTheStudentsComparator() {
        List<Student> mine = new ArrayList<>(List.of(bob, ada, cy));
        mine.sort(Student.byGpaDescending());
        assertEquals(List.of(cy, ada, bob), mine);
        assertEquals(mine, roster.sorted(Student.byGpaDescending()));
        TreeSet<Student> tree = new TreeSet<>(List.of(ada, bob, cy));
        assertSame(bob, tree.first());
    }

    @Test
    void predicateFromTheTest() {
        List<Student> honours = roster.where(s -> s.gpa() >= 3.5);
        assertEquals(2, honours.size());
        assertTrue(honours.contains(ada) && honours.contains(cy), "honours: " + honours);
    }

    @Test
    void averagesAndMaps() {
        assertEquals((3.9 + 3.1 + 3.9) / 3, roster.average(), 1e-9);
        bob.setGpa(4.0);
        assertEquals(4.0, roster.gpaByName().get("Bob"), 0.0);
        assertEquals(List.of("Ada", "Bob", "Cy"), new ArrayList<>(roster.gpaByName().keySet()));
        assertTrue(Double.isNaN(new Roster().average()));
    }
}
