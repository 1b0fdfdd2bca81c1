//go:build windows

package sandbox

import (
	"os"
	"os/exec"
	"strings"
)

// killable leaves exec's default kill of the process: children that the
// program starts are not killed with it (no Job Object yet).
func killable(*exec.Cmd) {}

func reap(*exec.Cmd) {}

func procStats(*os.ProcessState) (signal string, peak int64) { return "", 0 }

// basicEnv keeps the variables without which Windows programs (the JVM
// among them) cannot start, unless Env sets them.
func basicEnv(given []string, home, tmp string) []string {
	var keep []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch strings.ToUpper(k) {
		case "SYSTEMROOT", "WINDIR", "COMSPEC", "PATHEXT", "PATH":
			if !hasEnv(given, k) {
				keep = append(keep, kv)
			}
		}
	}
	return env(append(keep, given...), home, tmp)
}
