package testenv

import (
	"os/exec"
	"runtime"
	"testing"
)

// Crowd keeps the machine's cores busy with 6 spinning processes a core
// until the test ends: a program then gets a seventh of a core or less,
// for tests of what the grader leaves out of a wall limit (the time a
// run waited for a core). Where the system allows, the spinners die with
// the test binary too (go test's timeout ends it without cleanups; left,
// they would crowd every later run).
func Crowd(t testing.TB) {
	t.Helper()
	for range 6 * runtime.NumCPU() {
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
