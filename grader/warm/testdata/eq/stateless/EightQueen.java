import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

// No static state: the warm harness keeps its classes from case to case.
// Whatever a case leaves behind must not show in the next.
public class EightQueen {
    static final int N = 8;
    static final String NAME = "stateless";

    public static void main(String[] args) {
        List<Board> boards = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            boards.add(new Board(i));
        }
        IntUnaryOperator sq = x -> x * x;
        int sum = 0;
        for (Board b : boards) {
            sum += sq.applyAsInt(b.v);
        }
        System.out.println(NAME + " case " + args[0] + " sum " + sum);
        switch (args[0]) {
            case "exitcatch":
                try {
                    System.exit(5);
                } catch (Throwable t) {
                    System.out.println("caught");
                }
                break;
            case "throw":
                throw new UnsupportedOperationException("case " + args[0]);
            case "exit":
                System.exit(9);
                break;
            default:
                break;
        }
    }

    static final class Board {
        final int v;

        Board(int v) {
            this.v = v;
        }
    }
}
