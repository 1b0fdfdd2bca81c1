package testenv

import (
	"os/exec"
	"testing"
)

// spinners is how many spinning processes Crowd starts on the core it
// crowds.
const spinners = 6

// Crowd confines the test binary to one core (every thread of it, and so
// every process it starts from then on, boxes included) and keeps that
// core busy with 6 spinning processes until the test ends: a program then
// gets a seventh of a core or less, for tests of what the grader leaves
// out of a wall limit (the time a run waited for a core). The other cores
// stay free for whatever else runs on the machine (where the system
// cannot confine a process, the spinners crowd every core). Where the
// system allows, the spinners die with the test binary too (go test's
// timeout ends it without cleanups; left, they would crowd every later
// run).
func Crowd(t testing.TB) {
	t.Helper()
	n, restore := confine(t)
	t.Cleanup(restore)
	for range spinners * n {
		cmd := exec.Command("/bin/sh", "-c", "while :; do :; done")
		dieWithParent(cmd)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			cmd.Process.Kill()
			cmd.Wait()
		})
	}
}
