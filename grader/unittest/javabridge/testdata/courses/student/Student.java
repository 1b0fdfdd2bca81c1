import java.util.Comparator;
import java.util.Objects;

/** A student, known by id: two with the same id are the same student. */
public class Student implements Comparable<Student> {
    private final String id;
    private final String name;
    private double gpa;

    public Student(String id, String name, double gpa) {
        this.id = id;
        this.name = name;
        this.gpa = gpa;
    }

    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    public double gpa() {
        return gpa;
    }

    public void setGpa(double gpa) {
        this.gpa = gpa;
    }

    public static Comparator<Student> byGpaDescending() {
        return Comparator.comparingDouble(Student::gpa).reversed().thenComparing(Student::id);
    }

    @Override
    public int compareTo(Student o) {
        return id.compareTo(o.id);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Student && ((Student) o).id.equals(id);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id);
    }

    @Override
    public String toString() {
        return name + " (" + id + ")";
    }
}
