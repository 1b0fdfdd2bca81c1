package geo;

public class Point {
    private final int x, y;

    public Point(int x, int y) {
        this.x = x;
        this.y = y;
    }

    public Point plus(Point o) {
        return new Point(x + o.x, y + o.y);
    }

    @Override
    public String toString() {
        return "(" + x + ", " + y + ")";
    }
}
