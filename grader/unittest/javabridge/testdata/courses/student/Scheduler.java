import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/** A queue of named jobs: submitted, run in order, cancelled, their results asked for. */
public class Scheduler {
    private final Map<Integer, String> jobs = new LinkedHashMap<>();
    private final Deque<Integer> queue = new ArrayDeque<>();
    private final Set<Integer> cancelled = new HashSet<>();
    private int next = 1;

    public int submit(String name) {
        int id = next++;
        jobs.put(id, name);
        queue.addLast(id);
        return id;
    }

    public void cancel(int id) {
        if (!queue.remove(id)) {
            throw new NoSuchElementException("no queued job " + id);
        }
        cancelled.add(id);
    }

    public String result(int id) throws JobFailedException {
        if (cancelled.contains(id)) {
            throw new JobCancelledException(id);
        }
        String name = jobs.get(id);
        if (name == null) {
            throw new NoSuchElementException("no job " + id);
        }
        if (name.startsWith("fail")) {
            throw new JobFailedException("job " + id + " failed", new IllegalStateException(name));
        }
        return name.toUpperCase();
    }

    public int runNext() {
        if (queue.isEmpty()) {
            throw new NothingQueuedException();
        }
        return queue.removeFirst();
    }

    public static LocalTime deadline(String text) {
        try {
            return LocalTime.parse(text);
        } catch (DateTimeParseException e) {
            throw new BadDeadlineException(text);
        }
    }

    public void spool(String name) {
        if (name.isEmpty()) {
            throw new SpoolException("cannot spool a job without a name");
        }
    }

    /** Checks every name; all the blank ones are reported, linked to each other. */
    public void validate(String... names) {
        ValidationException last = null;
        for (int i = 0; i < names.length; i++) {
            if (names[i].isBlank()) {
                last = new ValidationException("name " + (i + 1) + " is blank", last);
            }
        }
        if (last != null) {
            throw last;
        }
    }
}
