package testenv

import (
	"os/exec"
	"syscall"
)

// dieWithParent has cmd killed when the process that started it ends.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
