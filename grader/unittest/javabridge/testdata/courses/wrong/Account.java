public class Account {
    private final String id;
    private int balance;

    public Account(String id, int balance) {
        if (balance < 0) {
            throw new IllegalArgumentException("negative opening balance");
        }
        this.id = id;
        this.balance = balance;
    }

    public String id() {
        return id;
    }

    public int balance() {
        return balance;
    }

    public void deposit(int amount) {
        if (amount <= 0) {
            throw new IllegalArgumentException("a deposit must be positive");
        }
        balance += amount;
    }

    public void withdraw(int amount) throws InsufficientFundsException {
        if (amount > balance) {
            throw new InsufficientFundsException("insufficient funds in " + id, amount);
        }
        balance -= amount;
    }

    @Override
    public String toString() {
        return id + ": " + balance;
    }
}
