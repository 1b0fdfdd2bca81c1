//go:build unix

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterrupt: grade stopped by SIGINT (Ctrl-C) or SIGTERM while a
// program runs exits 130 with one line saying how to resume, writes no
// results, and keeps what was finished: the same command afterwards takes
// those from the store and gives byte-identical files to an uninterrupted
// run.
//
// The batch is three shell-script submissions ($TESTDATA/sh) graded one
// at a time: alice and bob, then zz, whose program sleeps until it is
// killed. The signal is sent once the progress line says zz is being
// graded, so alice and bob are finished and zz is running, however slow
// the machine. Before the resume, zz's program is made to finish (else it
// would block again); it was not stored, so it is graded either way.
//
// "ctrl-c" sends SIGINT to the grader's whole process group, as a
// terminal does: the boxes' programs must not die of it and be judged
// crashed, but be stopped by the grader.
func TestInterrupt(t *testing.T) {
	for _, tc := range []struct {
		name  string
		sig   syscall.Signal
		group bool
	}{
		{"SIGINT", syscall.SIGINT, false},
		{"SIGTERM", syscall.SIGTERM, false},
		{"ctrl-c", syscall.SIGINT, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			testInterrupt(t, tc.sig, tc.group)
		})
	}
}

func testInterrupt(t *testing.T, sig syscall.Signal, group bool) {
	bin := testBinary(t)
	_, testdata := paths(t)
	rubric := filepath.Join(testdata, "sh", "rubric.toml")
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	write := func(id, script string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(in, id), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(in, id, "prog.sh"), []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("alice", "echo \"hello $1\"\n")
	write("bob", "echo \"hi $1\"\n")
	write("zz", "exec sleep 3600\n")
	ids := []string{"alice", "bob", "zz"}
	grade := func(out string) *exec.Cmd {
		cmd := exec.Command(bin, "grade", "--rubric", rubric, "--jobs", "1", "--out", out, in)
		cmd.Env = append(os.Environ(), "NO_COLOR=1")
		cmd.WaitDelay = time.Minute // a box's helper may hold stderr a moment
		return cmd
	}

	resumed := filepath.Join(dir, "resumed")
	cmd := grade(resumed)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: group}
	lw, waited := startUntil(t, cmd, "zz: grading", 1)
	pid := cmd.Process.Pid
	if group {
		pid = -pid // the group the grader leads
	}
	if err := syscall.Kill(pid, sig); err != nil {
		t.Fatal(err)
	}
	var err error
	select {
	case err = <-waited:
	case <-time.After(5 * time.Minute):
		cmd.Process.Kill()
		t.Fatalf("%v did not stop the run within 5 minutes:\n%s", sig, lw.text())
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Errorf("after %v: %v, want exit status 130", sig, err)
	}
	log := lw.text()
	if !strings.HasSuffix(log, "\nautograder: interrupted: run the same command again to resume\n") {
		t.Errorf("after %v, stderr does not end with the hint:\n%s", sig, log)
	}
	if strings.Contains(log, "context canceled") {
		t.Errorf("stderr speaks of a cancelled context:\n%s", log)
	}
	if _, err := os.Stat(filepath.Join(resumed, "results.json")); err == nil {
		t.Error("the interrupted run wrote results.json")
	}
	if stored, _ := filepath.Glob(filepath.Join(resumed, ".cache", "*.json")); len(stored) != 2 {
		t.Errorf("%d results stored, want alice's and bob's", len(stored))
	}

	// The same command again, zz made to finish.
	write("zz", "echo \"hello $1\"\n")
	out, err := grade(resumed).CombinedOutput()
	if err != nil {
		t.Fatalf("resumed run: %v\n%s", err, out)
	}
	lines := progressLines(string(out))
	if cached := lines["done before, not regraded"]; len(cached) != 2 || !cached["alice"] || !cached["bob"] {
		t.Errorf("resumed run took %v from the store, want alice and bob:\n%s", cached, out)
	}
	if graded := lines["graded"]; len(graded) != 1 || !graded["zz"] {
		t.Errorf("resumed run graded %v, want zz:\n%s", graded, out)
	}

	// An uninterrupted run gives the same files, byte for byte.
	full := filepath.Join(dir, "full")
	shareSecret(t, resumed, full)
	if out, err := grade(full).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted run: %v\n%s", err, out)
	}
	sameOutFiles(t, outFiles(t, full, ids), outFiles(t, resumed, ids), "the interrupted and resumed run")
}
