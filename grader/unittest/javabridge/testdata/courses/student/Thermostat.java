import java.util.ArrayList;
import java.util.List;
import java.util.function.DoublePredicate;
import java.util.function.Supplier;

public class Thermostat {
    private final List<TemperatureListener> listeners = new ArrayList<>();
    private double temperature;
    private DoublePredicate alarm = t -> false;
    private int alarms;

    public Thermostat(double start) {
        temperature = start;
    }

    public void addListener(TemperatureListener l) {
        listeners.add(l);
    }

    public boolean removeListener(TemperatureListener l) {
        return listeners.remove(l);
    }

    public void setAlarm(DoublePredicate alarm) {
        this.alarm = alarm;
    }

    public void set(double t) {
        double old = temperature;
        temperature = t;
        if (old != t) {
            for (TemperatureListener l : listeners) {
                l.changed(old, t);
            }
        }
        if (alarm.test(t)) {
            alarms++;
        }
    }

    public void readFrom(Supplier<Double> sensor, int times) {
        for (int i = 0; i < times; i++) {
            set(sensor.get());
        }
    }

    public int alarms() {
        return alarms;
    }

    private final List<String> log = new ArrayList<>();

    public TemperatureListener logger() {
        return (from, to) -> log.add(String.format("%.1f -> %.1f", from, to));
    }

    public List<String> log() {
        return log;
    }
}
