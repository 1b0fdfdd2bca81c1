public class Exiter {
    private static int calls;

    public static int ok() {
        System.out.println("debug: ok called");
        return ++calls;
    }

    public static int boom() {
        System.exit(1);
        return 0;
    }
}
