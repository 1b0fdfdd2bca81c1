/** A line of a configuration that cannot be read: checked, with where it went wrong. */
public class ConfigException extends Exception {
    public final int line;
    private final String key;

    public ConfigException(String message, int line, String key, Throwable cause) {
        super("line " + line + ": " + message, cause);
        this.line = line;
        this.key = key;
    }

    public String key() {
        return key;
    }
}
