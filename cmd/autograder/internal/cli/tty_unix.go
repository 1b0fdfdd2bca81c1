//go:build unix

package cli

import (
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// isTerminal reports whether w is a terminal (for colour and progress bars).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	_, err := unix.IoctlGetTermios(int(f.Fd()), ioctlGetTermios)
	return err == nil
}
