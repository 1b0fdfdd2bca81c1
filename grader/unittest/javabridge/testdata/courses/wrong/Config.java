import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** key = value lines; # starts a comment. */
public class Config implements AutoCloseable {
    private final Map<String, String> values = new LinkedHashMap<>();
    private boolean closed;

    public static Config parse(String text) throws ConfigException {
        Config c = new Config();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            int eq = l.indexOf('=');
            if (eq < 0) {
                throw new ConfigException("no '='", i, null, null); // counted from 0
            }
            String k = l.substring(0, eq).strip();
            if (c.values.containsKey(k)) {
                throw new ConfigException("duplicate key " + k, i, k, null);
            }
            c.values.put(k, l.substring(eq + 1).strip());
        }
        return c;
    }

    public int getInt(String key) throws ConfigException {
        check();
        try {
            return Integer.parseInt(values.get(key));
        } catch (NumberFormatException e) {
            throw new ConfigException("not a number: " + values.get(key), 0, key, e);
        }
    }

    public String get(String key, String fallback) {
        check();
        return values.getOrDefault(key, fallback);
    }

    public Map<String, String> asMap() {
        check();
        return Collections.unmodifiableMap(values);
    }

    private void check() {
        if (closed) {
            throw new IllegalStateException("closed");
        }
    }

    public boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
    }
}
