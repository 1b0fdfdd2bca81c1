import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigTest {
    @Test
    void parsesAndReads() throws ConfigException {
        Config c = Config.parse("# settings\nport = 8080\nhost=example.org\n\n");
        assertEquals(8080, c.getInt("port"));
        assertEquals("example.org", c.get("host", "?"));
        assertEquals("?", c.get("user", "?"));
        assertEquals(Map.of("port", "8080", "host", "example.org"), c.asMap());
    }

    @Test
    void lineOfTheMistake() {
        ConfigException e = assertThrows(ConfigException.class, () -> Config.parse("a = 1\nb 2\n"));
        assertEquals(2, e.line);
        assertNull(e.key());
        assertEquals("line 2: no '='", e.getMessage());
        assertNull(e.getCause());
    }

    @Test
    void duplicateKey() {
        try {
            Config.parse("a=1\na=2");
            fail("parsed a duplicate");
        } catch (ConfigException e) {
            assertEquals("a", e.key());
            assertEquals(2, e.line);
        }
    }

    @Test
    void numberFormatIsTheCause() throws ConfigException {
        Config c = Config.parse("n = lots");
        ConfigException e = assertThrows(ConfigException.class, () -> c.getInt("n"));
        assertInstanceOf(NumberFormatException.class, e.getCause());
        assertEquals("n", e.key());
        Exception asException = e;
        assertTrue(asException.getMessage().contains("not a number: lots"));
    }

    @Test
    void tryWithResources() throws ConfigException {
        Config kept;
        try (Config c = Config.parse("x=1")) {
            kept = c;
            assertFalse(c.isClosed());
        }
        assertTrue(kept.isClosed());
        assertThrows(IllegalStateException.class, () -> kept.get("x", ""));
    }
}
