public interface Shape extends Comparable<Shape> {
    double area();

    double perimeter();

    default String describe() {
        return String.format("%s with area %.2f", getClass().getSimpleName(), area());
    }

    @Override
    default int compareTo(Shape other) {
        return Double.compare(area(), other.area());
    }
}
