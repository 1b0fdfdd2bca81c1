// Does not compile, in this file and in Board.java, which javac finds on
// the class path: its messages name the two files differently.
public class EightQueen {
    public static void main(String[] args) {
        Board b = new Board();
        int x = "not an int";
        System.out.println(b.cells + x);
    }
}
