// Prints identity hash codes, which differ between a fresh JVM's main
// thread and a harness's case thread: those cases rerun cold.
public class EightQueen {
    public static void main(String[] args) {
        System.out.println("case " + args[0]);
        if (args[0].equals("array")) {
            System.out.println(new int[8]);
        } else if (args[0].equals("object")) {
            System.err.println("debug: " + new EightQueen());
        }
    }
}
