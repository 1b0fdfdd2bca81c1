package unittest

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// testClassHead is a top-level class's head up to its body: its
// modifiers (group 1), its name (2) and what follows the name (3: type
// parameters, extends, implements).
var testClassHead = regexp.MustCompile(`(?:^|[^` + javaPart + `.])((?:(?:public|protected|private|abstract|final|static|strictfp|sealed|non-sealed)\s+)*)class\s+(` + javaName + `)([^{]*)\{`)

// javaExtends is the superclass a class head names, its simple name last.
var javaExtends = regexp.MustCompile(`\bextends\s+((?:` + javaName + `\.)*(` + javaName + `))`)

// classHead is what inheritJava reads of a test file's class.
type classHead struct {
	abstract bool
	super    string // the simple name of the class it extends, or ""
	code     string // the source without comments and literals
}

// readTestClass reads the head of the class a file is named for.
func readTestClass(name string, data []byte) classHead {
	class := strings.TrimSuffix(path.Base(name), ".java")
	src := scanJavaSource(string(data))
	c := classHead{code: src.bare}
	for _, m := range testClassHead.FindAllStringSubmatch(src.bare, -1) {
		if m[2] != class {
			continue
		}
		c.abstract = strings.Contains(m[1], "abstract")
		if e := javaExtends.FindStringSubmatch(m[3]); e != nil {
			c.super = e[2]
		}
		break
	}
	return c
}

// inheritJava gives each test class the tests it inherits, as JUnit
// runs them: a class that extends another test class of the folder
// (StackContract, often abstract, whose @Test methods each
// implementation's test class runs) has its superclasses' tests as its
// own ("ArrayStackTest.lifo"), but those it declares a method of the same
// name for (an override without @Test is no test); an abstract class's
// tests are none of its own, since JUnit never runs an abstract class.
func inheritJava(sources []source) {
	classes := map[string]classHead{}
	own := map[string][]declared{}
	for _, s := range sources {
		if s.plain || !strings.HasSuffix(s.name, ".java") {
			continue
		}
		class := strings.TrimSuffix(path.Base(s.name), ".java")
		classes[class] = readTestClass(s.name, s.data)
		own[class] = s.tests
	}
	for i := range sources {
		s := &sources[i]
		class := strings.TrimSuffix(path.Base(s.name), ".java")
		c, ok := classes[class]
		if !ok {
			continue
		}
		if c.abstract {
			s.tests = nil
			continue
		}
		s.tests = append(s.tests, inherited(class, c, classes, own)...)
	}
}

// inherited are the tests class (read as c) inherits from its
// superclasses among classes, named as its own.
func inherited(class string, c classHead, classes map[string]classHead, own map[string][]declared) []declared {
	var out []declared
	names := map[string]bool{}
	for _, d := range own[class] {
		names[d.id[len(class)+1:]] = true
	}
	seen := map[string]bool{class: true}
	below := []string{c.code} // the classes between class and super, class first
	for super := c.super; super != "" && !seen[super]; super = classes[super].super {
		seen[super] = true
		sc, ok := classes[super]
		if !ok {
			break
		}
		for _, d := range own[super] {
			method, ok := strings.CutPrefix(d.id, super+".")
			if !ok || strings.ContainsAny(method, ".$") || names[method] || slices.ContainsFunc(below, func(code string) bool { return declaresMethod(code, method) }) {
				continue // a @Nested class's, or overridden
			}
			names[method] = true
			d.id = class + "." + method
			out = append(out, d)
		}
		below = append(below, sc.code)
	}
	slices.SortStableFunc(out, func(a, b declared) int { return strings.Compare(a.id, b.id) })
	return out
}

// declaresMethod reports whether code declares a void method of that name.
func declaresMethod(code, method string) bool {
	return regexp.MustCompile(`\bvoid\s+` + regexp.QuoteMeta(method) + `\s*\(`).MatchString(code)
}
