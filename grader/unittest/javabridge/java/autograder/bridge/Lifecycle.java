package autograder.bridge;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Tells the grader where tests begin ("test") and where a top-level test
 * class ends ("reset": its state ends with it, and so does the student's
 * process), and cuts what the report will hold of each test (Cap).
 * Registered as a service of the launcher.
 */
public final class Lifecycle implements TestExecutionListener {
    private TestPlan plan;

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        this.plan = plan;
    }

    @Override
    public void executionStarted(TestIdentifier id) {
        if (id.isTest()) {
            Bridge.control("test", testID(id));
        }
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        result.getThrowable().ifPresent(Cap::cut);
        if (id.isTest() && result.getThrowable().filter(Lifecycle::timerFired).isPresent()) {
            Bridge.failed(testID(id), "timer");
        }
        if (id.isTest()) {
            Bridge.testFinished();
        }
        if (id.getSource().orElse(null) instanceof ClassSource && topLevel(id)) {
            Bridge.control("reset", null);
        }
    }

    @Override
    public void reportingEntryPublished(TestIdentifier id, ReportEntry entry) {
        Cap.cut(entry);
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        Bridge.control("done", null);
    }

    private boolean topLevel(TestIdentifier id) {
        if (plan == null) {
            return true;
        }
        return plan.getParent(id).map(p -> !(p.getSource().orElse(null) instanceof ClassSource)).orElse(true);
    }

    /** The numbers of an invocation or a factory's dynamic test in a unique ID. */
    private static final java.util.regex.Pattern INVOCATION = java.util.regex.Pattern.compile("(?:-invocation|dynamic-test|dynamic-container):#(\\d+)\\]");

    /**
     * Whether JUnit's own timer (@Timeout, a default timeout) ended a test
     * with t: a TimeoutException, exactly, that JUnit's timeout extension
     * made (its first frame), and none the bridge made for one the
     * student's code threw (whose frames are the student's to write).
     * JUnit's assertTimeout and assertTimeoutPreemptively fail as
     * assertions of the test's instead.
     */
    static boolean timerFired(Throwable t) {
        if (t.getClass() != java.util.concurrent.TimeoutException.class || TestSide.fromStudent(t)) {
            return false;
        }
        StackTraceElement[] st = t.getStackTrace();
        return st.length > 0 && st[0].getClassName().startsWith("org.junit.jupiter.engine.extension.Timeout");
    }

    /**
     * "Class.method", as the grader's case files name a test; an
     * invocation of a parameterized or repeated test "Class.method[N]",
     * a @TestFactory's dynamic test "Class.method[N]" ("[N.M]" in a
     * dynamic container).
     */
    static String testID(TestIdentifier id) {
        Object s = id.getSource().orElse(null);
        if (!(s instanceof MethodSource)) {
            return id.getUniqueId();
        }
        MethodSource m = (MethodSource) s;
        java.util.regex.Matcher at = INVOCATION.matcher(id.getUniqueId());
        java.util.StringJoiner n = new java.util.StringJoiner(".", "[", "]").setEmptyValue("");
        while (at.find()) {
            n.add(at.group(1));
        }
        return m.getClassName() + "." + m.getMethodName() + n;
    }
}
