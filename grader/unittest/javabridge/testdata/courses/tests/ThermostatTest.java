import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThermostatTest {
    @Test
    void listenersHearEveryChange() {
        Thermostat t = new Thermostat(20);
        List<String> heard = new ArrayList<>();
        t.addListener((from, to) -> heard.add(from + "->" + to));
        t.set(21);
        t.set(21);
        t.set(19.5);
        assertEquals(List.of("20.0->21.0", "21.0->19.5"), heard);
    }

    @Test
    void removedListenerIsTheSameObject() {
        Thermostat t = new Thermostat(0);
        int[] calls = {0};
        TemperatureListener l = (from, to) -> calls[0]++;
        t.addListener(l);
        t.set(1);
        assertTrue(t.removeListener(l));
        assertFalse(t.removeListener(l));
        t.set(2);
        assertEquals(1, calls[0]);
    }

    @Test
    void alarmAndSensor() {
        Thermostat t = new Thermostat(18);
        t.setAlarm(x -> x > 30);
        Iterator<Double> readings = List.of(25.0, 31.0, 35.5, 29.0).iterator();
        t.readFrom(readings::next, 4);
        assertEquals(2, t.alarms());
    }

    @Test
    void studentsListenerCalledByTheTest() {
        Thermostat t = new Thermostat(0);
        TemperatureListener l = t.logger();
        l.changed(1, 2.25);
        t.addListener(l);
        t.set(-0.5);
        assertEquals(List.of("1.0 -> 2.3", "0.0 -> -0.5"), t.log());
    }

    @Test
    void assertionInACallbackFailsTheTest() {
        Thermostat t = new Thermostat(5);
        List<Double> seen = new ArrayList<>();
        t.addListener((from, to) -> {
            assertTrue(to > from, "only warmer");
            seen.add(to);
        });
        t.set(6);
        assertEquals(List.of(6.0), seen);
    }
}
