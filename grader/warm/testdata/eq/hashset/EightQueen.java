import java.util.HashSet;
import java.util.Set;

// Iterates a HashSet of arrays, whose order follows identity hash codes.
public class EightQueen {
    public static void main(String[] args) {
        Set<int[]> boards = new HashSet<>();
        for (int i = 0; i < 6; i++) {
            boards.add(new int[] {i, i * 2});
        }
        StringBuilder sb = new StringBuilder();
        for (int[] b : boards) {
            sb.append(b[0]);
        }
        System.out.println("case " + args[0] + " order " + sb);
    }
}
