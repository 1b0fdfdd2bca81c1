public class Broken {
    static {
        if (Boolean.parseBoolean("true")) {
            throw new IllegalStateException("no configuration");
        }
    }

    public static int f() {
        return 1;
    }
}
