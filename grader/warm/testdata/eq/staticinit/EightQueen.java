// Its static initializer throws on one case: ExceptionInInitializerError.
public class EightQueen {
    static String mode = String.valueOf(new StringBuilder("x"));
    static int[] table = build();

    static int[] build() {
        return new int[] {1, 2, 3};
    }

    public static void main(String[] args) {
        System.out.println("case " + args[0] + " " + table.length);
        if (args[0].equals("init")) {
            System.out.println(Later.VALUE);
        }
    }

    static class Later {
        static final int VALUE = Integer.parseInt("not a number");
    }
}
