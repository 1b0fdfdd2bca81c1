// Loops when its first argument is "loop"; prints it otherwise.
public class EightQueen {
    public static void main(String[] args) {
        if (args[0].equals("loop")) {
            long x = 0;
            while (x >= 0) {
                x = (x + 1) % 1000;
            }
        }
        System.out.println(args[0]);
    }
}
