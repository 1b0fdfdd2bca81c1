package javabridge

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

// keywords are Java's reserved words and literals; restricted are the
// contextual words that may not name a type (toolchain's one list).
var keywords, restricted = setOf(strings.Join(toolchain.JavaKeywords, " ")), setOf(strings.Join(toolchain.JavaRestricted, " "))

// shadowers are names a student's top-level class may not take: the
// first segments of the packages the generated sources and the tests
// name fully (a class "java" would obscure java.util.List).
var shadowers = setOf(`java javax jdk sun com org autograder`)

// bridgeRoot is the first name of the bridge's package, which the
// generated bodies spell in expression position
// (autograder.bridge.Bridge.call): a variable of that name in scope, a
// field of the stand-in, of its superclass or of its enclosing class, or
// an enum constant, would obscure the package (JLS 6.4.2), and the
// stand-in would not compile.
const bridgeRoot = "autograder"

// fieldName says why a public field's (or enum constant's) name cannot
// be the stand-in's, or "" when it can.
func fieldName(name string) string {
	switch {
	case !validIdent(name):
		return "not a plain Java name"
	case name == bridgeRoot:
		return "the name " + bridgeRoot + " is the grader's own (the tests reach the student's classes through its package): rename it"
	}
	return ""
}

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// nonASCIIIdent says whether s is a Java identifier of letters, digits,
// _ and combining marks, not starting with a digit or mark, with at least
// one of them outside ASCII (café): one javac takes, which validIdent
// refuses only for its letters. No $, no escape, no blank or punctuation.
func nonASCIIIdent(s string) bool {
	if s == "" || len(s) > 255 || !utf8.ValidString(s) {
		return false
	}
	wide := false
	for i, r := range s {
		wide = wide || r >= utf8.RuneSelf
		letter := r == '_' || unicode.IsLetter(r)
		part := unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc)
		if !letter && (i == 0 || !part) {
			return false
		}
	}
	return wide
}

// validIdent says whether s is a plain Java identifier the generated
// sources may spell: ASCII letters, digits and _, not starting with a
// digit, no keyword, and no $ (the compiler's own mark for synthetic and
// nested classes). A name outside this set is refused, never escaped:
// javac reads \u escapes everywhere, before anything else.
func validIdent(s string) bool {
	if s == "" || len(s) > 255 || keywords[s] {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// validTypeName is validIdent for a type's simple name.
func validTypeName(s string) bool { return validIdent(s) && !restricted[s] }

// checkStudentName checks a student class's binary name ("pkg/sub/Name"):
// each package segment an identifier, the simple name a type name, the
// package not one of the JDK's, JUnit's or the bridge's.
func checkStudentName(bin string) error {
	segs := strings.Split(bin, "/")
	for i, s := range segs {
		ok := validIdent(s)
		if i == len(segs)-1 {
			ok = validTypeName(s)
		}
		if !ok {
			return fmt.Errorf("the name %q is not a plain Java name the bridge can use (ASCII letters, digits and _; no $, no keyword)", javaName(bin))
		}
	}
	if len(segs) > 1 && shadowers[segs[0]] {
		return fmt.Errorf("class %s: the package %s.* is reserved for the JDK, JUnit and the grader", javaName(bin), segs[0])
	}
	if len(segs) == 1 && shadowers[segs[0]] {
		return fmt.Errorf("class %s: a top-level class may not be named like a package the tests use", bin)
	}
	return nil
}

// javaName turns a binary name into a source name: slashes and $ become
// dots ("java/util/Map$Entry" is java.util.Map.Entry).
func javaName(bin string) string {
	return strings.NewReplacer("/", ".", "$", ".").Replace(bin)
}

// jdkClass says whether a binary name is a class the test box has as
// itself: a class of the JDK's java.* or javax.* packages, each segment
// an identifier ($ separating nested classes).
func jdkClass(bin string) bool {
	if !strings.HasPrefix(bin, "java/") && !strings.HasPrefix(bin, "javax/") {
		return false
	}
	for _, s := range strings.FieldsFunc(bin, func(r rune) bool { return r == '/' || r == '$' }) {
		if !validIdent(s) {
			return false
		}
	}
	return !strings.Contains(bin, "//") && !strings.Contains(bin, "$$") && !strings.HasSuffix(bin, "$") && !strings.Contains(bin, "/$")
}
