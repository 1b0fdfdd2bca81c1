package unittest

import (
	"regexp"
	"strings"
)

// javaSource is a Java file made ready for scanning: code is the source
// with its comments blanked (a commented-out @Test declares nothing),
// bare is code with the contents of its string and character literals
// blanked too (for counting braces). Both keep every byte's offset and
// every newline.
type javaSource struct {
	code, bare string
}

// scanJavaSource blanks comments, and in bare also literals, in one pass
// over the source: line and block comments, string and character
// literals with their escapes, and text blocks ("""...""").
func scanJavaSource(src string) javaSource {
	code, bare := []byte(src), []byte(src)
	blank := func(b []byte, i, j int) {
		for k := i; k < j && k < len(b); k++ {
			if b[k] != '\n' {
				b[k] = ' '
			}
		}
	}
	for i := 0; i < len(src); {
		switch {
		case strings.HasPrefix(src[i:], "//"):
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				j = len(src) - i
			}
			blank(code, i, i+j)
			blank(bare, i, i+j)
			i += j
		case strings.HasPrefix(src[i:], "/*"):
			j := strings.Index(src[i+2:], "*/")
			end := len(src)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			blank(code, i, end)
			blank(bare, i, end)
			i = end
		case strings.HasPrefix(src[i:], `"""`):
			j := strings.Index(src[i+3:], `"""`)
			end := len(src)
			if j >= 0 {
				end = i + 3 + j + 3
			}
			blank(bare, i+3, end-3)
			i = end
		case src[i] == '"' || src[i] == '\'':
			end := literalEnd(src, i)
			blank(bare, i+1, end-1)
			i = end
		default:
			i++
		}
	}
	return javaSource{code: string(code), bare: string(bare)}
}

// literalEnd is the offset just past the string or character literal
// that starts at i (at the line's end if it is not closed).
func literalEnd(src string, i int) int {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case q:
			return j + 1
		case '\n':
			return j
		}
	}
	return len(src)
}

var (
	// A test method's annotation: @Test, @ParameterizedTest, @RepeatedTest.
	javaTestAnnotation = regexp.MustCompile(`@(?:org\.junit\.jupiter\.(?:api|params)\.)?(Test|ParameterizedTest|RepeatedTest)\b`)
	javaNestedRE       = regexp.MustCompile(`@(?:org\.junit\.jupiter\.api\.)?Nested\b[^{;]*?\bclass\s+([A-Za-z_$][\w$]*)`)
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
		depth, end := 0, len(s.bare)
		for i := open; i < len(s.bare); i++ {
			if s.bare[i] == '{' {
				depth++
			} else if s.bare[i] == '}' {
				depth--
				if depth == 0 {
					end = i
					break
				}
			}
		}
		out = append(out, nestedClass{name: s.code[m[2]:m[3]], start: open, end: end})
	}
	return out
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
