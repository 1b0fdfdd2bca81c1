/** A set over the student's own hash table. */
public class MyHashSet<T> {
    private final MyHashMap<T, Boolean> map = new MyHashMap<>();

    public boolean add(T x) {
        return map.put(x, Boolean.TRUE) == null;
    }

    public boolean contains(Object x) {
        return map.containsKey(x);
    }

    public boolean remove(Object x) {
        return map.remove(x) != null;
    }

    public int size() {
        return map.size();
    }
}
