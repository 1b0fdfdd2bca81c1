public class Circle implements Shape {
    private final double r;

    public Circle(double r) {
        if (r <= 0) {
            throw new IllegalArgumentException("radius must be positive");
        }
        this.r = r;
    }

    public double area() {
        return Math.PI * r * r;
    }

    public double perimeter() {
        return 2 * Math.PI * r;
    }

    @Override
    public String toString() {
        return "Circle(r=" + r + ")";
    }
}
