import java.util.ArrayList;
import java.util.List;

/** A hash table with separate chaining, as a course's data-structures lab writes it. */
public class MyHashMap<K, V> {
    private static final class Entry<K, V> {
        final K key;
        V value;

        Entry(K key, V value) {
            this.key = key;
            this.value = value;
        }
    }

    private List<List<Entry<K, V>>> buckets = table(8);
    private int size;

    private static <K, V> List<List<Entry<K, V>>> table(int n) {
        List<List<Entry<K, V>>> t = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            t.add(new ArrayList<>());
        }
        return t;
    }

    private int index(Object key, int n) {
        return key == null ? 0 : Math.floorMod(key.hashCode(), n);
    }

    private Entry<K, V> find(Object key) {
        for (Entry<K, V> e : buckets.get(index(key, buckets.size()))) {
            if (key == null ? e.key == null : key.equals(e.key)) {
                return e;
            }
        }
        return null;
    }

    public V put(K key, V value) {
        Entry<K, V> e = find(key);
        if (e != null) {
            V old = e.value;
            e.value = value;
            return old;
        }
        if (size + 1 > buckets.size() * 3 / 4) {
            grow();
        }
        buckets.get(index(key, buckets.size())).add(new Entry<>(key, value));
        size++;
        return null;
    }

    private void grow() {
        List<List<Entry<K, V>>> t = table(buckets.size() * 2);
        for (List<Entry<K, V>> b : buckets) {
            for (Entry<K, V> e : b) {
                t.get(index(e.key, t.size())).add(e);
            }
        }
        buckets = t;
    }

    public V get(Object key) {
        Entry<K, V> e = find(key);
        return e == null ? null : e.value;
    }

    public boolean containsKey(Object key) {
        return find(key) != null;
    }

    public V remove(Object key) {
        List<Entry<K, V>> b = buckets.get(index(key, buckets.size()));
        for (int i = 0; i < b.size(); i++) {
            if (key == null ? b.get(i).key == null : key.equals(b.get(i).key)) {
                size--;
                return b.remove(i).value;
            }
        }
        return null;
    }

    public int size() {
        return size;
    }

    /** The keys, bucket by bucket: "{k=v, ...}" in that order. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("{");
        for (List<Entry<K, V>> b : buckets) {
            for (Entry<K, V> e : b) {
                if (s.length() > 1) {
                    s.append(", ");
                }
                s.append(e.key).append('=').append(e.value);
            }
        }
        return s.append('}').toString();
    }
}
