/** The coins, each with its value in cents and its name. */
public enum Coin {
    PENNY(1, "penny"), NICKEL(5, "nickel"), DIME(10, "dime"), QUARTER(25, "quarter");

    public final int cents;
    public final String label;

    Coin(int cents, String label) {
        this.cents = cents;
        this.label = label;
    }

    public static int total(Coin... coins) {
        int sum = 0;
        for (Coin c : coins) {
            sum += c.cents;
        }
        return sum;
    }
}
