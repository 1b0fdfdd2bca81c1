import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

public class Bag<E> implements Container<E> {
    private final List<E> items = new ArrayList<>();

    @Override
    public void add(E e) {
        items.add(e);
    }

    @Override
    public int size() {
        return items.size();
    }

    public int count(E e) {
        int n = 0;
        for (E x : items) {
            if (x.equals(e)) {
                n++;
            }
        }
        return n;
    }

    public Container<E> copy() {
        Bag<E> b = new Bag<>();
        items.forEach(b::add);
        return b;
    }

    @Override
    public Iterator<E> iterator() {
        return items.iterator();
    }
}
