public class Puppy extends Dog {
    public Puppy(String name) {
        super(name, 0);
    }

    @Override
    public String sound() {
        return "yip";
    }

    @Override
    public String describe() {
        return super.describe() + " (a puppy)";
    }
}
