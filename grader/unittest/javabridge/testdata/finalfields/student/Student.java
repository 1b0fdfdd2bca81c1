import java.util.List;

/** A student: a person with an id, marks, tags and maybe an advisor. */
public class Student extends Person {
    public final String id;
    public final Person advisor;
    private final int[] marks;
    private final List<String> tags;

    public Student(String name, int born, String id, Person advisor, int[] marks, List<String> tags) {
        super(name, born);
        this.id = id;
        this.advisor = advisor;
        this.marks = marks.clone();
        this.tags = List.copyOf(tags);
    }

    public int[] marks() {
        return marks.clone();
    }

    public List<String> tags() {
        return tags;
    }

    public double average() {
        int sum = 0;
        for (int m : marks) {
            sum += m;
        }
        return marks.length == 0 ? 0 : (double) sum / marks.length;
    }

    @Override
    public String greeting() {
        return "Hi, " + name + " (" + id + ")";
    }
}
