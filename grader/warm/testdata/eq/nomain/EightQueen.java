// main is not static: the launcher refuses it with a message of its own.
public class EightQueen {
    public void main(String[] args) {
        System.out.println("never");
    }
}
