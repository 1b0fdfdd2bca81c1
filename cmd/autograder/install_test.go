package main

import (
	"github.com/cs540-tools/autograder/cmd/autograder/internal/scripttest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/reference/eightqueen/javasrc"
)

// TestInstall: a plain `go install ./cmd/autograder` (no tag, no make, no
// generated file) into an empty GOBIN gives a binary that carries the
// default assignment: `autograder check` in a folder holding nothing but a
// correct EightQueen.java passes 24 of 24, and leaves the folder as it was.
func TestInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and installs the command")
	}
	needJDK(t)
	goBin := goTool()
	repo, _ := paths(t)
	gobin := t.TempDir()
	install := exec.Command(goBin, "install", "./cmd/autograder")
	install.Dir = repo
	install.Env = append(os.Environ(), "GOBIN="+gobin)
	if msg, err := install.CombinedOutput(); err != nil {
		t.Fatalf("go install: %v\n%s", err, msg)
	}
	bin := filepath.Join(gobin, "autograder")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}

	checkBuiltIn(t, bin)
}

// goTool is the go command: the one on PATH, else this toolchain's.
func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}

// checkBuiltIn runs `bin check` in a folder holding nothing but a correct
// EightQueen.java, where no rubric.toml is found: the built-in assignment
// must pass it 24 of 24 and leave the folder as it was.
func checkBuiltIn(t *testing.T, bin string) {
	t.Helper()
	dir := t.TempDir()
	if err := javasrc.WriteSubmission(dir, scripttest.VariantNames()["correct"]); err != nil {
		t.Fatal(err)
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "rubric.toml")); err == nil {
			t.Skipf("%s has a rubric.toml: the built-in one would not be used", d)
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	cmd := exec.Command(bin, "check")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	got, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(got), "\n24 of 24 cases passed\n") {
		t.Fatalf("check with the built-in assignment: %v\n%s", err, got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("check left files in the student's folder: %v", entries)
	}
}

// needJDK skips a test that runs Java when there is none, but fails it
// under CI=true, where every test must run.
func needJDK(t *testing.T) {
	t.Helper()
	_, errJava := exec.LookPath("java")
	_, errJavac := exec.LookPath("javac")
	if errJava != nil || errJavac != nil {
		testenv.Missing(t, "java or javac not on PATH: checking a submission needs a JDK 17+")
	}
}
