package escape

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestTerminal(t *testing.T) {
	for _, tc := range []struct{ in, want, line string }{
		{"plain text", "plain text", "plain text"},
		{"two\nlines\twith tab", "two\nlines\twith tab", "two␊lines␉with tab"},
		{"title\x1b]0;pwned\x07", "title␛]0;pwned␇", "title␛]0;pwned␇"},
		{"\x1b[2J\x1b[H", "␛[2J␛[H", "␛[2J␛[H"},
		{"clip\x1b]52;c;ZXZpbA==\x07", "clip␛]52;c;ZXZpbA==␇", "clip␛]52;c;ZXZpbA==␇"},
		{"windows\r\nline", "windows\nline", "windows␍␊line"},
		{"fake\rreal", "fake␍real", "fake␍real"},
		{"del\x7f", "del␡", "del␡"},
		{"nul\x00", "nul␀", "nul␀"},
		{"c1 \u009b31m", "c1 <U+009B>31m", "c1 <U+009B>31m"},
		{"bidi \u202egnp.exe", "bidi <U+202E>gnp.exe", "bidi <U+202E>gnp.exe"},
		{"non\ufffe\uffff\U0010ffff\ufdd0", "non<U+FFFE><U+FFFF><U+10FFFF><U+FDD0>", "non<U+FFFE><U+FFFF><U+10FFFF><U+FDD0>"},
		{"isolate \u2066x\u2069", "isolate <U+2066>x<U+2069>", "isolate <U+2066>x<U+2069>"},
		{"bad \xff\xfe utf-8", `bad \xff\xfe utf-8`, `bad \xff\xfe utf-8`},
		{"ünïcødé ✓ \ufffd", "ünïcødé ✓ \ufffd", "ünïcødé ✓ \ufffd"},
		{"sep\u2028x", "sep<U+2028>x", "sep<U+2028>x"},
	} {
		if got := Terminal(tc.in); got != tc.want {
			t.Errorf("Terminal(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := TerminalLine(tc.in); got != tc.line {
			t.Errorf("TerminalLine(%q) = %q, want %q", tc.in, got, tc.line)
		}
	}
}

func TestMarkdown(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"alice", "alice"},
		{"smith, john (2nd try)", "smith, john (2nd try)"},
		{"smithjohn_123", `smithjohn\_123`},
		{"[link](http://x)", `\[link\](http\://x)`},
		{"![img](x.png)", `\!\[img\](x.png)`},
		{"<script>alert(1)</script>", `\<script\>alert(1)\</script\>`},
		{"a | b", `a \| b`},
		{"*bold* _em_ ~~del~~ `code`", `\*bold\* \_em\_ \~\~del\~\~ \` + "`code\\`"},
		{"# heading", `\# heading`},
		{"- item", `\- item`},
		{"+ item", `\+ item`},
		{"===", `\===`},
		{"1. first", `1\. first`},
		{"12) first", `12\) first`},
		{"version 1.2", "version 1.2"},
		{"visit www.evil.com", `visit www\.evil.com`},
		{"&amp; &#60;", `\&amp; \&\#60;`},
		{"$x^2$", `\$x^2\$`},
		{"mail alice@example.com", `mail alice\@example.com`},
		{`back\slash`, `back\\slash`},
		{"two\nlines", "two␊lines"},
		{"esc\x1b[2J", `esc␛\[2J`},
	} {
		if got := Markdown(tc.in); got != tc.want {
			t.Errorf("Markdown(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCodeBlock(t *testing.T) {
	for _, tc := range []struct{ info, in, want string }{
		{"", "x := 1\n", "```\nx := 1\n```\n\n"},
		{"diff", "-a\n+b", "```diff\n-a\n+b\n```\n\n"},
		{"", "```\n# not a heading\n```", "````\n```\n# not a heading\n```\n````\n\n"},
		{"", "`````", "``````\n`````\n``````\n\n"},
		{"", "\x1b]0;title\x07", "```\n␛]0;title␇\n```\n\n"},
	} {
		if got := CodeBlock(tc.info, tc.in); got != tc.want {
			t.Errorf("CodeBlock(%q, %q) = %q, want %q", tc.info, tc.in, got, tc.want)
		}
	}
}

func TestInlineCode(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"java EightQueen 8", "`java EightQueen 8`"},
		{"a`b", "``a`b``"},
		{"`x`", "`` `x` ``"},
		{"a\nb", "`a␊b`"},
	} {
		if got := InlineCode(tc.in); got != tc.want {
			t.Errorf("InlineCode(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCSVCell(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"alice", "alice"},
		{`=HYPERLINK("http://evil","x")`, `'=HYPERLINK("http://evil","x")`},
		{"+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\t=1", "'\t'=1"},
		{"\r=1", "␍=1"},
		{"\r\n=1", "'\n'=1"},
		{"esc\x1b]0;t\x07", "esc␛]0;t␇"},
		{"  =1+1", "'  =1+1"},
		{"＝1+1", "'＝1+1"},
		{"-1", "-1"},
		{"+2.5", "+2.5"},
		{"60", "60"},
		{"-", "'-"},
		{"", ""},
		{"a=b", "a=b"},
		{"x;=2+2", "x;'=2+2"},
		{"a, -1", "a,' -1"},
		{`"=1"`, `'"=1"`},
		{"a\n@x", "a\n'@x"},
		{"a\r@x", "a␍@x"},
		{`a;"=1"`, `a;'"=1"`},
		{"--1", "'--1"},
	} {
		if got := CSVCell(tc.in); got != tc.want {
			t.Errorf("CSVCell(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCSV(t *testing.T) {
	got := string(CSV([][]string{
		{"Student", "ID", "score"},
		{"alice", "", "60"},
		{"=1+1", "x;=2+2", "-1"},
		{"a,b", `say "hi"`, "tab\there"},
		{"two\nlines", " lead", "trail "},
	}))
	want := "Student,ID,score\n" +
		"alice,,60\n" +
		"'=1+1,\"x;'=2+2\",-1\n" +
		"\"a,b\",\"say \"\"hi\"\"\",\"tab\there\"\n" +
		"\"two\nlines\",\" lead\",\"trail \"\n"
	if got != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", got, want)
	}
}

func TestFileName(t *testing.T) {
	long := strings.Repeat("a", 250)
	for _, tc := range []struct{ in, want string }{
		{"alice", "alice"},
		{"smithjohn_123", "smithjohn_123"},
		{"hw4.v2-final", "hw4.v2-final"},
		{strings.Repeat("a", 100), strings.Repeat("a", 100)},
	} {
		if got := FileName(tc.in); got != tc.want {
			t.Errorf("FileName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, in := range []string{long, "", ".", "..", ".hidden", "-rf", "a/b", `a\b`, "CON", "nul.txt", "com1", "end.",
		"müller", "=HYPERLINK(x)", "a\x00b", "\x1b]0;t\x07"} {
		got := FileName(in)
		checkName(t, in, got)
		if got == in {
			t.Errorf("FileName(%q) is unchanged", in)
		}
	}
	if got := FileName(long); !strings.HasPrefix(got, strings.Repeat("a", 80)+"-") {
		t.Errorf("FileName(250 a's) = %q, want 80 a's, '-' and a hash", got)
	}
}

func TestFileNames(t *testing.T) {
	long := strings.Repeat("x", 300)
	got := FileNames([]string{"Alice", "alice", "alice-2", long, long + "y", "a b", FileName("a b")})
	seen := map[string]bool{}
	for _, n := range got {
		if seen[strings.ToLower(n)] {
			t.Errorf("FileNames gives %q twice (ignoring case): %q", n, got)
		}
		seen[strings.ToLower(n)] = true
	}
	if got[0] != "Alice" || got[1] != hashed("alice")+"-2" || got[2] != "alice-2" {
		t.Errorf("FileNames = %q, want Alice, alice's hashed name -2, alice-2 first", got)
	}
}

// checkName fails unless name is a valid file name for id.
func checkName(t *testing.T, id, name string) {
	t.Helper()
	if name == "" || len(name) > MaxFileName || !safeName(name) {
		t.Errorf("FileName(%q) = %q: not a safe name", id, name)
	}
}

// checkVisible fails if s holds anything a terminal acts on; keep are the
// controls allowed.
func checkVisible(t *testing.T, in, s, keep string) {
	t.Helper()
	if !utf8.ValidString(s) {
		t.Fatalf("%q gives invalid UTF-8 %q", in, s)
	}
	for _, r := range s {
		if (r < ' ' || r == 0x7f || r >= 0x80 && r < 0xa0 || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp)) && !strings.ContainsRune(keep, r) {
			t.Fatalf("%q gives %q, which holds %U", in, s, r)
		}
	}
}

func FuzzTerminal(f *testing.F) {
	for _, s := range []string{"plain", "a\r\nb\rc", "\x1b]0;t\x07\x1b[2J", "\u202e\u2066\u009b", "\xff\xc3", "\x00\x7f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		multi, line := Terminal(s), TerminalLine(s)
		checkVisible(t, s, multi, "\n\t")
		checkVisible(t, s, line, "")
		if Terminal(multi) != multi || TerminalLine(line) != line {
			t.Fatalf("escaping %q twice changes it", s)
		}
		if strings.Count(multi, "\n") != strings.Count(s, "\n") {
			t.Fatalf("Terminal(%q) = %q changes the number of lines", s, multi)
		}
	})
}

func FuzzMarkdownText(f *testing.F) {
	for _, s := range []string{"[x](http://y)", "<img src=x onerror=alert(1)>", "# h", "1. x", "a|b", "`c`", "\\*", "www.x.org", "\x1b[31m"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		md := Markdown(s)
		checkVisible(t, s, md, "")
		if md != "" && strings.IndexByte("-+=", md[0]) >= 0 {
			t.Fatalf("Markdown(%q) = %q starts a block", s, md)
		}
		var plain strings.Builder
		for i := 0; i < len(md); i++ {
			c := md[i]
			if c == '\\' {
				if i+1 == len(md) || !isPunct(md[i+1]) {
					t.Fatalf("Markdown(%q) = %q has a lone backslash at %d", s, md, i)
				}
				i++
				plain.WriteByte(md[i])
				continue
			}
			if strings.IndexByte(mdSpecial, c) >= 0 {
				t.Fatalf("Markdown(%q) = %q has %q unescaped at %d", s, md, c, i)
			}
			if c == ':' && strings.HasPrefix(md[i+1:], "//") || c == '.' && endsFold(plain.String(), "www") {
				t.Fatalf("Markdown(%q) = %q has an autolink at %d", s, md, i)
			}
			plain.WriteByte(c)
		}
		if plain.String() != TerminalLine(s) {
			t.Fatalf("Markdown(%q) = %q reads as %q, not %q", s, md, plain.String(), TerminalLine(s))
		}
		block := CodeBlock("", s)
		fence := block[:strings.IndexByte(block, '\n')]
		if inner := block[len(fence) : len(block)-len(fence)-3]; strings.Contains(inner, fence) {
			t.Fatalf("CodeBlock(%q) is closed early by its content: %q", s, block)
		}
		checkVisible(t, s, block, "\n\t")
	})
}

func isPunct(c byte) bool {
	return c < utf8.RuneSelf && unicode.IsPunct(rune(c)) || strings.IndexByte("$+<=>^`|~", c) >= 0
}

func FuzzCSVCell(f *testing.F) {
	for _, s := range []string{"=1+1", "-1", "+cmd|'/C calc'!A0", "@SUM(1)", "\t=1", " =1", "a;=1", `"=1"`, "a,b\nc"} {
		f.Add(s, "-2.5")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		// The first cell of a row is never the student's alone (an id or
		// a name has the grader's text before it, or is neutralised).
		data := CSV([][]string{{"x", a, b}, {"y", b, "-1"}})
		checkVisible(t, a+b, string(data), "\n\t")
		for _, comma := range []rune{',', ';', '\t'} {
			r := csv.NewReader(bytes.NewReader(data))
			r.Comma, r.FieldsPerRecord, r.LazyQuotes = comma, -1, true
			recs, err := r.ReadAll()
			if err != nil && comma == ',' {
				t.Fatalf("CSV of %q, %q does not read back: %v", a, b, err)
			}
			for _, rec := range recs {
				for _, cell := range rec {
					if live(cell) {
						t.Fatalf("CSV of %q, %q split at %q has the live cell %q:\n%s", a, b, comma, cell, data)
					}
				}
			}
			// (encoding/csv reads "\r\n" in a quoted cell as "\n".)
			crlf := strings.NewReplacer("\r\n", "\n")
			if comma == ',' && (len(recs) != 2 || recs[0][1] != crlf.Replace(CSVCell(a)) || recs[0][2] != crlf.Replace(CSVCell(b))) {
				t.Fatalf("CSV of %q, %q reads back as %q", a, b, recs)
			}
		}
		if n := CSVCell(a); strings.ReplaceAll(n, "'", "") != strings.ReplaceAll(Terminal(a), "'", "") {
			t.Fatalf("CSVCell(%q) = %q changes more than adding quotes", a, n)
		}
	})
}

// live reports whether a spreadsheet would read the cell as a formula:
// it starts with a formula's character, after any spaces and double
// quotes, and is not a number.
func live(cell string) bool {
	t := strings.TrimLeftFunc(cell, func(r rune) bool { return r == '"' || r != '\t' && r != '\r' && unicode.IsSpace(r) })
	r, _ := utf8.DecodeRuneInString(t)
	return t != "" && strings.ContainsRune(formulaStarts, r) && !isNumber(cell)
}

func FuzzFileName(f *testing.F) {
	for _, s := range []string{"alice", strings.Repeat("é", 200), "../x", "CON", ".", "a b"} {
		f.Add(s, strings.ToUpper(s))
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		checkName(t, a, FileName(a))
		if FileName(a) != FileName(a) {
			t.Fatalf("FileName(%q) differs between calls", a)
		}
		names := FileNames([]string{a, b, a + "x"})
		for _, n := range names {
			checkName(t, a, n)
		}
		if strings.EqualFold(names[0], names[1]) || strings.EqualFold(names[0], names[2]) || strings.EqualFold(names[1], names[2]) {
			t.Fatalf("FileNames(%q, %q, %q) = %q: two alike", a, b, a+"x", names)
		}
	})
}
