public class Money {
    private final int cents;

    public Money(int cents) {
        if (cents < 0) {
            throw new NegativeMoney("negative: " + cents);
        }
        this.cents = cents;
    }

    // Wrong on purpose: subtracts.
    public Money add(Money o) {
        return new Money(Math.abs(cents - o.cents));
    }

    public static Money parse(String s) throws BadMoney {
        try {
            return new Money(Integer.parseInt(s));
        } catch (NumberFormatException e) {
            throw new BadMoney("not money: " + s);
        }
    }

    @Override
    public String toString() {
        return cents / 100 + "." + String.format("%02d", cents % 100);
    }
}
