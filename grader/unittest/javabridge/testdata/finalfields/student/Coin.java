import java.math.BigDecimal;
import java.util.Optional;

/** The coins, each with its value in cents and its name. */
public enum Coin {
    PENNY(1, "penny"), NICKEL(5, "nickel"), DIME(10, "dime"), QUARTER(25, "quarter");

    public final int cents;
    public final String label;
    public final BigDecimal dollars;
    public final Optional<String> nickname;

    Coin(int cents, String label) {
        this.cents = cents;
        this.label = label;
        this.dollars = BigDecimal.valueOf(cents, 2);
        this.nickname = cents == 25 ? Optional.of("two bits") : Optional.empty();
    }

    public static int total(Coin... coins) {
        int sum = 0;
        for (Coin c : coins) {
            sum += c.cents;
        }
        return sum;
    }
}
