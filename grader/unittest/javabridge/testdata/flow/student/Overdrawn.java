public class Overdrawn extends BankError {
    public final int by;

    public Overdrawn(int by) {
        super("overdrawn by " + by, 7);
        this.by = by;
    }

    public static void withdraw(int balance, int amount) throws BankError {
        if (amount > balance) {
            throw new Overdrawn(amount - balance);
        }
    }
}
