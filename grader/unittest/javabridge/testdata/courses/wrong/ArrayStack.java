import java.util.EmptyStackException;
import java.util.Iterator;
import java.util.NoSuchElementException;

/** A stack on an array that grows; iterates from the top. */
public class ArrayStack<T> implements Iterable<T> {
    private Object[] items = new Object[2];
    private int size;

    public void push(T x) {
        if (size == items.length) {
            Object[] bigger = new Object[size * 2];
            System.arraycopy(items, 0, bigger, 0, size);
            items = bigger;
        }
        items[size++] = x;
    }

    @SuppressWarnings("unchecked")
    public T pop() {
        if (size == 0) {
            throw new EmptyStackException();
        }
        T x = (T) items[--size];
        items[size] = null;
        return x;
    }

    @SuppressWarnings("unchecked")
    public T peek() {
        if (size == 0) {
            throw new EmptyStackException();
        }
        return (T) items[size - 1];
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public Iterator<T> iterator() {
        return new Iterator<T>() {
            private int i = size - 1;

            @Override
            public boolean hasNext() {
                return i >= 0;
            }

            @Override
            @SuppressWarnings("unchecked")
            public T next() {
                if (i < 0) {
                    return null;
                }
                return (T) items[i--];
            }
        };
    }
}
