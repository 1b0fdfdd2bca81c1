import java.util.List;

/** Something that learns tricks. */
public interface Trainable {
    void teach(String trick);

    List<String> tricks();

    default boolean knows(String trick) {
        return tricks().contains(trick);
    }

    static int totalTricks(List<? extends Trainable> all) {
        int n = 0;
        for (Trainable t : all) {
            n += t.tricks().size();
        }
        return n;
    }
}
