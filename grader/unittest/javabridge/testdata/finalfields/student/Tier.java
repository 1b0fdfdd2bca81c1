/** Tiers of a bank's accounts, each with its rank. */
public enum Tier {
    GOLD(3), SILVER(2), BRONZE(1);

    public final int rank;

    Tier(int rank) {
        this.rank = rank;
    }
}
