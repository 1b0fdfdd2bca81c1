import org.junit.jupiter.api.*;

class ShadowTest {
    @Test
    void usesJUnitsAssertions() {
        Assertions.assertEquals(1, 2);
    }
}
