//go:build !windows

package sandbox

// The basic tier's process handling on Unix; Linux uses it too when a
// test asks for TierBasic.

import (
	"os"
	"os/exec"
	"runtime"
	"syscall"
)

// killable puts the program in its own process group, so that a kill
// reaches its children too (those that do not leave the group).
func killable(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}

// reap kills what is left of the program's group after it exited.
func reap(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }

func procStats(ps *os.ProcessState) (signal string, peak int64) {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		signal = ws.Signal().String()
	}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		peak = int64(ru.Maxrss)
		if runtime.GOOS != "darwin" { // darwin counts bytes, the others KiB
			peak <<= 10
		}
	}
	return signal, peak
}

func basicEnv(given []string, home, tmp string) []string { return env(given, home, tmp) }
