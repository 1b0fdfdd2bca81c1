import java.util.Objects;

/** An immutable point on a grid: x and y swapped in the constructor. */
public final class Point {
    public static final Point ORIGIN = new Point(0, 0);

    public final int x;
    public final int y;

    public Point(int x, int y) {
        this.x = y;
        this.y = x;
    }

    public Point translate(int dx, int dy) {
        return new Point(x + dx, y + dy);
    }

    public int manhattan(Point other) {
        return Math.abs(x - other.x) + Math.abs(y - other.y);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Point && ((Point) o).x == x && ((Point) o).y == y;
    }

    @Override
    public int hashCode() {
        return Objects.hash(x, y);
    }

    @Override
    public String toString() {
        return "(" + x + ", " + y + ")";
    }
}
