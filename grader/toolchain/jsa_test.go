package toolchain

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/internal/testenv"
)

// archiveJDK is the machine's JDK with javac's options in a box of 512
// MiB, in a cache folder of the test's own, nothing remembered of
// another test's archives; or t stopped (testenv.Missing) without a JDK.
func archiveJDK(t *testing.T) (JDK, []string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: this test runs JVMs")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	jdk, err := FindJDK(ctx)
	if err != nil {
		testenv.Missing(t, "no JDK: %v", err)
	}
	if jdk.Feature < 13 {
		testenv.Missing(t, "JDK %s: no dynamic class data archive before 13", jdk.Version)
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	ForgetArchives()
	return jdk, jvmOptions(512<<20, 256<<20, true, jdk.Version)
}

// compileTraining compiles the training source with javac and opts in a
// fresh folder: the class files written, by name.
func compileTraining(t *testing.T, javac string, opts ...string) map[string][]byte {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "Training.java"), []byte(javacTraining), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(javac, append(opts, "-encoding", "UTF-8", "Training.java")...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("javac %s: %v\n%s", strings.Join(opts, " "), err, out)
	}
	classes := map[string][]byte{}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.class"))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		classes[filepath.Base(p)] = b
	}
	return classes
}

// javac's archive is built once, in the user's cache folder, and maps
// (a compile that requires it succeeds); it changes nothing javac
// writes; the Java toolchain gives it to javac alone.
func TestJavacArchive(t *testing.T) {
	jdk, opts := archiveJDK(t)
	ctx := context.Background()
	more, file := javacArchive(ctx, jdk.Javac, jdk.Version, opts)
	if file == "" || !slices.Contains(more, "-J-XX:SharedArchiveFile="+file) {
		t.Fatalf("javacArchive = %q, %q: want the archive and the option that maps it", more, file)
	}
	if !strings.HasPrefix(file, os.Getenv("XDG_CACHE_HOME")) {
		t.Errorf("archive %s: not in the user's cache folder", file)
	}
	st, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if again, file2 := javacArchive(ctx, jdk.Javac, jdk.Version, opts); file2 != file || !slices.Equal(again, more) {
		t.Errorf("asked again: %q, %q; want %q, %q", again, file2, more, file)
	}
	if st2, err := os.Stat(file); err != nil || !st2.ModTime().Equal(st.ModTime()) {
		t.Errorf("the archive was built again (%v)", err)
	}
	without := compileTraining(t, jdk.Javac, opts...)
	with := compileTraining(t, jdk.Javac, slices.Concat(opts, more, []string{"-J-Xshare:on"})...)
	if len(without) == 0 || len(with) != len(without) {
		t.Fatalf("%d classes with the archive, %d without", len(with), len(without))
	}
	for name, b := range without {
		if !bytes.Equal(with[name], b) {
			t.Errorf("%s differs with the archive", name)
		}
	}
	if more, file := Java.Archive(ctx, "javac", jdk.Javac, jdk.Version, opts); file == "" || len(more) == 0 {
		t.Errorf("the Java toolchain gives javac no archive")
	}
	if more, file := Java.Archive(ctx, "java", jdk.Java, jdk.Version, jvmOptions(512<<20, 256<<20, false, jdk.Version)); file != "" || more != nil {
		t.Errorf("the Java toolchain gives java an archive: %q %q", more, file)
	}
}

// A damaged archive in the cache folder (cut short: a JVM that maps it
// crashes) is never given to javac: it fails the check before first use
// and is built again.
func TestJavacArchiveDamaged(t *testing.T) {
	jdk, opts := archiveJDK(t)
	ctx := context.Background()
	base, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(base, "autograder", "javac-cds-"+javacArchiveKey(jdk.Javac, jdk.Version, opts)+".jsa")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	// The head of a real archive: its header reads, its regions do not.
	_, good := javacArchive(ctx, jdk.Javac, jdk.Version, opts)
	if good != p {
		t.Fatalf("archive at %s, want %s", good, p)
	}
	head, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(p)
	if err := os.WriteFile(p, head[:len(head)/8], 0o444); err != nil {
		t.Fatal(err)
	}
	ForgetArchives() // a fresh process
	more, file := javacArchive(ctx, jdk.Javac, jdk.Version, opts)
	if file != p {
		t.Fatalf("javacArchive = %q, %q after damage: want %s rebuilt", more, file, p)
	}
	if b, err := os.ReadFile(p); err != nil || len(b) == len(head)/8 {
		t.Fatalf("the damaged archive was kept (%d bytes, %v)", len(b), err)
	}
	if err := checkArchive(ctx, jdk.Javac, opts, p); err != nil {
		t.Fatal(err)
	}
	compileTraining(t, jdk.Javac, slices.Concat(opts, more, []string{"-J-Xshare:on"})...)
}
