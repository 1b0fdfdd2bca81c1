/** Given with the assignment: the students implement it. */
public interface Container<E> extends Iterable<E> {
    void add(E e);

    int size();

    default boolean isEmpty() {
        return size() == 0;
    }
}
