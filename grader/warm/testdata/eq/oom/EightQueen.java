import java.util.ArrayList;
import java.util.List;

// Runs out of heap on one case.
public class EightQueen {
    public static void main(String[] args) {
        System.out.println("case " + args[0]);
        if (args[0].equals("oom")) {
            List<long[]> hog = new ArrayList<>();
            while (true) {
                hog.add(new long[1 << 20]);
            }
        }
    }
}
