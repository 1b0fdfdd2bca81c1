package autograder.bridge;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.discovery.MethodSelector;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.junit.platform.reporting.legacy.xml.LegacyXmlReportGeneratingListener;

/**
 * Runs the tests selected as JUnit's console launcher runs them with
 * the grader's options (--details=none, no banner, no colours), through
 * the platform's own launcher API, without the console launcher's
 * option parser and printing, which cost over a quarter of a test JVM's
 * CPU: the same discovery request (the classes or methods selected, the
 * console launcher's filter of class names: its standard pattern or a
 * class selected), the launcher's listeners found as services (the
 * bridge's Lifecycle), the same legacy XML report, the failures and the
 * summary printed to System.out when a test or container failed, and
 * the same exit status: 0 when nothing failed, 1 when something did,
 * -1 (255) when the run itself failed (its trace printed).
 *
 * <p>Its arguments: --reports-dir=DIR, --select-class=NAME and
 * --select-method=NAME#METHOD(TYPES), as the console launcher's.
 */
final class Launch {
    private static final String REPORTS = "--reports-dir=";
    private static final String CLASS = "--select-class=";
    private static final String METHOD = "--select-method=";

    private Launch() {
    }

    /** Runs the tests and ends the JVM with the run's exit status. */
    static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out);
        int status;
        try {
            status = run(args, out);
        } catch (Exception e) {
            e.printStackTrace(out);
            status = -1;
        } finally {
            out.flush();
        }
        System.exit(status);
    }

    /** Runs the tests: the exit status. */
    private static int run(String[] args, PrintWriter out) {
        Path reports = null;
        List<DiscoverySelector> selectors = new ArrayList<>();
        List<String> classes = new ArrayList<>();
        classes.add(ClassNameFilter.STANDARD_INCLUDE_PATTERN);
        for (String a : args) {
            if (a.startsWith(REPORTS)) {
                reports = Paths.get(a.substring(REPORTS.length()));
            } else if (a.startsWith(CLASS)) {
                String c = a.substring(CLASS.length());
                selectors.add(DiscoverySelectors.selectClass(c));
                classes.add(Pattern.quote(c));
            } else if (a.startsWith(METHOD)) {
                MethodSelector m = DiscoverySelectors.selectMethod(a.substring(METHOD.length()));
                selectors.add(m);
                classes.add(Pattern.quote(m.getClassName()));
            } else {
                throw new IllegalArgumentException("unknown argument: " + a);
            }
        }
        if (selectors.isEmpty()) {
            throw new IllegalArgumentException("no test selected");
        }
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(selectors)
                .filters(ClassNameFilter.includeClassNamePatterns(classes.toArray(new String[0]))).build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        launcher.registerTestExecutionListeners(summary);
        if (reports != null) {
            launcher.registerTestExecutionListeners(new LegacyXmlReportGeneratingListener(reports, out));
        }
        launcher.execute(request);
        TestExecutionSummary s = summary.getSummary();
        if (s.getTotalFailureCount() == 0) {
            return 0;
        }
        s.printFailuresTo(out);
        s.printTo(out);
        return 1;
    }
}
