// Package textfmt writes the small things every message shares as people
// read them: a size in bytes, a number, a word for a POSIX shell.
package textfmt

import (
	"fmt"
	"strconv"
	"strings"
)

// Decimal writes a number as a person reads it: in decimal, no exponent,
// rounded to 12 significant digits, then the shortest that reads back.
// Sums of decimals carry binary artefacts far past the 12th digit (0.1 +
// 0.2 is 0.30000000000000004, 20 - 9.57 is 10.430000000000001, 0.01
// added 1000 times 9.999999999999831): they show as a person adds them,
// "0.3", "10.43", "10"; a number of 12 digits or fewer written in a file
// (0.125, 2.375) shows as it was written.
func Decimal(x float64) string {
	y, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'e', 11, 64), 64) // (it reads back what it wrote, inf and NaN too)
	if y == 0 {
		y = 0 // not "-0"
	}
	return strconv.FormatFloat(y, 'f', -1, 64)
}

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
