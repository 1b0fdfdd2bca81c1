package similarity

import (
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

// TestSourceText: each language's file made into what its compiler
// reads, and each token's place mapped back to the file's bytes.
func TestSourceText(t *testing.T) {
	for _, tc := range []struct {
		name string
		lang *toolchain.Toolchain
		src  string
		text string // the text the lexer reads
		// the file's bytes of the tokens, one per line ("" : not checked)
		tokens string
		note   string
	}{
		{"java escapes", Java, `int x = \u0031;//\u000ay++;`, "int x = 1;//\ny++;", "int\nx\n=\n\\u0031\n;\ny\n++\n;", ""},
		{"java many u's", Java, `\uuuu0061`, "a", `\uuuu0061`, ""},
		{"java escaped backslash", Java, `"\\u0022"`, `"\\u0022"`, `"\\u0022"`, ""},
		{"java three backslashes", Java, `"\\\u0041"`, `"\\A"`, "", ""},
		{"java made backslash", Java, `\u005cu0041`, `\u0041`, "", ""},
		{"java bad escape", Java, `\u00g1 \u12`, `\u00g1 \u12`, "", ""},
		{"java comment", Java, "/\\u002a x \\u002a/ y", "/* x */ y", "y", ""},
		// Java has no line splices, and a comment's "/*" shares no "*"
		// with its "*/", nor is a parenthesis in an annotation's comment
		// one (toolchain.ReadJava, as javac reads them).
		{"java line comment, backslash", Java, "// a \\\nint x;", "// a \\\nint x;", "int\nx\n;", ""},
		{"java comment opened by /*/", Java, "/*/ int x; */ y;", "/*/ int x; */ y;", "y\n;", ""},
		{"java annotation comment", Java, "@A(/* ) */ 1) int y;", "@A(/* ) */ 1) int y;", "int\ny\n;", ""},
		{"c splice", C, "in\\\nt x;", "int x;", "in\\\nt\nx\n;", ""},
		{"c spaced splice", C, "// a \\  \r\nint x;\nint y;", "// a int x;\nint y;", "int\ny\n;", ""},
		{"c++ raw string splice", CPP, "R\"x(a)\\\nx\" /* )x\"; int y; // */", "R\"x(a)x\" /* )x\"; int y; // */", "R\"x(a)\\\nx\" /* )x\"\n;\nint\ny\n;", ""},
		{"c comment opened by /*/", C, "/*/ int x; */ y;", "/*/ int x; */ y;", "y\n;", ""},
		{"c no trigraphs", C, "??/\nint x;", "??/\nint x;", "", ""},
		{"python bom", Python, "\xef\xbb\xbfx = 1\n", "x = 1\n", "x\n=\n1", ""},
		{"python utf-7", Python, "# coding: utf-7\n#+AAo-x +- 1+AAoAeg-=3", "# coding: utf-7\n#\nx + 1\nz=3", "", "decoded from UTF-7"},
		{"python utf-7 surrogates", Python, "# coding=utf7\n+2D3eAA-", "# coding=utf7\n\U0001f600", "", "decoded from UTF-7"},
		{"python line 2", Python, "#!/usr/bin/env python3\n# vim: set fileencoding=UTF_7 :\n+AHg-", "#!/usr/bin/env python3\n# vim: set fileencoding=UTF_7 :\nx", "", "decoded"},
		{"python not line 2 after code", Python, "x = 1\n# coding: utf-7\n+AHg-", "x = 1\n# coding: utf-7\n+AHg-", "", ""},
		{"python unicode_escape", Python, "# coding: unicode_escape\n#\\nx = '\\x41'\\\n", "# coding: unicode_escape\n#\nx = 'A'", "", "unicode_escape"},
		{"python raw_unicode_escape", Python, "# coding: raw_unicode_escape\n#\\u000ax\\\\u000a", "# coding: raw_unicode_escape\n#\nx\\\\u000a", "", "raw_unicode_escape"},
		{"python shift_jis", Python, "# coding: shift_jis\ns = \"\x83\x5c\"; x = 1\n", "# coding: shift_jis\ns = \"\x83\x80\"; x = 1\n", "", ""},
		{"python shift_jis_2004 yen", Python, "# coding: shift_jis_2004\ns = \"\\\"; x = 1\n", "# coding: shift_jis_2004\ns = \"\x80\"; x = 1\n", "", ""},
		{"python iso-2022-jp", Python, "# coding: iso-2022-jp\n\x1b$B#x\x1b(B = 1\n", "# coding: iso-2022-jp\n   \x80\x80    = 1\n", "", ""},
		{"python latin-1", Python, "# coding: latin-1\nx = '\xe9'\n", "# coding: latin-1\nx = '\xe9'\n", "", ""},
		{"python unknown", Python, "# coding: klingon\nx = 1\n", "# coding: klingon\nx = 1\n", "", "klingon"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			toks, s := tokens(tc.lang, []byte(tc.src), 1<<20)
			if string(s.text) != tc.text {
				t.Errorf("text %q, want %q", s.text, tc.text)
			}
			if !strings.Contains(s.note, tc.note) || tc.note == "" && s.note != "" {
				t.Errorf("note %q, want one with %q", s.note, tc.note)
			}
			checkTokens(t, tc.lang, []byte(tc.src))
			if tc.tokens == "" {
				return
			}
			var got []string
			for _, tok := range toks {
				if tok.Kind != kindLine {
					got = append(got, tc.src[tok.Start:tok.End])
				}
			}
			if g := strings.Join(got, "\n"); g != tc.tokens {
				t.Errorf("tokens\n%q\nwant\n%q", g, tc.tokens)
			}
		})
	}
}

// TestLineEnds: a carriage return alone ends a line, as javac, gcc and
// Python read it; a Windows line end stays; the file is never changed.
func TestLineEnds(t *testing.T) {
	src := []byte("a\rb\r\nc\r")
	if got := string(lineEnds(src)); got != "a\nb\r\nc\n" {
		t.Errorf("lineEnds = %q", got)
	}
	if string(src) != "a\rb\r\nc\r" {
		t.Errorf("lineEnds changed its input to %q", src)
	}
	toks := Tokens(Java, []byte("// c\rint x;"))
	if len(toks) != 3 || toks[0].Line != 2 {
		t.Errorf("tokens %+v, want int x ; on line 2", toks)
	}
}

// TestTrigraphs: the C and C++ toolchains build in GNU mode and as
// C++17, where gcc reads no trigraphs; a strict mode would.
func TestTrigraphs(t *testing.T) {
	if readsTrigraphs(C) || readsTrigraphs(CPP) {
		t.Errorf("the toolchains read trigraphs: C %v, C++ %v", readsTrigraphs(C), readsTrigraphs(CPP))
	}
	for _, flag := range []string{"-std=c99", "-std=c++14", "-trigraphs", "-std=iso9899:1990"} {
		if !strictISO.MatchString(flag) && flag != "-trigraphs" {
			t.Errorf("%s is not a mode with trigraphs", flag)
		}
	}
	for _, flag := range []string{"-std=gnu11", "-std=c++17", "-std=gnu++14", "-std=c++20"} {
		if strictISO.MatchString(flag) {
			t.Errorf("%s is a mode with trigraphs", flag)
		}
	}
	src := "??=define X ??/\n1\nint a??(2??) = ??< X ??>; // ??/\nhidden();"
	s := cSource([]byte(src), true)
	if want := "#define X 1\nint a[2] = { X }; // hidden();"; string(s.text) != want {
		t.Errorf("with trigraphs %q, want %q", s.text, want)
	}
}

// TestTokenLimit: a file read up to a limit stops there, and the same
// limit gives the same tokens again.
func TestTokenLimit(t *testing.T) {
	src := []byte(strings.Repeat("@A(\"x\") class C { int x = 1; }\n", 100))
	all := Tokens(Java, src)
	cut, _ := tokens(Java, src, 50)
	if len(cut) != 50 || len(all) <= 50 {
		t.Fatalf("%d tokens with a limit of 50, %d without", len(cut), len(all))
	}
	for i := range cut {
		if cut[i] != all[i] {
			t.Fatalf("token %d is %+v with a limit, %+v without", i, cut[i], all[i])
		}
	}
	py := []byte(strings.Repeat("x = 'a' + b'''c'''\n", 100))
	if cut, _ := tokens(Python, py, 7); len(cut) != 7 {
		t.Errorf("%d Python tokens with a limit of 7", len(cut))
	}
}
