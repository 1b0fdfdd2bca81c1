package unittest

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

// javaSource is a Java file made ready for scanning: code is the source
// with its comments blanked (a commented-out @Test declares nothing),
// bare is code with the contents of its string and character literals
// blanked too (for counting braces). Both keep every byte's offset and
// every newline.
type javaSource struct {
	code, bare string
}

// scanJavaSource blanks comments, and in bare also the contents of
// literals, as toolchain.JavaBlanked does, in the text the compiler reads
// (javaText).
func scanJavaSource(src string) javaSource {
	b := javaText([]byte(src))
	return javaSource{code: string(toolchain.JavaBlanked(b, false)), bare: string(toolchain.JavaBlanked(b, true))}
}

// javaText is a source as the Java compiler reads it: its unicode escapes
// translated first (JLS 3.3, toolchain.JavaEscapes; "\u0040Test" is
// @Test, "\u000a" ends a line comment), then, outside comments and
// literals, the characters an identifier ignores left out (JLS 3.8:
// "adds\u0000Twice" is addsTwice, as the compiler names the method). A
// surrogate half becomes U+FFFD.
func javaText(src []byte) []byte {
	text, _ := javaTextLines(src)
	return text
}

// javaTextLines is javaText with the line of the source (from 1) each of
// its bytes comes from: what a student reads in the file.
func javaTextLines(src []byte) (text []byte, lines []int) {
	line := 1
	var mid []byte
	var midLines []int
	last := 0
	copyRaw := func(to int) {
		for _, c := range src[last:to] {
			mid, midLines = append(mid, c), append(midLines, line)
			if c == '\n' {
				line++
			}
		}
	}
	toolchain.JavaEscapes(src, func(start, end int, r rune) {
		copyRaw(start)
		n := len(mid)
		mid = utf8.AppendRune(mid, r)
		for range len(mid) - n {
			midLines = append(midLines, line)
		}
		last = end
	})
	copyRaw(len(src))
	for i := 0; i < len(mid); {
		part, end := toolchain.ReadJava(mid, i)
		if part != toolchain.CodePart {
			text, lines = append(text, mid[i:end]...), append(lines, midLines[i:end]...)
			i = end
			continue
		}
		r, n := utf8.DecodeRune(mid[i:])
		if n == 1 && r == utf8.RuneError || !javaIgnorable(r) {
			// (a byte that is not UTF-8 stays as it is)
			text, lines = append(text, mid[i:i+n]...), append(lines, midLines[i:i+n]...)
		}
		i += n
	}
	return text, lines
}

// javaIgnorable is Java's Character.isIdentifierIgnorable: the controls
// that are not white space, and the format characters (Cf).
func javaIgnorable(r rune) bool {
	return r <= 0x08 || 0x0e <= r && r <= 0x1b || 0x7f <= r && r <= 0x9f || unicode.Is(unicode.Cf, r)
}

var (
	// A test method's annotation: @Test, @ParameterizedTest, @RepeatedTest,
	// @TestFactory.
	javaTestAnnotation = regexp.MustCompile(`@(?:org\.junit\.jupiter\.(?:api|params)\.)?(Test|ParameterizedTest|RepeatedTest|TestFactory)(?:[^` + javaPart + `]|$)`)
	javaNestedRE       = regexp.MustCompile(`@(?:org\.junit\.jupiter\.api\.)?Nested\b[^{;]*?\bclass\s+(` + javaName + `)`)
)

// javaName is a Java identifier (JLS 3.8: Character.isJavaIdentifierStart,
// then isJavaIdentifierPart; its ignorable characters are gone, javaText);
// javaPart is the class of the characters that go on one.
const (
	javaStart = `\p{L}\p{Nl}\p{Sc}\p{Pc}`
	javaPart  = javaStart + `\p{Nd}\p{Mn}\p{Mc}`
	javaName  = `[` + javaStart + `][` + javaPart + `]*`
)

// nestedClass is a @Nested class's body: the offsets of its braces.
type nestedClass struct {
	name       string
	start, end int
}

// nested finds the @Nested classes of a file and their bodies.
func (s javaSource) nested() []nestedClass {
	var out []nestedClass
	for _, m := range javaNestedRE.FindAllStringSubmatchIndex(s.bare, -1) {
		open := strings.IndexByte(s.bare[m[1]:], '{')
		if open < 0 {
			continue
		}
		open += m[1]
		out = append(out, nestedClass{name: s.code[m[2]:m[3]], start: open, end: s.bodyEnd(open)})
	}
	return out
}

// bodyEnd is the offset of the brace that closes the one at open (the
// end of the file when none does).
func (s javaSource) bodyEnd(open int) int {
	depth := 0
	for i := open; i < len(s.bare); i++ {
		if s.bare[i] == '{' {
			depth++
		} else if s.bare[i] == '}' {
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(s.bare)
}

// classAt is the class a method at offset off belongs to: the file's
// class, or "Outer$Inner" (as JUnit's report names it) inside @Nested
// classes, innermost last.
func classAt(class string, ns []nestedClass, off int) string {
	for _, n := range ns {
		if n.start < off && off < n.end {
			class += "$" + n.name
		}
	}
	return class
}

// javaPackagePrefix is a test file's package and a dot ("shop."), as the
// launcher selects its class and the report names its tests; "" in the
// default package. A case file names the test by its simple class name.
func javaPackagePrefix(data []byte) string {
	if pkg, _, _, ok := toolchain.JavaPackage(data); ok {
		return pkg + "."
	}
	return ""
}

// javaNames is the Java source src as it names a helper class: its code,
// without comments and literals (character, string, text block), but
// for a string literal that is a class's name alone, which is kept, for
// reflection (Class.forName("Oracle"), "shop.Oracle"). So a word of a
// message ("Expected an exception") or a comment names no class.
func javaNames(src []byte) []byte {
	var out []byte
	for i := 0; i < len(src); {
		part, end := toolchain.ReadJava(src, i)
		switch {
		case part == toolchain.CodePart:
			out = append(out, src[i:end]...)
		case part == toolchain.StringPart && classNameLiteralRE.Match(src[i:end]):
			out = append(append(append(out, ' '), src[i+1:end-1]...), ' ')
		default:
			out = append(out, ' ')
		}
		i = end
	}
	return out
}

// classNameLiteralRE is a string literal that is a class's name, simple or
// qualified, alone.
var classNameLiteralRE = regexp.MustCompile(`^"[\p{L}_$][\p{L}\p{N}_$]*(?:\.[\p{L}_$][\p{L}\p{N}_$]*)*"$`)
