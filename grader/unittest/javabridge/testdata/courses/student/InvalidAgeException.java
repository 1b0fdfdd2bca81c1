/** An age that is not a whole number from 0 to 150. */
public class InvalidAgeException extends IllegalArgumentException {
    public final String input;

    public InvalidAgeException(String input, Throwable cause) {
        super("not an age: " + input, cause);
        this.input = input;
    }

    public InvalidAgeException(String input) {
        this(input, null);
    }
}
