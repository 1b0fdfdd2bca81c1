package unittest

import (
	"bytes"
	"context"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/grader/unittest/javabridge"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/sandbox"
)

// cdsJDK is the machine's JDK and JUnit's launcher, or t stopped
// (testenv.Missing) without them.
func cdsJDK(t *testing.T) (javac, java runner.Tool, jar string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: this test runs JVMs")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	jdk, err := toolchain.FindJDK(ctx)
	if err != nil {
		testenv.Missing(t, "no JDK: %v", err)
	}
	fw := toolchain.ByFramework("junit").Tests
	if jar = fw.Launcher(); jar == "" {
		testenv.Missing(t, "%s", fw.Missing())
	}
	return runner.Tool{Name: "javac", Path: jdk.Javac, Version: jdk.Version}, runner.Tool{Name: "java", Path: jdk.Java, Version: jdk.Version}, jar
}

// The test JVM's archive is built once, in the user's cache folder, and
// a JVM maps it; a JVM given an archive it cannot map (missing, or
// made for another class path) says so on stderr alone, never on the stdout that
// carries the bridge's frames, and runs as without it.
func TestJUnitArchive(t *testing.T) {
	javac, java, jar := cdsJDK(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	t.Cleanup(toolchain.ForgetArchives) // its archives' folder is gone after it
	ctx := context.Background()
	opts := toolchain.Java.Options("java", toolchain.Box{Memory: 256 << 20}, java.Version)
	a := junitArchive(ctx, javac, java, jar, "", opts)
	if a == "" {
		t.Fatal("no archive built")
	}
	if again := junitArchive(ctx, javac, java, jar, "", opts); again != a {
		t.Fatalf("a second archive %s beside %s", again, a)
	}
	// A quiet program: what the JVM itself prints is all its stdout.
	dir := t.TempDir()
	if err := javabridge.Compile(ctx, javac.Path, nil, map[string][]byte{"Quiet.java": []byte("class Quiet { public static void main(String[] a) { System.err.println(\"ran\"); } }")}, dir); err != nil {
		t.Fatal(err)
	}
	half := filepath.Join(dir, "half.jsa")
	whole, err := os.ReadFile(a)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(half, whole[:len(whole)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, archive, cp string
		mapped            bool
	}{
		{"built", a, jar + ":" + dir, true},
		{"missing", filepath.Join(dir, "none.jsa"), jar + ":" + dir, false},
		// The JVM's warning goes to stdout unless told otherwise.
		{"another class path", a, dir, false},
	} {
		args := append(append(append([]string{}, opts...), cdsOptions(tc.archive)...), "-Xlog:class+load=info:stderr", "-cp", tc.cp, "Quiet")
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(java.Path, args...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: %v\n%s", tc.name, err, stderr.Bytes())
		}
		if stdout.Len() > 0 || !bytes.Contains(stderr.Bytes(), []byte("ran")) {
			t.Errorf("%s: stdout %q; stderr says ran: %v", tc.name, stdout.Bytes(), bytes.Contains(stderr.Bytes(), []byte("ran")))
		}
		if got := bytes.Contains(stderr.Bytes(), []byte("shared objects file (top)")); got != tc.mapped {
			t.Errorf("%s: classes from the archive: %v, want %v", tc.name, got, tc.mapped)
		}
	}
	// A half-written archive is never put in place: the check maps it first.
	if _, err := buildArchive(ctx, javac.Path, java.Path, []string{jar}, opts, t.TempDir(), hostCompileFlags(javac)); err != nil {
		t.Fatal(err)
	}
	check := append(append([]string{}, opts...), "-XX:SharedArchiveFile="+half, "-Xshare:on", "-XX:+VerifySharedSpaces", "-cp", jar, "-version")
	if exec.Command(java.Path, check...).Run() == nil {
		t.Error("the check maps a half-written archive")
	}
	// An archive damaged in the cache folder (cut short: a JVM that maps
	// it crashes) is checked by the next process before its first use,
	// and built again.
	os.Remove(a)
	if err := os.WriteFile(a, whole[:len(whole)/8], 0o444); err != nil {
		t.Fatal(err)
	}
	toolchain.ForgetArchives() // a fresh process
	if again := junitArchive(ctx, javac, java, jar, "", opts); again != a {
		t.Fatalf("after damage: archive %q, want %s built again", again, a)
	}
	if err := checkArchive(ctx, java.Path, jar, opts, a); err != nil {
		t.Errorf("the damaged archive was kept: %v", err)
	}
}

// freshKit is the kit built in a cache folder of the test's own, the
// kits and archives the process knows forgotten before and after it, so
// that no other test reads them from a folder that is gone.
func freshKit(t *testing.T, javac runner.Tool, jar string) *kit {
	t.Helper()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	forget := func() {
		toolchain.ForgetArchives()
		kitMu.Lock()
		clear(kits)
		kitMu.Unlock()
	}
	forget()
	t.Cleanup(forget)
	k, err := javaKit(context.Background(), javac, jar)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// serverRequests are frames that call a student's Greeter, as the test
// side sends them.
const serverRequests = `{"op":"new","class":"Greeter","name":"<init>","desc":"()V","args":[],"seq":"a"}
{"op":"call","self":{"handle":0},"class":"Greeter","name":"greet","desc":"(Ljava/lang/String;)Ljava/lang/String;","args":["x"],"seq":"b"}
{"op":"call","self":{"handle":0},"class":"Greeter","name":"fail","desc":"()V","args":[],"seq":"c"}
`

const greeter = `public class Greeter {
    public String greet(String n) { System.out.println("greeting " + n); return "hi " + n; }
    public void fail() { throw new IllegalStateException("no"); }
}
`

// The student box's archive of the bridge's server is built once, from
// the kit's jar, and the student's JVM in a box maps it: the server's
// classes come from it, the student's from the box's folder; the
// server answers the same calls the same, with the archive, without one
// (missing, or made for another jar) and from the server's folder as
// before; a jar the training cannot run gives no archive, and the
// student box then holds the server's folder.
func TestServerArchive(t *testing.T) {
	javac, java, jar := cdsJDK(t)
	k := freshKit(t, javac, jar)
	ctx := context.Background()
	if st, err := os.Stat(k.serverJar); err != nil || st.Size() == 0 {
		t.Fatalf("the kit's jar %q: %v", k.serverJar, err)
	}
	opts := toolchain.Java.Options("java", toolchain.Box{Memory: 256 << 20}, java.Version)
	a := serverArchive(ctx, java, k.serverJar, opts)
	if a == "" {
		t.Fatal("no archive built")
	}
	if again := serverArchive(ctx, java, k.serverJar, opts); again != a {
		t.Fatalf("a second archive %s beside %s", again, a)
	}
	dir := t.TempDir()
	if err := javabridge.Compile(ctx, javac.Path, nil, map[string][]byte{"Greeter.java": []byte(greeter)}, dir); err != nil {
		t.Fatal(err)
	}
	class, err := os.ReadFile(filepath.Join(dir, "Greeter.class"))
	if err != nil {
		t.Fatal(err)
	}
	student := []sandbox.File{{Name: "Greeter.class", Data: class}}
	args, files, ro := serverStart(ctx, java, k, opts, nil)
	if len(files) != 0 || !slices.Contains(ro, a) || !slices.Contains(ro, k.serverJar) {
		t.Fatalf("the box with the archive: files %d, read-only %q", len(files), ro)
	}
	want := serve(t, java, args, append(slices.Clone(student), files...), ro, "mapped")
	if !bytes.Contains(want, []byte(`"hi x"`)) || !bytes.Contains(want, []byte("IllegalStateException")) {
		t.Fatalf("the server's answers: %s", want)
	}
	// Without the archive: the folder, as before.
	args, files, ro = serverStart(ctx, java, &kit{server: k.server}, opts, nil)
	if got := serve(t, java, args, append(slices.Clone(student), files...), ro, "none"); !bytes.Equal(got, want) {
		t.Errorf("from the folder: %s, want %s", got, want)
	}
	// An archive that does not map (missing; made for another jar) is
	// not used, silently.
	moved := filepath.Join(t.TempDir(), "server.jar")
	b, err := os.ReadFile(k.serverJar)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(moved, b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, jar, archive string }{
		{"missing", k.serverJar, filepath.Join(t.TempDir(), "none.jsa")},
		{"another jar", moved, a},
	} {
		args := javabridge.ServerArgs(slices.Concat(opts, serverLog, serverCDSOptions(tc.archive)), tc.jar, ".")
		ro := []string{tc.jar}
		if _, err := os.Stat(tc.archive); err == nil {
			ro = append(ro, tc.archive)
		}
		if got := serve(t, java, args, student, ro, "none"); !bytes.Equal(got, want) {
			t.Errorf("%s: %s, want %s", tc.name, got, want)
		}
	}
	// A jar the training cannot run: no archive, the server's folder.
	broken := filepath.Join(t.TempDir(), "server.jar")
	if err := os.WriteFile(broken, []byte("not a jar"), 0o644); err != nil {
		t.Fatal(err)
	}
	if p := serverArchive(ctx, java, broken, opts); p != "" {
		t.Errorf("an archive %s from a broken jar", p)
	}
	args, files, _ = serverStart(ctx, java, &kit{server: k.server, serverJar: broken}, opts, nil)
	if len(files) == 0 || !slices.Contains(args, studentDir+":.") {
		t.Errorf("with a broken jar: args %q, %d files", args, len(files))
	}
}

// serve runs the student box (a fresh box of the sandbox) on
// serverRequests: the frames it answers. from says where the server's
// classes must load from: the archive ("mapped") or not ("none"); the
// student's class never does.
func serve(t *testing.T, java runner.Tool, args []string, files []sandbox.File, readOnly []string, from string) []byte {
	t.Helper()
	var in bytes.Buffer
	for _, line := range strings.Split(strings.TrimSpace(serverRequests), "\n") {
		in.Write(binary.BigEndian.AppendUint32(nil, uint32(len(line)+1)))
		in.WriteString("S" + line)
	}
	i := slices.Index(args, "-cp")
	args = slices.Concat(args[:i], []string{"-Xlog:class+load=info:stderr"}, args[i:])
	res, err := sandbox.Run(context.Background(), sandbox.Spec{Path: java.Path, Args: args, Files: files, ReadOnly: readOnly,
		Stdin: in.Bytes(), Limits: sandbox.Limits{Wall: time.Minute, CPU: time.Minute, Memory: 512 << 20, Output: 1 << 20}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() {
		t.Fatalf("%s: %v\n%s", from, res.Limit, res.Stderr)
	}
	server := regexp.MustCompile(`autograder\.bridge\.server\.Server source: (.*)`).FindSubmatch(res.Stderr)
	if server == nil || bytes.Equal(server[1], []byte("shared objects file (top)")) != (from == "mapped") {
		t.Errorf("%s: the server's class from %q", from, server)
	}
	if g := regexp.MustCompile(`\] Greeter source: (.*)`).FindSubmatch(res.Stderr); g == nil || !bytes.HasPrefix(g[1], []byte("file:")) {
		t.Errorf("%s: the student's class from %q", from, g)
	}
	if !bytes.Contains(res.Stderr, []byte("greeting x")) {
		t.Errorf("%s: the student's output is not on stderr:\n%s", from, res.Stderr)
	}
	return res.Stdout
}

// With the kit's jar of the test side, the test JVM's archive holds the
// test side's classes too: a JVM with that jar after JUnit's maps them,
// and the classes of the folder after it (the tests') are read from
// there.
func TestJUnitArchiveBridge(t *testing.T) {
	javac, java, jar := cdsJDK(t)
	k := freshKit(t, javac, jar)
	ctx := context.Background()
	opts := toolchain.Java.Options("java", toolchain.Box{Memory: 256 << 20}, java.Version)
	a := junitArchive(ctx, javac, java, jar, k.testJar, opts)
	if a == "" || a == junitArchive(ctx, javac, java, jar, "", opts) {
		t.Fatalf("the archive with the test side: %q", a)
	}
	dir := t.TempDir()
	src := `class Loads { public static void main(String[] a) throws Exception { Class.forName("autograder.bridge.TestSide"); System.err.println("ran"); } }`
	if err := javabridge.Compile(ctx, javac.Path, nil, map[string][]byte{"Loads.java": []byte(src)}, dir); err != nil {
		t.Fatal(err)
	}
	args := slices.Concat(opts, cdsOptions(a), []string{"-Xlog:class+load=info:stderr", "-cp", classPath([]string{jar, k.testJar, dir}), "Loads"})
	out, err := exec.Command(java.Path, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for class, from := range map[string]string{"autograder.bridge.TestSide": "shared objects file (top)", "Loads": "file:"} {
		m := regexp.MustCompile(`\] ` + regexp.QuoteMeta(class) + ` source: (.*)`).FindSubmatch(out)
		if m == nil || !bytes.HasPrefix(m[1], []byte(from)) {
			t.Errorf("%s from %q, want %s", class, m, from)
		}
	}
}
