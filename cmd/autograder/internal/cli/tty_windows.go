package cli

import (
	"io"
	"os"

	"golang.org/x/sys/windows"
)

// isTerminal reports whether w is a console (for colour and progress bars).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	var mode uint32
	return windows.GetConsoleMode(windows.Handle(f.Fd()), &mode) == nil
}
