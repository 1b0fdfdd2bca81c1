import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DeckTest {
    @Test
    void fullDeck() {
        Deck d = new Deck();
        assertEquals(52, d.size());
        Set<Card> seen = new HashSet<>();
        while (d.size() > 0) {
            assertTrue(seen.add(d.deal()));
        }
        assertEquals(52, seen.size());
        assertThrows(IllegalStateException.class, d::deal);
    }

    @Test
    void cardsAreValues() {
        assertEquals(new Card(12, Suit.HEARTS), new Card(12, Suit.HEARTS));
        assertEquals("12H", new Card(12, Suit.HEARTS).toString());
        assertEquals(Suit.HEARTS, new Card(12, Suit.HEARTS).suit());
        assertTrue(new Card(2, Suit.SPADES).compareTo(new Card(3, Suit.CLUBS)) < 0);
    }

    @Test
    void suits() {
        assertTrue(Suit.HEARTS.red());
        assertFalse(Suit.SPADES.red());
        assertEquals('D', Suit.DIAMONDS.symbol());
    }

    @Test
    void handIsSorted() {
        List<Card> hand = new Deck().hand(5);
        List<Card> sorted = new ArrayList<>(hand);
        Collections.sort(sorted);
        assertEquals(sorted, hand);
        assertEquals(9, hand.get(0).rank());
        assertEquals(Suit.SPADES, hand.get(0).suit());
    }

    @Test
    void shuffleUsesTheRandom() {
        Deck a = new Deck(), b = new Deck();
        a.shuffle(new Random(42));
        b.shuffle(new Random(42));
        for (int i = 0; i < 52; i++) {
            assertEquals(a.deal(), b.deal());
        }
    }

    @Test
    void badRank() {
        assertThrows(IllegalArgumentException.class, () -> new Card(14, Suit.CLUBS));
    }
}
