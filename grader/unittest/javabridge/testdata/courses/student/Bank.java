import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

public class Bank implements Iterable<Account> {
    private final List<Account> accounts = new ArrayList<>();

    public Account open(String id, int balance) {
        if (find(id) != null) {
            throw new IllegalStateException("account " + id + " exists");
        }
        Account a = new Account(id, balance);
        accounts.add(a);
        return a;
    }

    public Account find(String id) {
        for (Account a : accounts) {
            if (a.id().equals(id)) {
                return a;
            }
        }
        return null;
    }

    public Optional<Account> lookup(String id) {
        return Optional.ofNullable(find(id));
    }

    public void transfer(String from, String to, int amount) throws InsufficientFundsException {
        Account a = find(from), b = find(to);
        if (a == null || b == null) {
            throw new IllegalArgumentException("no such account");
        }
        a.withdraw(amount);
        b.deposit(amount);
    }

    public List<Account> richerThan(int amount) {
        List<Account> out = new ArrayList<>();
        for (Account a : accounts) {
            if (a.balance() > amount) {
                out.add(a);
            }
        }
        return out;
    }

    @Override
    public Iterator<Account> iterator() {
        return Collections.unmodifiableList(accounts).iterator();
    }
}
