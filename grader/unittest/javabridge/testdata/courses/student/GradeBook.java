import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

public class GradeBook {
    private final Map<String, List<Integer>> scores = new TreeMap<>();

    public void record(String student, int score) {
        if (score < 0 || score > 100) {
            throw new IllegalArgumentException("score out of range: " + score);
        }
        scores.computeIfAbsent(student, k -> new ArrayList<>()).add(score);
    }

    public double average(String student) {
        List<Integer> s = scores.get(student);
        if (s == null) {
            throw new IllegalArgumentException("unknown student " + student);
        }
        return s.stream().mapToInt(Integer::intValue).average().orElse(0);
    }

    public Map<String, Double> averages() {
        Map<String, Double> out = new TreeMap<>();
        for (String k : scores.keySet()) {
            out.put(k, average(k));
        }
        return out;
    }

    public char letter(String student) {
        double a = average(student);
        return a >= 90 ? 'A' : a >= 80 ? 'B' : a >= 70 ? 'C' : a >= 60 ? 'D' : 'F';
    }

    public String report() {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Double> e : averages().entrySet()) {
            b.append(String.format("%-6s %6.2f%n", e.getKey(), e.getValue()));
        }
        return b.toString();
    }
}
