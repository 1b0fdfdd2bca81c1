package javabridge

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

// Options adjust Standins.
type Options struct {
	// Reserved are simple class names the tests own (the instructor's
	// helper classes): a student class of that name gets no stand-in.
	Reserved []string
	// Instructor are the top-level types the instructor's files declare
	// in the default package (ReservedBy): a student's class may
	// implement one of those interfaces (a URList the handout gives) or
	// use one of those classes in its API, and the stand-in means the
	// instructor's, which is compiled with it.
	Instructor []string
	// JDK is the JDK the tests run on (OpenJDK): a student's exception's
	// stand-in extends the nearest JDK class its hierarchy there allows.
	// Without it, only the common exceptions are known (exceptionBases).
	JDK *JDK
}

// Result is what Standins generates.
type Result struct {
	// Sources are the stand-ins' Java sources by path ("Fraction.java",
	// "pkg/Shape.java"), to compile with the instructor's tests.
	Sources map[string][]byte
	// Classes are the student's classes that have a stand-in, by binary
	// name with dots ("pkg.Shape"), sorted.
	Classes []string
	// Index lists Classes, one a line: it goes among the tests' classes
	// at IndexPath, where the test side finds which classes are stand-ins.
	Index []byte
	// Notes tell the student about classes left without a stand-in
	// (nested classes, names the tests' framework owns), sorted.
	Notes []string
	// Finalizes: collection runs code of the student's (Class.Finalizes:
	// a finalize(), a Cleaner's action). The index then says so (a line
	// finalizesLine), and at each test's end the test side has what the
	// test let go freed and collected in the student's process, and waits
	// for that code to run, so that it costs that test, never a later one.
	Finalizes bool
}

// finalizesLine, a line of the index that names no class, says that
// the student's classes finalize (Result.Finalizes).
const finalizesLine = "!finalizes"

// LoadError lists what in a student's classes the bridge refuses: each
// problem names the class and member. Notes are the Result's notes, about
// the classes left out, which often explain a problem ("uses the class
// Named, which the tests cannot see").
type LoadError struct{ Problems, Notes []string }

func (e *LoadError) Error() string {
	return "the bridge cannot offer these classes to the tests: " + strings.Join(e.Problems, "; ")
}

// Standins reads a student's compiled classes (path -> class file bytes;
// only files ending .class are read) and returns the Java sources of
// stand-ins with the same API whose every member forwards through the
// bridge. A class file that cannot be read, or an API the bridge cannot
// carry, is a *LoadError naming the class and member.
func Standins(classes map[string][]byte, opt Options) (*Result, error) {
	g := &gen{all: map[string]*student{}, standin: map[string]bool{}, instructor: map[string]bool{}, jdk: opt.JDK, silent: map[string]bool{}}
	for _, n := range opt.Instructor {
		g.instructor[n] = true
	}
	g.read(classes)
	if len(g.problems) == 0 {
		g.choose(opt)
	}
	res := &Result{Sources: map[string][]byte{}}
	if len(g.problems) == 0 {
		for _, name := range sortedKeys(g.standin) {
			res.Classes = append(res.Classes, strings.ReplaceAll(name, "/", "."))
			if g.all[name].outer != "" {
				continue // written inside its outer class's source
			}
			src, err := g.source(g.all[name])
			if err != nil {
				g.problems = append(g.problems, err.Error())
				continue
			}
			res.Sources[name+".java"] = []byte(src)
		}
	}
	sort.Strings(g.notes)
	if len(g.problems) > 0 {
		sort.Strings(g.problems)
		return nil, &LoadError{Problems: g.problems, Notes: g.notes}
	}
	res.Notes = g.notes
	lines := res.Classes
	for _, s := range g.all {
		res.Finalizes = res.Finalizes || s.c.Finalizes
	}
	if res.Finalizes {
		lines = append(slices.Clone(lines), finalizesLine)
	}
	res.Index = []byte(strings.Join(lines, "\n") + "\n")
	return res, nil
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// MaxClasses bounds how many class files one submission may have.
const MaxClasses = 10000

func (g *gen) read(classes map[string][]byte) {
	if len(classes) > MaxClasses {
		g.problems = append(g.problems, fmt.Sprintf("%d class files, over the limit of %d", len(classes), MaxClasses))
		return
	}
	for _, p := range sortedKeys(classes) {
		if !strings.HasSuffix(p, ".class") {
			continue
		}
		c, err := ReadClass(classes[p])
		if err != nil {
			g.problems = append(g.problems, fmt.Sprintf("%s: %v", printable(p), err))
			continue
		}
		if c.Access&accModule != 0 || path.Base(c.Name) == "module-info" || path.Base(c.Name) == "package-info" {
			continue
		}
		if g.all[c.Name] != nil {
			g.problems = append(g.problems, fmt.Sprintf("%s: class %s is there twice", printable(p), printable(c.Name)))
			continue
		}
		g.all[c.Name] = &student{c: c}
	}
}

// self is c's own row of its InnerClasses attribute: a member, local or
// anonymous class has one (a local or anonymous one without an outer).
func self(c *Class) (InnerClass, bool) {
	for _, ic := range c.Inner {
		if ic.Inner == c.Name {
			return ic, true
		}
	}
	return InnerClass{}, false
}

// innerCarried: an inner (non-static) class the tests may hold as a
// handle (a LinkedBag's Cursor): a class of its own that extends Object,
// without type parameters of its own (its outer class's it may use). Its stand-in is an inner class of its outer class's
// stand-in, whose objects the tests get from the student's code alone.
func innerCarried(c *Class) bool {
	if c.Access&(accInterface|accEnum|accAbstract) != 0 || c.Super != "java/lang/Object" {
		return false
	}
	if c.Signature == "" {
		return true
	}
	sig, err := parseClassSig(c.Signature)
	return err == nil && len(sig.tparams) == 0
}

// chooseMembers gives a stand-in, nested in its outer class's, to each
// static member class whose outer class has one: outermost first.
func (g *gen) chooseMembers(members map[string]InnerClass) {
	for changed := true; changed; {
		changed = false
		for _, name := range sortedKeys(members) {
			ic := members[name]
			if !g.standin[ic.Outer] || g.all[ic.Outer] == nil {
				continue
			}
			delete(members, name)
			changed = true
			static := ic.Access&(accStatic|accInterface|accEnum) != 0
			switch {
			case !validTypeName(ic.Name) || ic.Inner != ic.Outer+"$"+ic.Name || shadowers[ic.Name]:
				g.problems = append(g.problems, fmt.Sprintf("nested class %s: not a plain Java name", printable(javaName(name))))
			case !static && !innerCarried(g.all[name].c):
				g.notes = append(g.notes, fmt.Sprintf("inner class %s: only static nested classes, and inner classes that are neither exceptions nor generic, can be used by the tests", javaName(name)))
			default:
				g.standin[name] = true
				st := g.all[name]
				st.simple, st.outer, st.nonStatic = ic.Name, ic.Outer, !static
				g.all[ic.Outer].inner = append(g.all[ic.Outer].inner, name)
			}
		}
	}
	for _, name := range sortedKeys(members) {
		if members[name].Access&accPublic != 0 {
			g.notes = append(g.notes, fmt.Sprintf("nested class %s: its outer class has no stand-in, so the tests cannot use it", printable(javaName(name))))
		}
	}
}

func (g *gen) choose(opt Options) {
	reserved := map[string]bool{}
	for _, n := range opt.Reserved {
		reserved[n] = true
	}
	members := map[string]InnerClass{}
	for _, name := range sortedKeys(g.all) {
		c := g.all[name].c
		if ic, ok := self(c); ok {
			if ic.Outer != "" && ic.Access&(accPrivate|accSynthetic) == 0 {
				members[name] = ic
			}
			continue
		}
		if c.Access&(accSynthetic|accAnnotation) != 0 {
			continue
		}
		if segs := strings.Split(name, "/"); len(segs) > 1 && shadowers[segs[0]] {
			g.notes = append(g.notes, fmt.Sprintf("class %s: its package belongs to the JDK, JUnit or the grader, so the tests cannot use it", printable(javaName(name))))
			continue
		}
		if err := checkStudentName(name); err != nil {
			if c.Access&accPublic == 0 && !strings.Contains(name, "/") {
				// A helper the tests cannot name (Pièce, a keyword): left
				// out; a public member that uses it is still a problem.
				g.notes = append(g.notes, fmt.Sprintf("class %s: %v, so the tests cannot use it", printable(javaName(name)), err))
				continue
			}
			g.problems = append(g.problems, err.Error())
			continue
		}
		if simple := path.Base(name); frameworkNames[simple] || reserved[simple] {
			g.notes = append(g.notes, fmt.Sprintf("class %s: named like a class of the tests or their framework, so the tests cannot use it", javaName(name)))
			continue
		}
		g.standin[name] = true
		g.all[name].simple = path.Base(name)
	}
	g.chooseMembers(members)
	for _, name := range sortedKeys(g.standin) {
		st := g.all[name]
		if st.c.Signature != "" {
			sig, err := parseClassSig(st.c.Signature)
			if err == nil && !sigMatches(sig, st.c) {
				err = errors.New("it does not match the class's own super class and interfaces")
			}
			if err != nil {
				g.problems = append(g.problems, fmt.Sprintf("class %s: its generic signature: %v", javaName(name), err))
				continue
			}
			st.sig = sig
		}
	}
}

// ReservedBy lists the top-level types the instructor's Java files
// (path -> source) declare, for Options.Reserved: a student class of the
// same name (a helper Check) gets no stand-in, so the tests' own is the
// one they use.
func ReservedBy(tests map[string][]byte) []string {
	var names []string
	for _, p := range sortedKeys(tests) {
		if strings.HasSuffix(p, ".java") {
			for _, t := range toolchain.JavaTypes(tests[p]) {
				names = append(names, t.Name)
			}
		}
	}
	return names
}
