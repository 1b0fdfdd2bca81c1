import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;

/** An invoice whose public final fields hold the JDK's immutable values. */
public final class Invoice {
    public final BigDecimal price;
    public final BigInteger serial;
    public final LocalDate due;
    public final Duration grace;
    public final ZonedDateTime issued;
    public final UUID id;
    public final DayOfWeek payday;
    public final RoundingMode rounding;
    public final Optional<String> note;
    public final Optional<Point> shipTo;
    public final OptionalInt copies;

    public Invoice(String price, LocalDate due) {
        this.price = new BigDecimal(price);
        this.serial = BigInteger.TWO.pow(70);
        this.due = due;
        this.grace = Duration.ofDays(3);
        this.issued = ZonedDateTime.parse("2024-03-01T10:15:30+01:00[Europe/Paris]");
        this.id = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
        this.payday = due.getDayOfWeek();
        this.rounding = RoundingMode.HALF_EVEN;
        this.note = Optional.of("net " + grace.toDays());
        this.shipTo = Optional.of(new Point(3, 4));
        this.copies = OptionalInt.empty();
    }

    public Invoice later(int days) {
        return new Invoice(price.toPlainString(), due.plusDays(days));
    }
}
