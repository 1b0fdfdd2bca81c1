public abstract class Animal {
    public abstract String sound();

    public String describe() {
        return getClass().getName() + " says " + sound();
    }

    public static Animal of(String kind) {
        return kind.equals("dog") ? new Dog() : null;
    }
}
