//go:build !linux

package testenv

import (
	"os/exec"
	"runtime"
	"testing"
)

// dieWithParent: no such signal here; the test's cleanup kills cmd.
func dieWithParent(*exec.Cmd) {}

// confine: no affinity here; every core is crowded.
func confine(testing.TB) (int, func()) { return runtime.NumCPU(), func() {} }
