public class Square implements Shape {
    private final double side;

    public Square(double side) {
        this.side = side;
    }

    @Override
    public double area() {
        return side * side;
    }

    public static double total(Shape... shapes) {
        double t = 0;
        for (Shape s : shapes) {
            t += s.area();
        }
        return t;
    }
}
