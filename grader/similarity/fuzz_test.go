package similarity

import (
	"bytes"
	"testing"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

// checkTokens fails when a lexer's tokens are out of the file, out of
// order, or on no line.
func checkTokens(t *testing.T, lang *toolchain.Toolchain, src []byte) {
	prev := Token{Line: 1}
	for i, tok := range Tokens(lang, src) {
		if tok.Start < prev.End || tok.End < tok.Start || int(tok.End) > len(src) || tok.Line < prev.Line {
			t.Fatalf("%v: token %d is %+v after %+v in %d bytes", lang.Name, i, tok, prev, len(src))
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
	seeds(f, "#include <x.h>\n#define A(x) (x)\\\n+1\nint main(){char c='\\'';return L\"s\"[0];} /* open", "1.5e-3f 0x1p+3 '", "%:define X(a) %:a %:%: a\nint a<:2:> = <%1%>; x and y or not z;", "#define N for\n#define E\n#define M N M E\nN E(;;) M N")
	f.Fuzz(func(t *testing.T, src []byte) { checkTokens(t, C, src) })
}

func FuzzLexCPP(f *testing.F) {
	seeds(f, `auto s = R"d(x)d"; u8R"(y`, "std::vector<int> v{1'000}; a <=> b; p->*q;", "std::vector<::std::string> v; a<:0:> bitand compl b;")
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

// checkSource fails when a source's marks do not go forward in both the
// text and the file, or its text is longer than the file and not
// decoded.
func checkSource(t *testing.T, s source, src []byte) {
	for i := 1; i < len(s.marks); i++ {
		a, b := s.marks[i-1], s.marks[i]
		if b.t <= a.t || b.o < a.o || int(b.o) > len(src) || int(b.t) > len(s.text) {
			t.Fatalf("mark %d %+v after %+v (text %d bytes, file %d)", i, b, a, len(s.text), len(src))
		}
	}
}

func FuzzLineEnds(f *testing.F) {
	seeds(f, "a\rb\r\nc\r", "\r\r\n\n\r")
	f.Fuzz(func(t *testing.T, src []byte) {
		out := lineEnds(src)
		if len(out) != len(src) || bytes.Contains(out, []byte("\r\n")) != bytes.Contains(src, []byte("\r\n")) || loneCR(out, 0) >= 0 {
			t.Fatalf("lineEnds(%q) = %q", src, out)
		}
	})
}

func FuzzSourceJava(f *testing.F) {
	seeds(f, `//\u000a x /\u002a y \u002a/ \\u0041 \\\uu0041 \u005cu0041 \ud83d\ude00 \u12`)
	f.Fuzz(func(t *testing.T, src []byte) { checkSource(t, javaSource(src), src) })
}

func FuzzSourceC(f *testing.F) {
	seeds(f, "??=x ??/\n y \\ \t\r\n z ??/ \\", "a\\\n\\\nb??")
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, tri := range []bool{false, true} {
			s := cSource(src, tri)
			checkSource(t, s, src)
			toks := lexC(s.text, true, 1<<20, func(at int, closer string) int { return s.rawEnd(src, at, closer) })
			s.fileOffsets(toks, src)
			prev := Token{Line: 1}
			for i, tok := range toks {
				if tok.Start < prev.End || tok.End < tok.Start || int(tok.End) > len(src) || tok.Line < prev.Line {
					t.Fatalf("trigraphs %v: token %d is %+v after %+v in %d bytes", tri, i, tok, prev, len(src))
				}
				prev = tok
			}
		}
	})
}

// FuzzPythonCoding reads a body under each coding line the lexer
// decodes or makes plain.
func FuzzPythonCoding(f *testing.F) {
	f.Add(uint8(0), []byte("#+AAo-x +- 1+2D3eAA-+AAoAeg-=3+"))
	f.Add(uint8(1), []byte("#\\nx = '\\x41' \\U0001F600 \\777 \\N{x}\\"))
	f.Add(uint8(3), []byte("s = \"\x83\x5c\"; x = 1 \x83"))
	f.Add(uint8(6), []byte("\x1b$B#x\x1b(B = 1 \x0e#\x0f \x1b"))
	codecs := []string{"utf-7", "unicode_escape", "raw_unicode_escape", "shift_jis", "shift_jis_2004", "big5", "iso-2022-jp", "hz", "johab", "latin-1"}
	f.Fuzz(func(t *testing.T, c uint8, body []byte) {
		src := append([]byte("# coding: "+codecs[int(c)%len(codecs)]+"\n"), body...)
		checkSource(t, pythonSource(src), src)
		checkTokens(t, Python, src)
	})
}
