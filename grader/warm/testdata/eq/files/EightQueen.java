import java.nio.file.Files;
import java.nio.file.Paths;

// Writes a file in one case and reads it back in a later one: each cold
// case has a fresh box, so the later case finds nothing.
public class EightQueen {
    public static void main(String[] args) throws Exception {
        System.out.println("case " + args[0]);
        if (args[0].equals("write")) {
            Files.writeString(Paths.get("state.txt"), "written by an earlier case\n");
        } else if (args[0].equals("read")) {
            System.out.print(Files.readString(Paths.get("state.txt")));
        }
    }
}
