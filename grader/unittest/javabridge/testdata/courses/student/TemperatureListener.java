/** Told of every change of the temperature. */
public interface TemperatureListener {
    void changed(double from, double to);
}
