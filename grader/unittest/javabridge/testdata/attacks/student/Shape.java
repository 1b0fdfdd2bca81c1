public interface Shape {
    double area();

    default String describe() {
        return "area " + area();
    }

    static Shape unit() {
        return new Square(1);
    }
}
