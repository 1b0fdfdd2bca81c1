import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

public class Deck {
    private final List<Card> cards = new ArrayList<>();

    public Deck() {
        for (Suit s : Suit.values()) {
            for (int r = 1; r <= 13; r++) {
                cards.add(new Card(r, s));
            }
        }
    }

    public int size() {
        return cards.size();
    }

    public Card deal() {
        if (cards.isEmpty()) {
            throw new IllegalStateException("the deck is empty");
        }
        return cards.remove(cards.size() - 1);
    }

    public void shuffle(Random rnd) {
        Collections.shuffle(cards, rnd);
    }

    public List<Card> hand(int n) {
        List<Card> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(deal());
        }
        Collections.sort(out);
        return out;
    }
}
