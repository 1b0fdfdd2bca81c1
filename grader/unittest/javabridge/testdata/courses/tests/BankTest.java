import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BankTest {
    private Bank bank;

    @BeforeEach
    void setUp() {
        bank = new Bank();
        bank.open("x", 10);
        bank.open("y", 20);
        bank.open("z", 30);
    }

    @Test
    void withdrawReportsShortfall() {
        Account acct = new Account("a", 300);
        var e = assertThrows(InsufficientFundsException.class, () -> acct.withdraw(500));
        assertEquals(200, e.shortfall());
        assertEquals("insufficient funds in a", e.getMessage());
        assertEquals(300, acct.balance());
    }

    @Test
    void caughtAsException() {
        Account acct = new Account("a", 1);
        try {
            acct.withdraw(2);
            fail("no exception");
        } catch (Exception e) {
            assertTrue(e instanceof InsufficientFundsException);
            assertEquals(1, ((InsufficientFundsException) e).shortfall());
        }
    }

    @Test
    void depositRejectsNonPositive() {
        Account acct = new Account("a", 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> acct.deposit(0));
        assertEquals("a deposit must be positive", e.getMessage());
    }

    @Test
    void findGivesTheSameAccount() {
        Account a = bank.open("w", 5);
        assertSame(a, bank.find("w"));
        assertSame(bank.find("x"), bank.find("x"));
        assertNull(bank.find("nobody"));
    }

    @Test
    void lookupIsOptional() {
        assertEquals(Optional.empty(), bank.lookup("nobody"));
        assertSame(bank.find("y"), bank.lookup("y").get());
    }

    @Test
    void streamsOverTheBank() {
        int total = StreamSupport.stream(bank.spliterator(), false).mapToInt(Account::balance).sum();
        assertEquals(60, total);
    }

    @Test
    void forEachVisitsEveryAccount() {
        List<String> ids = new ArrayList<>();
        bank.forEach(a -> ids.add(a.id()));
        assertEquals(List.of("x", "y", "z"), ids);
    }

    @Test
    void forLoop() {
        int n = 0;
        for (Account a : bank) {
            n += a.balance();
        }
        assertEquals(60, n);
    }

    @Test
    void transferFailsWithoutChange() {
        var e = assertThrows(InsufficientFundsException.class, () -> bank.transfer("x", "y", 100));
        assertEquals(90, e.shortfall());
        assertEquals(10, bank.find("x").balance());
        assertEquals(20, bank.find("y").balance());
    }

    @Test
    void exceptionMadeByTheTest() {
        InsufficientFundsException e = new InsufficientFundsException("short", 5);
        assertEquals(5, e.shortfall());
        assertEquals("short", e.getMessage());
    }

    @Test
    void accountsAsMapKeys() {
        Map<Account, Integer> m = new HashMap<>();
        m.put(bank.find("x"), 1);
        assertEquals(1, m.get(bank.find("x")));
    }

    @Test
    void richerThan() throws InsufficientFundsException {
        assertEquals(List.of(bank.find("y"), bank.find("z")), bank.richerThan(15));
    }

    @Test
    void duplicateRejected() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> bank.open("x", 1));
        assertTrue(e.getMessage().contains("exists"));
    }
}
