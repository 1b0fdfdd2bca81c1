import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Period;
import org.junit.jupiter.api.Test;

class LoanTest {
    private final Loan loan = new Loan("Dune", LocalDate.of(2024, 3, 1), Period.ofWeeks(2));

    @Test
    void dueInTwoWeeks() {
        assertEquals(LocalDate.of(2024, 3, 15), loan.due());
    }

    @Test
    void overdue() {
        assertFalse(loan.overdue(LocalDate.of(2024, 3, 15)));
        assertTrue(loan.overdue(LocalDate.of(2024, 3, 16)));
        assertEquals(17, loan.daysLate(LocalDate.of(2024, 4, 1)));
    }

    @Test
    void extends_() {
        loan.extend(Period.ofDays(3));
        assertEquals(LocalDate.of(2024, 3, 18), loan.due());
    }

    @Test
    void duration() {
        assertEquals(Duration.ofMinutes(90), Loan.between(LocalDateTime.of(2024, 1, 1, 10, 0), LocalDateTime.of(2024, 1, 1, 11, 30)));
    }
}
