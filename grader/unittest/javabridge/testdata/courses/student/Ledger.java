import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A ledger of money entries, by category. */
public class Ledger implements Iterable<Ledger.Entry> {
    /** One entry. */
    public record Entry(String category, BigDecimal amount, String note) implements Comparable<Entry> {
        public Entry {
            if (amount.signum() == 0) {
                throw new IllegalArgumentException("an entry of nothing");
            }
        }

        public boolean isExpense() {
            return amount.signum() < 0;
        }

        @Override
        public int compareTo(Entry o) {
            return amount.compareTo(o.amount);
        }
    }

    private final List<Entry> entries = new ArrayList<>();

    public Entry record(String category, String amount, String note) {
        Entry e = new Entry(category, new BigDecimal(amount), note);
        entries.add(e);
        return e;
    }

    public BigDecimal balance() {
        BigDecimal b = BigDecimal.ZERO;
        for (Entry e : entries) {
            b = b.add(e.amount());
        }
        return b;
    }

    public Map<String, List<Entry>> byCategory() {
        Map<String, List<Entry>> m = new TreeMap<>();
        for (Entry e : entries) {
            m.computeIfAbsent(e.category(), k -> new ArrayList<>()).add(e);
        }
        return m;
    }

    public Entry[] largestFirst() {
        Entry[] a = entries.toArray(new Entry[0]);
        java.util.Arrays.sort(a, java.util.Comparator.reverseOrder());
        return a;
    }

    @Override
    public Iterator<Entry> iterator() {
        return entries.iterator();
    }
}
