import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A shop's stock: how many of each item it holds. */
public class Inventory {
    private final Map<String, Integer> counts = new TreeMap<>();

    /** Adds count of item; a count below 1 is an IllegalArgumentException. */
    public void add(String item, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, got " + count);
        }
        counts.merge(item, count, Integer::sum);
    }

    /**
     * Removes count of item and returns true; returns false, and changes
     * nothing, when there are fewer. An item none is left of is gone.
     */
    public boolean remove(String item, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, got " + count);
        }
        int have = count(item);
        if (have < count) {
            return false;
        }
        if (have == count) {
            counts.remove(item);
        } else {
            counts.put(item, have - count);
        }
        return true;
    }

    /** How many of item there are: 0 for an item never added. */
    public int count(String item) {
        return counts.getOrDefault(item, 0);
    }

    /** How many items there are, counts added up. */
    public int total() {
        int sum = 0;
        for (int n : counts.values()) {
            sum += n;
        }
        return sum;
    }

    /** The items held, sorted. */
    public List<String> items() {
        return new ArrayList<>(counts.keySet());
    }
}
