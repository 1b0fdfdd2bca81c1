public class Counter {
    private int n;

    public int inc() {
        return ++n;
    }
}
