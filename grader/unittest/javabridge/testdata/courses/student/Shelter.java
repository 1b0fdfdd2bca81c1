import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

public class Shelter {
    private final List<Animal> animals = new ArrayList<>();

    public void admit(Animal a) {
        animals.add(a);
    }

    public Animal oldest() {
        return animals.isEmpty() ? null : Collections.max(animals);
    }

    public List<Animal> youngestFirst() {
        List<Animal> out = new ArrayList<>(animals);
        Collections.sort(out);
        return out;
    }

    public <T extends Animal> List<T> all(Class<T> kind) {
        List<T> out = new ArrayList<>();
        for (Animal a : animals) {
            if (kind.isInstance(a)) {
                out.add(kind.cast(a));
            }
        }
        return out;
    }

    public List<Trainable> trainable() {
        List<Trainable> out = new ArrayList<>();
        for (Animal a : animals) {
            if (a instanceof Trainable) {
                out.add((Trainable) a);
            }
        }
        return out;
    }
}
