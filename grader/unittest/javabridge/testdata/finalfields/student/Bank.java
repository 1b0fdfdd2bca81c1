/** A bank whose quit() ends the process, as a student's stray System.exit does. */
public final class Bank {
    private Bank() {
    }

    public static int quit() {
        System.exit(1);
        return 0;
    }
}
