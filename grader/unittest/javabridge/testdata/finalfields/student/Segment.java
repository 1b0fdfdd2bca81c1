/** A segment between two points: its ends are the points it was given. */
public class Segment {
    public final Point from;
    public final Point to;
    public final double length;

    public Segment(Point from, Point to) {
        this.from = from;
        this.to = to;
        this.length = Math.hypot(to.x - from.x, to.y - from.y);
    }

    public Segment reversed() {
        return new Segment(to, from);
    }
}
