// Accepted: Java's own constants.
public class Consts {
    public static void main(String[] args) {
        System.out.println(Math.PI);
        System.out.println(Math.E);
    }
}
