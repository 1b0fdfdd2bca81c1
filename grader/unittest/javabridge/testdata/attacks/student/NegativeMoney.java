public class NegativeMoney extends IllegalArgumentException {
    public NegativeMoney(String m) {
        super(m);
    }
}
