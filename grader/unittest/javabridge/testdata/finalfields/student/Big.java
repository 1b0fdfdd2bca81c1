/** A grid of cells, kept whole in a public final field. */
public class Big {
    public final int[] cells;

    public Big(int n) {
        this.cells = new int[n];
    }

    public int size() {
        return cells.length;
    }
}
