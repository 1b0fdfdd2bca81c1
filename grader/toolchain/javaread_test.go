package toolchain

import (
	"testing"
	"unicode/utf8"
)

// TestReadJava: each part of a Java source read from its first byte, up to
// where javac's lexer ends it.
func TestReadJava(t *testing.T) {
	tests := []struct {
		src  string
		part JavaPart
		end  int // the offset just past the part
	}{
		{"x", CodePart, 1},
		{"/", CodePart, 1},
		{"// c\nx", LineCommentPart, 4},
		{"// c\r\nx", LineCommentPart, 4},
		{"// c \\\nx", LineCommentPart, 6}, // no line splices in Java
		{"// c", LineCommentPart, 4},
		{"/* a\n b */x", BlockCommentPart, 10},
		{"/*/ x */", BlockCommentPart, 8}, // its own * closes nothing
		{"/**/x", BlockCommentPart, 4},
		{"/* open", BlockCommentPart, 7},
		{`"a\"b"x`, StringPart, 6},
		{`"a\\"x`, StringPart, 5},
		{"\"open\nx", StringPart, 5},
		{"\"open\r\nx", StringPart, 5},
		{`"\`, StringPart, 2},
		{`'\''x`, CharPart, 4},
		{`'"'x`, CharPart, 3},
		{"\"\"\"\n a \\\"\"\" b\n\"\"\"x", TextBlockPart, 17},
		{"\"\"\"\n a \" \"\" b\"\"\"x", TextBlockPart, 16},
		{"\"\"\"\nopen \\", TextBlockPart, 10},
		{`""x`, StringPart, 2},
	}
	for _, tc := range tests {
		part, end := ReadJava([]byte(tc.src), 0)
		if part != tc.part || end != tc.end {
			t.Errorf("ReadJava(%q) = %d, %d; want %d, %d", tc.src, part, end, tc.part, tc.end)
		}
	}
}

// TestJavaEscapes: javac's unicode escapes, and the backslashes that are
// none.
func TestJavaEscapes(t *testing.T) {
	tests := []struct {
		src  string
		want string // the source with each escape made its character
	}{
		{`\u0041`, "A"},
		{`\uuuu0041b`, "Ab"},
		{`\\u0041`, `\\u0041`},    // an escaped backslash
		{`\\\u0041`, `\\A`},       // three: the third starts one
		{`\u005c\u0041`, `\A`},    // an escape's backslash escapes nothing
		{`\u005cu0041`, `\u0041`}, // nor starts one
		{`\u004`, `\u004`},
		{`\u00G1`, `\u00G1`},
		{`\U0041`, `\U0041`},
		{`/\u002a*/`, `/**/`},
		{`\uD800`, "\uFFFD"},
	}
	for _, tc := range tests {
		var out []byte
		last := 0
		JavaEscapes([]byte(tc.src), func(start, end int, r rune) {
			out = append(out, tc.src[last:start]...)
			out = utf8.AppendRune(out, r)
			last = end
		})
		out = append(out, tc.src[last:]...)
		if string(out) != tc.want {
			t.Errorf("JavaEscapes(%q) makes %q, want %q", tc.src, out, tc.want)
		}
	}
}

// FuzzReadJava: whatever the source, every part ends past its start and
// within the source, and a source read part by part ends at its end.
func FuzzReadJava(f *testing.F) {
	for _, s := range []string{"// a\nb", "/* a */", `"a\"`, `'\'`, "\"\"\"\na\"\"\"", "\"\"\"", `\u0022`, "/*/"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for i := 0; i < len(src); {
			part, end := ReadJava(src, i)
			if end <= i || end > len(src) {
				t.Fatalf("ReadJava(%q, %d) = %d, %d", src, i, part, end)
			}
			i = end
		}
		JavaEscapes(src, func(start, end int, r rune) {
			if start < 0 || end > len(src) || end-start < 6 || src[start] != '\\' {
				t.Fatalf("escape %d..%d of %q", start, end, src)
			}
		})
	})
}
