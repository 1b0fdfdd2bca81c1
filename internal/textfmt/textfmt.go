// Package textfmt writes the small things every message shares as people
// read them: a size in bytes, a word for a POSIX shell.
package textfmt

import (
	"fmt"
	"strings"
)

// Size writes a byte count as people read it: "8 MiB" when it is a whole
// number of KiB, MiB, GiB or TiB (the largest that divides it), otherwise
// "1000 bytes".
func Size(n int64) string {
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 40, "TiB"}, {1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

// ShellQuote quotes s for a POSIX shell (bash, sh): as is when it is made
// of safe characters only, else in single quotes.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
