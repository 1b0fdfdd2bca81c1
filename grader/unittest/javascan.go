package unittest

import (
	"regexp"
	"strings"

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
// literals, as toolchain.JavaBlanked does.
func scanJavaSource(src string) javaSource {
	b := []byte(src)
	return javaSource{code: string(toolchain.JavaBlanked(b, false)), bare: string(toolchain.JavaBlanked(b, true))}
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

// javaPackagePrefix is a test file's package and a dot ("shop."), as the
// launcher selects its class and the report names its tests; "" in the
// default package. A case file names the test by its simple class name.
func javaPackagePrefix(data []byte) string {
	if pkg, _, _, ok := toolchain.JavaPackage(data); ok {
		return pkg + "."
	}
	return ""
}
