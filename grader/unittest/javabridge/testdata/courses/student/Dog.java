public class Dog extends Animal implements Trainable {
    private final java.util.List<String> tricks = new java.util.ArrayList<>();

    public Dog(String name, int age) {
        super(name, age);
    }

    @Override
    public String sound() {
        return "woof";
    }

    @Override
    public void teach(String trick) {
        tricks.add(trick);
    }

    @Override
    public java.util.List<String> tricks() {
        return tricks;
    }
}
