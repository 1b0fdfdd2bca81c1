package similarity

import "testing"

// checkTokens fails when a lexer's tokens are out of the file, out of
// order, or on no line.
func checkTokens(t *testing.T, lang Lang, src []byte) {
	prev := Token{Line: 1}
	for i, tok := range Tokens(lang, src) {
		if tok.Start < prev.End || tok.End < tok.Start || int(tok.End) > len(src) || tok.Line < prev.Line {
			t.Fatalf("%v: token %d is %+v after %+v in %d bytes", lang, i, tok, prev, len(src))
		}
		prev = tok
	}
}

func seeds(f *testing.F, srcs ...string) {
	for _, s := range srcs {
		f.Add([]byte(s))
	}
}

func FuzzLexC(f *testing.F) {
	seeds(f, "#include <x.h>\n#define A(x) (x)\\\n+1\nint main(){char c='\\'';return L\"s\"[0];} /* open", "1.5e-3f 0x1p+3 '")
	f.Fuzz(func(t *testing.T, src []byte) { checkTokens(t, C, src) })
}

func FuzzLexCPP(f *testing.F) {
	seeds(f, `auto s = R"d(x)d"; u8R"(y`, "std::vector<int> v{1'000}; a <=> b; p->*q;")
	f.Fuzz(func(t *testing.T, src []byte) { checkTokens(t, CPP, src) })
}

func FuzzLexJava(f *testing.F) {
	seeds(f, "@A(x=\")\") class C { String s = \"\"\"\n  a\n\"\"\"; char c = '\\u0041'; }", "import a.b.*; x >>>= 1; /* open")
	f.Fuzz(func(t *testing.T, src []byte) { checkTokens(t, Java, src) })
}

func FuzzLexPython(f *testing.F) {
	seeds(f, "def f(a,\n  b):\n    return rb'''x\n''' + f\"{a}\" \\\n + 1 # c\n", "s = '''open")
	f.Fuzz(func(t *testing.T, src []byte) { checkTokens(t, Python, src) })
}
