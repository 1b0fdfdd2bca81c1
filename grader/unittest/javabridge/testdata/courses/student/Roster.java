import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/** The students of a course. */
public class Roster {
    private final Map<String, Student> students = new LinkedHashMap<>();

    public boolean enroll(Student s) {
        return students.putIfAbsent(s.id(), s) == null;
    }

    public Optional<Student> find(String id) {
        return Optional.ofNullable(students.get(id));
    }

    public List<Student> sorted(Comparator<? super Student> order) {
        List<Student> out = new ArrayList<>(students.values());
        out.sort(order);
        return out;
    }

    public List<Student> where(Predicate<Student> p) {
        List<Student> out = new ArrayList<>();
        for (Student s : students.values()) {
            if (p.test(s)) {
                out.add(s);
            }
        }
        return out;
    }

    public Map<String, Double> gpaByName() {
        Map<String, Double> m = new LinkedHashMap<>();
        for (Student s : students.values()) {
            m.put(s.name(), s.gpa());
        }
        return m;
    }

    public double average() {
        return students.values().stream().mapToDouble(Student::gpa).average().orElse(Double.NaN);
    }
}
