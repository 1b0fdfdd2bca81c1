public class BadMoney extends Exception {
    public BadMoney(String m) {
        super(m);
    }
}
