package autograder.bridge;

import java.lang.management.ManagementFactory;

/**
 * How deep the test's calls into the student's code may nest (test,
 * student, test, ...) before the test fails: 64 levels for each MiB of a
 * thread's stack (-Xss, which the grader sets from the box's memory, the
 * same for both JVMs), from 64 to 1024. A level of the bridge's takes
 * about 2.5 KiB of either JVM's stack (measured: a 2 MiB stack overflows
 * at about 1000 levels, 16 MiB at about 6300), so the bound comes six
 * times or more before an overflow whatever the machine, and holds a
 * test's visitor over a tree 1000 deep at the default memory.
 */
final class Nesting {
    /** Below this, no bound is looked for: the JVM's arguments are read only in a deep test. */
    static final int FLOOR = 64;
    private static final int CEILING = 1024;
    private static int max;

    private Nesting() {
    }

    static int max() {
        if (max == 0) {
            max = bound(stack());
        }
        return max;
    }

    static int bound(long stack) {
        return (int) Math.max(FLOOR, Math.min(CEILING, stack / (1 << 20) * 64));
    }

    /** The -Xss this JVM was given, or the JVM's default (1 MiB). */
    static long stack() {
        long s = 1 << 20;
        try {
            for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
                if (a.startsWith("-Xss")) {
                    s = size(a.substring(4), s);
                }
            }
        } catch (RuntimeException | Error e) {
            // no management: the default
        }
        return s;
    }

    private static long size(String v, long dflt) {
        if (v.isEmpty()) {
            return dflt;
        }
        long unit = 1;
        switch (Character.toLowerCase(v.charAt(v.length() - 1))) {
            case 'k': unit = 1 << 10; break;
            case 'm': unit = 1 << 20; break;
            case 'g': unit = 1 << 30; break;
            default: break;
        }
        try {
            return Long.parseLong(unit == 1 ? v : v.substring(0, v.length() - 1)) * unit;
        } catch (NumberFormatException e) {
            return dflt;
        }
    }
}
