public final class Card implements Comparable<Card> {
    private final int rank;
    private final Suit suit;

    public Card(int rank, Suit suit) {
        if (rank < 1 || rank > 13) {
            throw new IllegalArgumentException("rank " + rank);
        }
        this.rank = rank;
        this.suit = suit;
    }

    public int rank() {
        return rank;
    }

    public Suit suit() {
        return suit;
    }

    @Override
    public int compareTo(Card o) {
        return rank != o.rank ? Integer.compare(rank, o.rank) : suit.compareTo(o.suit);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Card && ((Card) o).rank == rank && ((Card) o).suit == suit;
    }

    @Override
    public int hashCode() {
        return rank * 31 + suit.hashCode() % 7;
    }

    @Override
    public String toString() {
        return rank + "" + suit.symbol();
    }
}
