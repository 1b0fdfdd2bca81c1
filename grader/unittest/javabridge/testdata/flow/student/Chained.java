import java.util.ArrayList;
import java.util.List;

/** An exception that holds itself and others: a ring, a shared one, a long chain. */
public class Chained extends RuntimeException {
    public final Chained self = this;
    public Chained next;

    public Chained(String message, Chained next) {
        super(message);
        this.next = next;
    }

    public static void ring() {
        Chained a = new Chained("a", null);
        a.next = new Chained("b", a);
        throw a;
    }

    public static List<Chained> shared() {
        Chained a = new Chained("a", null);
        List<Chained> xs = new ArrayList<>();
        xs.add(a);
        xs.add(new Chained("b", a));
        xs.add(a);
        return xs;
    }

    public static void chain(int n) {
        Chained c = null;
        for (int i = 0; i < n; i++) {
            c = new Chained("c" + i, c);
        }
        throw c;
    }

    public static Object nested(int n) {
        List<Object> xs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Object> ys = new ArrayList<>();
            ys.add(xs);
            xs = ys;
        }
        return xs;
    }
}
