package warm

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
)

// observing is a submission whose main body is body (imports first).
func observing(imports, body string) []submission.File {
	src := fmt.Sprintf("%s\npublic class EightQueen {\n    public static void main(String[] args) throws Exception {\n%s\n    }\n}\n", imports, body)
	return []submission.File{{Name: "EightQueen.java", Data: []byte(src)}}
}

// TestObservers builds programs that can tell the warm harness from a
// fresh JVM through a public API, each the way a program would that
// answers differently when it finds itself warm, and wants every one of
// them graded cold from its first case, with a note for the TA; and
// ordinary programs (a sleep, lambdas, string concatenation, a generic
// array, a stack trace printed) still warm. The first reproduces the
// trick that scored a program differently warm and cold: main is thread 1
// in a fresh JVM.
func TestObservers(t *testing.T) {
	requireJDK(t)
	r := loadRubric(t, "testdata/eq/rubric.toml")
	// Each program answers differently warm, when it finds itself warm;
	// cold, every run of it answers alike (a test on timing says only that
	// time is read: a fresh JVM's run is as slow or fast as the machine).
	const answer = `        System.out.println(warm ? "warm " + args[0] : args[0]);`
	tests := []struct {
		name, imports, body string
		observes            bool
	}{
		{"thread id", "", "boolean warm = Thread.currentThread().getId() != 1;\n" + answer, true},
		{"thread group", "", "boolean warm = !Thread.currentThread().getThreadGroup().getName().equals(\"main\");\n" + answer, true},
		{"thread count", "", "boolean warm = Thread.activeCount() > 1;\n" + answer, true},
		{"new thread's name", "", "boolean warm = !new Thread().getName().equals(\"Thread-0\");\n" + answer, true},
		{"class loader", "", "boolean warm = EightQueen.class.getClassLoader() != ClassLoader.getSystemClassLoader();\n" + answer, true},
		{"context loader", "", "boolean warm = EightQueen.class.getClassLoader().getClass().getName().contains(\"warm\");\n" + answer, true},
		{"stack trace", "", "boolean warm = new Throwable().getStackTrace().length != 1;\n" + answer, true},
		{"stack walker", "", "boolean warm = StackWalker.getInstance().walk(s -> s.count()) != 1;\n" + answer, true},
		{"command property", "", "boolean warm = !System.getProperty(\"sun.java.command\").startsWith(\"EightQueen\");\n" + answer, true},
		{"properties", "", "boolean warm = System.getProperties().toString().contains(\"warm\");\n" + answer, true},
		{"integer property", "", "boolean warm = Integer.getInteger(\"x\", 0) != 0;\n" + answer, true},
		{"first call's time", "", "long t = System.nanoTime(); String.format(\"%d\", 1); boolean warm = System.nanoTime() - t < 0;\n" + answer, true},
		{"clock", "import java.time.Instant;", "boolean warm = Instant.now().getNano() < 0;\n" + answer, true},
		{"date", "import java.util.Date;", "boolean warm = new Date().getTime() < 0;\n" + answer, true},
		{"heap", "", "boolean warm = Runtime.getRuntime().totalMemory() < Runtime.getRuntime().freeMemory();\n" + answer, true},
		{"processors", "", "boolean warm = Runtime.getRuntime().availableProcessors() > 64;\n" + answer, true},
		{"uptime", "import java.lang.management.ManagementFactory;", "boolean warm = ManagementFactory.getRuntimeMXBean().getUptime() < 0;\n" + answer, true},
		{"process start", "", "boolean warm = ProcessHandle.current().info().startInstant().isEmpty();\n" + answer, true},
		{"string pool", "", "String m = new StringBuilder(\"seen-\").append(\"before\").toString();\nboolean warm = m.intern() != m;\n" + answer, true},
		{"security manager", "", "boolean warm = System.getSecurityManager() != null;\n" + answer, true},
		{"reflection", "", "boolean warm = EightQueen.class.getMethod(\"main\", String[].class).getDeclaringClass().getClassLoader() != null && false;\n" + answer, true},
		{"method handle", "import java.lang.invoke.*;", "boolean warm = MethodHandles.lookup().lookupClass() == null;\n" + answer, true},
		{"resource", "", "boolean warm = EightQueen.class.getResource(\"EightQueen.class\").toString().contains(\"tmp\");\n" + answer, true},
		{"the box's folders", "import java.io.File;", "boolean warm = new File(\"/\").list().length > 12;\n" + answer, true},
		{"stdin arrived", "import java.io.*;", "boolean warm = new BufferedReader(new InputStreamReader(System.in)).ready() && System.in.available() > 65536;\n" + answer, true},
		{"soft reference", "import java.lang.ref.SoftReference;", "boolean warm = new SoftReference<>(new long[1 << 20]).get() == null;\n" + answer, true},
		{"thread subclass", "", "class T extends Thread { }\nboolean warm = new T().getId() > 100;\n" + answer, true},
		// JDK state an earlier case left: a named logger it made, a URL
		// connection's default it set.
		{"named logger", "import java.util.logging.*;", "boolean warm = LogManager.getLogManager().getLogger(\"eq.seen\") != null;\nLogger.getLogger(\"eq.seen\");\n" + answer, true},
		{"URL connection's default", "import java.net.URLConnection;", "boolean warm = URLConnection.getDefaultAllowUserInteraction();\nURLConnection.setDefaultAllowUserInteraction(true);\n" + answer, true},
		// No API: it counts what it can allocate, which the harness and
		// the cases before it share. An OutOfMemoryError ends the warm JVM.
		{"heap left", "import java.util.*;", "List<long[]> l = new ArrayList<>(); int n = 0;\n" +
			"try { while (true) { l.add(new long[1 << 17]); n++; } } catch (OutOfMemoryError e) { l = null; }\n" +
			"boolean warm = n < 0;\n" + answer, true},

		// Identity hash codes and hidden classes' names: a fresh JVM's
		// main thread draws the same identity hash codes in every run, a
		// case thread others; a lambda's class is named by how many the
		// JVM has spun before. Each answers with a digit of one.
		{"own class's default hashCode", "", "class P { }\nboolean warm = new P().hashCode() % 7 == 8;\nSystem.out.println(args[0] + new P().hashCode() % 7);", true},
		{"default toString's digits", "", "class P { }\nString s = new P().toString();\nboolean warm = false;\nSystem.out.println(args[0] + Integer.parseInt(s.substring(s.indexOf('@') + 1), 16) % 7);", true},
		{"Objects.hash over objects", "import java.util.Objects;", "class P { }\nboolean warm = false;\nSystem.out.println(args[0] + Objects.hash(new P(), 1) % 7);", true},
		{"enum's hashCode", "", "enum C { A }\nboolean warm = false;\nSystem.out.println(args[0] + C.A.hashCode() % 7);", true},
		{"record over an object", "", "class P { }\nrecord R(P p) { }\nboolean warm = false;\nSystem.out.println(args[0] + new R(new P()).hashCode() % 7);", true},
		{"array's hashCode", "", "boolean warm = false;\nSystem.out.println(args[0] + new int[1].hashCode() % 7);", true},
		{"interface's hashCode", "", "Runnable r = () -> { };\nboolean warm = false;\nSystem.out.println(args[0] + r.hashCode() % 7);", true},
		{"identityHashCode", "", "boolean warm = false;\nSystem.out.println(args[0] + System.identityHashCode(args) % 7);", true},
		{"lambda's class name", "", "Runnable r = () -> { };\nString n = r.getClass().getName();\nboolean warm = false;\nSystem.out.println(args[0] + n.substring(n.indexOf(\"Lambda\") + 6, n.indexOf('/')));", true},
		{"thread's name", "", "boolean warm = !Thread.currentThread().getName().equals(\"main\");\n" + answer, true},
		// The harness's streams are not a fresh JVM's: their text (a
		// PrintStream's is Object's) holds another identity hash code.
		{"stream's text", "", "boolean warm = false;\nSystem.out.println(args[0] + String.valueOf((Object) System.out).length() % 2 + (\"\" + System.in).length() % 2);", true},

		{"own hashCode and toString", "",
			"record R(int x, String y) { }\nenum C { A }\nclass P { int v = 3; public int hashCode() { return Integer.hashCode(v); } public String toString() { return \"P\" + v; } }\n" +
				"class Q extends P { }\nObject o = new Object() { };\n" +
				"System.out.println(args[0] + new R(1, \"y\").hashCode() + new Q().hashCode() + new Q().toString() + \"s\".hashCode() + C.A + C.A.toString() + new R(2, \"z\") + o.getClass().getName() + new P().getClass().getSimpleName());", false},
		{"ordinary", "import java.util.*;\nimport java.util.function.*;",
			"Thread.sleep(1);\nFunction<String, String> f = s -> s + \"!\";\nList<Integer> l = new ArrayList<>(List.of(3, 1, 2));\nl.sort(Comparator.naturalOrder());\n" +
				"String[] a = Arrays.copyOf(args, 1);\ntry { Integer.parseInt(\"x\"); } catch (NumberFormatException e) { e.printStackTrace(); }\n" +
				"java.io.PrintStream out = System.out;\nout.flush();\nScanner in = new Scanner(System.in);\nConsumer<String> pr = System.err::print;\nString sb = new StringBuilder().append(l).append(List.of(1)).toString();\n" +
				"System.out.println(f.apply(a[0]) + l + Integer.toHexString(255) + Long.MAX_VALUE);", false},
	}
	ctx := context.Background()
	inputs := []Input{args("a"), args("b")}
	// One warm Runner grades them all, as it grades a batch: one
	// compile-service JVM compiles every program (Prepare), and each Build
	// runs the program's own warm JVMs, its own flags and answers.
	w, err := New(r, inputs, Options{CacheDir: cacheDir})
	if err != nil {
		t.Fatal(err)
	}
	var all [][]submission.File
	for _, tc := range tests {
		all = append(all, observing(tc.imports, tc.body))
	}
	if err := w.Prepare(ctx, all, sandbox.Hooks{}); err != nil {
		t.Fatal(err)
	}
	cold := runner.New(r)
	// On a loaded machine a run starved of cores may look waiting, or
	// come near a time limit, and is given up and run cold (Stats.Waited,
	// Stats.Near). The ordinary programs' runs that were not answered
	// warm must be that many at most, counted when every program is done.
	var missed atomic.Int64
	var mu sync.Mutex
	var missedBy []string
	t.Cleanup(func() {
		given := w.stats.Waited.Load() + w.stats.Near.Load()
		if m := missed.Load(); m > given {
			t.Errorf("%d runs of programs that do not observe the harness ran cold (%q), and only %d were given up as waiting or near a limit", m, missedBy, given)
		}
	})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			files := observing(tc.imports, tc.body)
			wb, err := w.Build(ctx, files, sandbox.Hooks{})
			if err != nil {
				t.Fatal(err)
			}
			if !wb.OK {
				t.Fatalf("build failed: %s", wb.Log)
			}
			defer wb.Program.Close()
			p := wb.Program.(*Program)
			// A run the Program answers warm must be what a fresh JVM
			// says of the same classes; one it runs cold is a fresh JVM.
			warm := 0
			for _, in := range inputs {
				answered := p.results[p.index[inputKey(in.Args, nil)]].done
				wex, err := p.Run(ctx, grader.Input{Args: in.Args})
				if err != nil {
					t.Fatal(err)
				}
				if !answered {
					continue
				}
				warm++
				cex, err := cold.Prebuilt(p.built).Run(ctx, grader.Input{Args: in.Args})
				if err != nil {
					t.Fatal(err)
				}
				if d := sameExecution(cex, wex); d != "" {
					t.Errorf("run %q:\n%s", in.Args, d)
				}
			}
			notes := strings.Join(p.Flags(), "\n")
			note := "can tell the warm harness from a fresh JVM"
			switch tc.name {
			case "heap left":
				note = "the warm JVM died twice"
			case "the box's folders":
				note = "reads a file of the system (/)"
			case "own class's default hashCode", "default toString's digits", "Objects.hash over objects", "enum's hashCode",
				"record over an object", "array's hashCode", "interface's hashCode", "identityHashCode", "stream's text":
				note = "identity hash codes differ between a fresh JVM and a shared one"
			}
			if tc.observes && (warm != 0 || !strings.Contains(notes, note)) {
				t.Errorf("%d runs warm, notes %q; want all cold, with a note saying %q", warm, notes, note)
			}
			if !tc.observes && notes != "" {
				t.Errorf("%d runs warm, notes %q; want all warm, no note", warm, notes)
			}
			if !tc.observes && warm != len(inputs) {
				t.Logf("%d runs of %d warm (checked when all are done)", warm, len(inputs))
				missed.Add(int64(len(inputs) - warm))
				mu.Lock()
				missedBy = append(missedBy, tc.name)
				mu.Unlock()
			}
		})
	}
}
