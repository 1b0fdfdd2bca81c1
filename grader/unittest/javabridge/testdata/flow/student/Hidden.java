/** Exceptions of classes the tests cannot name: a private nested one, anonymous ones. */
public class Hidden {
    private static class Bad extends NumberFormatException {
        Bad(String m) {
            super(m);
        }
    }

    private static class Worse extends BankError {
        Worse() {
            super("worse", 7);
        }
    }

    public static int parse(String s) {
        throw new Bad("bad " + s);
    }

    public static void anonymous() {
        throw new IllegalStateException("anonymous") {
        };
    }

    public static void bank() throws BankError {
        throw new Worse();
    }
}
