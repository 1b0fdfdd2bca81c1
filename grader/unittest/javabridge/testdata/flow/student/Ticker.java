import java.util.function.Consumer;

public class Ticker {
    private int ticks;

    public static void forever(Runnable r) {
        while (true) {
            r.run();
        }
    }

    /** Calls the test back with itself; a test that calls walk again never ends. */
    public void walk(Consumer<Ticker> visit) {
        ticks++;
        visit.accept(this);
    }

    public int ticks() {
        return ticks;
    }
}
