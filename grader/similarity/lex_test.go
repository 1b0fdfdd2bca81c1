package similarity

import (
	"slices"
	"testing"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

// The toolchains whose lexers the tests read.
var (
	C      = toolchain.C
	CPP    = toolchain.CPP
	Java   = toolchain.Java
	Python = toolchain.Python
)

func kinds(ts []Token) []uint32 {
	var out []uint32
	for _, t := range ts {
		out = append(out, t.Kind)
	}
	return out
}

// TestLexersNormalise checks that each lexer reads two texts that differ
// only in names, literals, comments, layout and modifiers as the same
// tokens, and a real change as different ones.
func TestLexersNormalise(t *testing.T) {
	tests := []struct {
		lang          *toolchain.Toolchain
		a, same, diff string
	}{
		{C, "int main(void) { int x = 3; /* hi */ return x + 1; } // end",
			"#include <stdio.h>\nint\nmain (void){int count=42;return count+ 7;}",
			"int main(void) { int x = 3; return x - 1; }"},
		{CPP, `auto s = R"(a ")" b)"; std::string t = u8"x"; x <<= 2;`,
			`auto q = R"x(other)x" b)"; string t = "y"; /* c */ y <<= 9;`,
			`auto q = R"x(other)x"; string t = "y"; y >>= 9;`},
		{Java, "package p;\nimport java.util.*;\n@Override public final int f(int a) { return this.a + 0x1F + 'c'; }",
			"/** doc */ int g(int b) { return b + 31 + 'd'; } // x",
			"int g(int b) { return b * 31 + 'd'; }"},
		{Python, "import os\ndef f(a):\n    '''doc'''\n    return self.a + 1  # c\n",
			"from x import y\n\ndef g(b):\n    \"\"\"other\"\"\"\n\n    return b + 2\n",
			"def g(b):\n    return b - 2\n"},
	}
	for _, tt := range tests {
		a, same, diff := kinds(Tokens(tt.lang, []byte(tt.a))), kinds(Tokens(tt.lang, []byte(tt.same))), kinds(Tokens(tt.lang, []byte(tt.diff)))
		if !slices.Equal(a, same) {
			t.Errorf("%v: %q and %q read differently: %d and %d tokens", tt.lang.Name, tt.a, tt.same, len(a), len(same))
		}
		if slices.Equal(a, diff) {
			t.Errorf("%v: %q and %q read the same", tt.lang.Name, tt.a, tt.diff)
		}
	}
}

// TestLexersLiterals checks where literals end: escapes, text blocks,
// triple quotes, raw strings, and a literal left open.
func TestLexersLiterals(t *testing.T) {
	tests := []struct {
		lang *toolchain.Toolchain
		src  string
		want int // tokens
	}{
		{Java, `s = """` + "\n a \\\"\"\" b\n" + `""";`, 4},
		{Java, `c = '\'';`, 4},
		{Python, "s = r'\\'' + b\"\"\"x\n'''\"\"\"\n", 6},
		{CPP, `s = R"--(a)" )--";`, 4},
		{C, "s = \"open\nx;", 5},
		{C, "x = 1e+5 + 0x1E+2 + 1'000;", 10}, // 0x1E + 2: e is a digit
	}
	for _, tt := range tests {
		if got := Tokens(tt.lang, []byte(tt.src)); len(got) != tt.want {
			t.Errorf("%v %q: %d tokens, want %d", tt.lang.Name, tt.src, len(got), tt.want)
		}
	}
}

// TestLangOf checks that extensions come from the rubric's presets.
func TestLangOf(t *testing.T) {
	for name, want := range map[string]*toolchain.Toolchain{"a/B.java": Java, "m.c": C, "x.H": C, "y.cc": CPP, "z.hpp": CPP, "p.py": Python, "README": nil, "q.txt": nil} {
		if got := LangOf(name); got != want {
			t.Errorf("LangOf(%q) = %v, want %v", name, got, want)
		}
	}
}
