import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** A shop's receipt, written into the caller's builders. */
public class Receipt {
    private final String shop;
    private final List<String> lines = new ArrayList<>();

    public Receipt(String shop) {
        this.shop = shop;
    }

    public void add(String item, int cents) {
        lines.add(item + " " + cents);
    }

    /** Appends the receipt to sb, a line each. */
    public void appendTo(StringBuilder sb) {
        sb.append(shop).append('\n');
        for (String l : lines) {
            sb.append(l).append('\n');
        }
    }

    public StringBuilder render() {
        StringBuilder sb = new StringBuilder();
        appendTo(sb);
        return sb;
    }

    /** Logs the shop's name to a shared, synchronized buffer. */
    public void log(StringBuffer out) {
        out.append("[").append(shop).append("]");
    }

    /** Underlines each row in place. */
    public static void underline(List<StringBuilder> rows) {
        for (StringBuilder r : rows) {
            int n = r.length();
            r.append('\n').append("-".repeat(n));
        }
    }

    /** Upper-cases each row in place. */
    public static void shout(StringBuilder[] rows) {
        for (StringBuilder r : rows) {
            r.replace(0, r.length(), r.toString().toUpperCase());
        }
    }

    /** The shop's name framed, with what decorate adds inside the frame. */
    public String framed(Consumer<StringBuilder> decorate) {
        StringBuilder sb = new StringBuilder("[").append(shop);
        decorate.accept(sb);
        return sb.append("]").toString();
    }

    private final List<Object> notes = new ArrayList<>();

    /** Keeps a note of any kind, the caller's own object. */
    public void note(Object o) {
        notes.add(o);
    }

    public Object firstNote() {
        return notes.get(0);
    }

    public int distinctNotes() {
        return new java.util.HashSet<>(notes).size();
    }

    public static BigInteger factorial(int n) {
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= n; i++) {
            f = f.multiply(BigInteger.valueOf(i));
        }
        return f;
    }

    public static LocalDate due(LocalDate bought, int days) {
        return bought.plusDays(days);
    }

    public static Integer[] boxed(int[] xs) {
        Integer[] out = new Integer[xs.length];
        for (int i = 0; i < xs.length; i++) {
            out[i] = xs[i];
        }
        return out;
    }
}
