/** An animal of the shelter. */
public abstract class Animal implements Comparable<Animal> {
    private final String name;
    protected int age;

    protected Animal(String name, int age) {
        if (age < 0) {
            throw new IllegalArgumentException("age " + age);
        }
        this.name = name;
        this.age = age;
    }

    public String getName() {
        return name;
    }

    public int getAge() {
        return age;
    }

    public abstract String sound();

    public String describe() {
        return getName() + " the " + getClass().getSimpleName().toLowerCase() + " says " + sound();
    }

    public void birthday() {
        age++;
    }

    @Override
    public int compareTo(Animal o) {
        return age != o.age ? Integer.compare(age, o.age) : name.compareTo(o.name);
    }

    @Override
    public String toString() {
        return getName() + "(" + age + ")";
    }
}
