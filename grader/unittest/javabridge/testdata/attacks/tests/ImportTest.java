import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.*;
import org.junit.jupiter.api.Test;

class ImportTest {
    @Test
    void usesTheJDKsArrays() {
        assertEquals(List.of(1, 2), Arrays.asList(1, 2));
    }
}
