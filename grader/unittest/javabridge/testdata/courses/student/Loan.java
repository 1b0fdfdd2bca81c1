import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Period;
import java.time.temporal.ChronoUnit;

public class Loan {
    private final String title;
    private LocalDate due;

    public Loan(String title, LocalDate borrowed, Period length) {
        this.title = title;
        this.due = borrowed.plus(length);
    }

    public String title() {
        return title;
    }

    public LocalDate due() {
        return due;
    }

    public boolean overdue(LocalDate today) {
        return today.isAfter(due);
    }

    public long daysLate(LocalDate today) {
        return Math.max(0, ChronoUnit.DAYS.between(due, today));
    }

    public void extend(Period p) {
        due = due.plus(p);
    }

    public static Duration between(LocalDateTime a, LocalDateTime b) {
        return Duration.between(a, b);
    }
}
