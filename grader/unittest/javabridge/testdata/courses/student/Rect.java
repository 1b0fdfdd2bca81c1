import java.util.Objects;

public class Rect implements Shape {
    private final double w, h;

    public Rect(double w, double h) {
        this.w = w;
        this.h = h;
    }

    public double area() {
        return w * h;
    }

    public double perimeter() {
        return 2 * (w + h);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Rect && ((Rect) o).w == w && ((Rect) o).h == h;
    }

    @Override
    public int hashCode() {
        return Objects.hash(w, h);
    }
}
