import static org.junit.jupiter.api.Assertions.*;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;

import org.junit.jupiter.api.Test;

class InvoiceTest {
    @Test
    void immutableValuesOfTheJdk() {
        Invoice i = new Invoice("19.90", LocalDate.of(2024, 3, 4));
        assertEquals(new BigDecimal("19.90"), i.price);
        assertEquals(BigInteger.TWO.pow(70), i.serial);
        assertEquals(LocalDate.of(2024, 3, 4), i.due);
        assertEquals(Duration.ofDays(3), i.grace);
        assertEquals("2024-03-01T10:15:30+01:00[Europe/Paris]", i.issued.toString());
        assertEquals(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), i.id);
        assertSame(DayOfWeek.MONDAY, i.payday);
        assertSame(RoundingMode.HALF_EVEN, i.rounding);
        assertEquals(Optional.of("net 3"), i.note);
        assertEquals(7, i.shipTo.get().manhattan(Point.ORIGIN));
        assertEquals(OptionalInt.empty(), i.copies);
        Invoice j = i.later(1);
        assertEquals(LocalDate.of(2024, 3, 5), j.due);
        assertSame(DayOfWeek.TUESDAY, j.payday);
        assertEquals(LocalDate.of(2024, 3, 4), i.due);
    }

    @Test
    void aFieldNamedJava() {
        assertEquals(4, new Gauge(4).java);
        assertTrue(Double.isNaN(Gauge.EMPTY));
        assertEquals(Float.POSITIVE_INFINITY, Gauge.TOP);
        assertEquals(Double.NEGATIVE_INFINITY, Gauge.BOTTOM);
    }
}
