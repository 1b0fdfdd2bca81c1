import static org.junit.jupiter.api.Assertions.*;

import java.time.DateTimeException;
import java.time.LocalTime;
import java.util.EmptyStackException;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SchedulerTest {
    private Scheduler s;

    @BeforeEach
    void setUp() {
        s = new Scheduler();
    }

    @Test
    void cancelledIsACancellation() {
        int id = s.submit("report");
        s.cancel(id);
        CancellationException e = assertThrows(CancellationException.class, () -> s.result(id));
        assertEquals("job 1 was cancelled", e.getMessage());
        assertEquals(1, ((JobCancelledException) e).jobId());
        assertThrows(IllegalStateException.class, () -> s.result(id)); // CancellationException's own base
    }

    @Test
    void failureIsChecked() {
        int id = s.submit("fail-disk");
        try {
            s.result(id);
            fail("no exception");
        } catch (ExecutionException e) {
            assertTrue(e instanceof JobFailedException);
            assertTrue(((JobFailedException) e).retryable());
            assertEquals("job 1 failed", e.getMessage());
            assertEquals("fail-disk", e.getCause().getMessage());
        }
    }

    @Test
    void resultOfAGoodJob() throws JobFailedException {
        assertEquals("BUILD", s.result(s.submit("build")));
    }

    @Test
    void emptyQueue() {
        EmptyStackException e = assertThrows(EmptyStackException.class, s::runNext);
        assertEquals("nothing queued", e.getMessage());
        assertThrows(NothingQueuedException.class, s::runNext);
    }

    @Test
    void unknownJob() {
        assertThrows(NoSuchElementException.class, () -> s.cancel(42));
    }

    @Test
    void deadlines() {
        assertEquals(LocalTime.of(9, 30), Scheduler.deadline("09:30"));
        DateTimeException e = assertThrows(DateTimeException.class, () -> Scheduler.deadline("half past"));
        assertEquals("half past", ((BadDeadlineException) e).text);
    }

    @Test
    void spoolFailureIsUnchecked() {
        RuntimeException e = assertThrows(RuntimeException.class, () -> s.spool(""));
        assertEquals("cannot spool a job without a name", e.getMessage());
        assertTrue(e instanceof SpoolException);
    }

    @Test
    void problemsLinkBack() {
        ValidationException e = assertThrows(ValidationException.class, () -> s.validate(" ", "ok", ""));
        assertEquals("name 3 is blank", e.getMessage());
        assertEquals("name 1 is blank", e.first.getMessage());
        assertSame(e.first, e.first.first);
        assertSame(e, e.first.last);
        assertNull(e.last);
        assertEquals(2, e.first.count());
    }
}
