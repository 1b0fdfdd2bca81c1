// Recurses without end on one case: a StackOverflowError.
public class EightQueen {
    public static void main(String[] args) {
        System.out.println("case " + args[0]);
        if (args[0].equals("deep")) {
            System.out.println(down(1));
        }
    }

    static int down(int n) {
        return down(n + 1) + 1;
    }
}
