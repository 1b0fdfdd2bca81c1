// Package testenv is the tests' one home for what they need of the
// machine and of go test's command line: whether they run under CI, a
// test whose tool is missing skipped with the reason (failed under CI,
// where .ci/run installs every tool), and the one -update flag with which
// go test rewrites golden files instead of comparing with them.
package testenv

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files (testdata, the committed cases and examples, testscripts' golden sections) with what the code makes now")

// Update reports whether go test was given -update: goldens are
// rewritten, not compared.
func Update() bool { return *update }

// CI reports whether the tests run under CI (CI=true), where every tool
// the tests need is installed and none may be skipped for want of one.
func CI() bool { return os.Getenv("CI") == "true" }

// Missing stops t for want of something on this machine: skipped with the
// reason, or failed under CI, where it must run.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if CI() {
		t.Fatalf("%s; CI=true, so this test must run", msg)
	}
	t.Skip(msg)
}

// NeedTools stops t (Missing) when one of the named programs is not on
// PATH.
func NeedTools(t testing.TB, names ...string) {
	t.Helper()
	for _, n := range names {
		if _, err := exec.LookPath(n); err != nil {
			Missing(t, "%s missing: %v", n, err)
		}
	}
}

// Golden is the golden file at path, to compare got with: under -update
// got is written there first (its folder made) and returned. A golden
// file that cannot be read fails t, saying how to create it.
func Golden(t testing.TB, path string, got []byte) []byte {
	t.Helper()
	if Update() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return got
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update creates it)", err)
	}
	return want
}
