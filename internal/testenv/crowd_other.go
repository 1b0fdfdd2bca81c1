//go:build !linux

package testenv

import "os/exec"

// dieWithParent: no such signal here; the test's cleanup kills cmd.
func dieWithParent(*exec.Cmd) {}
