import java.util.Iterator;

public class LinkedStack<T> implements Iterable<T> {
    public static class Node<T> {
        private final T value;
        private final Node<T> next;

        public Node(T value, Node<T> next) {
            this.value = value;
            this.next = next;
        }

        public T value() {
            return value;
        }

        public Node<T> next() {
            return next;
        }
    }

    public static class Empty extends RuntimeException {
        public Empty() {
            super("the stack is empty");
        }
    }

    public enum Order { LIFO, FIFO }

    // Not static, and generic: the tests cannot use it (an inner class
    // without type parameters of its own they can).
    public class Cursor<U> {
    }

    private Node<T> top;

    public void push(T v) {
        top = new Node<>(v, top);
    }

    public T pop() {
        if (top == null) {
            throw new Empty();
        }
        T v = top.value;
        top = top.next;
        return v;
    }

    public Node<T> top() {
        return top;
    }

    public Order order() {
        return Order.LIFO;
    }

    @Override
    public Iterator<T> iterator() {
        return new Iterator<T>() {
            private Node<T> at = top;

            public boolean hasNext() {
                return at != null;
            }

            public T next() {
                T v = at.value;
                at = at.next;
                return v;
            }
        };
    }
}
