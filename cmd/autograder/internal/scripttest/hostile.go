package scripttest

import (
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// cmdMvq renames a file or folder of the script's work folder to a name a
// script cannot spell (see expandName): a submission under a hostile name.
func cmdMvq(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: mvq OLD NEW")
	}
	ts.Check(os.Rename(ts.MkAbs(args[0]), ts.MkAbs(expandName(ts, args[1]))))
}

// repeat is "{c*N}" in a name: N times the character c.
var repeat = regexp.MustCompile(`\{(.)\*([0-9]+)\}`)

// expandName expands a name's Go escapes ("\x1b]0;title\a") and repeats
// ("{a*246}": 246 a's).
func expandName(ts *testscript.TestScript, s string) string {
	s = repeat.ReplaceAllStringFunc(s, func(m string) string {
		sub := repeat.FindStringSubmatch(m)
		n, _ := strconv.Atoi(sub[2])
		return strings.Repeat(sub[1], n)
	})
	name, err := strconv.Unquote(`"` + strings.ReplaceAll(s, `"`, `\"`) + `"`)
	if err != nil {
		ts.Fatalf("%q: %v", s, err)
	}
	return name
}
