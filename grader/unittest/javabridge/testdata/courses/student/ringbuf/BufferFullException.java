package ringbuf;

/** Offering to a buffer that is full. */
public class BufferFullException extends IllegalStateException {
    private final int capacity;

    public BufferFullException(int capacity) {
        super("buffer full (capacity " + capacity + ")");
        this.capacity = capacity;
    }

    public int capacity() {
        return capacity;
    }
}
