package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

func TestHighlight(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"A.java", "int x = 1; // hi\n", `[[{kw int} {  x = 1; } {com // hi}]]`},
		{"A.java", "/* a\nb */ return \"s\\\"x\";", `[[{com /* a}] [{com b */} {  } {kw return} {  } {str "s\"x"} { ;}]]`},
		{"a.py", "def f():\n  '''doc\n  more''' # c", `[[{kw def} {  f():}] [{   } {str '''doc}] [{str   more'''} {  } {com # c}]]`},
		{"notes.txt", "<b>if</b>", `[[{ <b>if</b>}]]`},
		{"A.java", "x\x1b[2J\u202e", `[[{ x␛[2J<U+202E>}]]`},
	} {
		got := fmt.Sprint(highlight(tc.name, []byte(tc.src)))
		if got != tc.want {
			t.Errorf("highlight(%s, %q)\n got %s\nwant %s", tc.name, tc.src, got, tc.want)
		}
	}
}

// TestEveryToolchainColoured: each language the grader builds is coloured.
func TestEveryToolchainColoured(t *testing.T) {
	for _, tc := range toolchain.All() {
		if toolchain.SyntaxOf(tc.Exts[0]) == nil {
			t.Errorf("%s has no syntax", tc.Name)
		}
	}
}

func FuzzHighlight(f *testing.F) {
	f.Add("A.java", "/* x */ \"y\" // z")
	f.Add("a.py", "'''\n")
	f.Fuzz(func(t *testing.T, name, src string) {
		lines := highlight(name, []byte(src))
		var b strings.Builder
		for _, l := range lines {
			for _, s := range l {
				b.WriteString(s.Text)
			}
		}
		if strings.ContainsAny(b.String(), "\x1b\r\n") {
			t.Errorf("a control character is shown raw: %q", b.String())
		}
	})
}
