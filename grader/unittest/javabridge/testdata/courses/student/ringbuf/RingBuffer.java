package ringbuf;

import java.util.Iterator;
import java.util.NoSuchElementException;

/** A bounded first-in first-out buffer. */
public class RingBuffer<T> implements Iterable<T> {
    private final Object[] items;
    private int head, size;

    public RingBuffer(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive");
        }
        items = new Object[capacity];
    }

    public void offer(T item) {
        if (size == items.length) {
            throw new BufferFullException(items.length);
        }
        items[(head + size) % items.length] = item;
        size++;
    }

    @SuppressWarnings("unchecked")
    public T poll() {
        if (size == 0) {
            throw new NoSuchElementException("empty buffer");
        }
        T item = (T) items[head];
        items[head] = null;
        head = (head + 1) % items.length;
        size--;
        return item;
    }

    @SuppressWarnings("unchecked")
    public T peek() {
        return size == 0 ? null : (T) items[head];
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
            private int i;

            @Override
            public boolean hasNext() {
                return i < size;
            }

            @Override
            @SuppressWarnings("unchecked")
            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return (T) items[(head + i++) % items.length];
            }
        };
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("[");
        for (T t : this) {
            if (b.length() > 1) {
                b.append(", ");
            }
            b.append(t);
        }
        return b.append("]").toString();
    }
}
