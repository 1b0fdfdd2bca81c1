package unittest

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/sandbox"
)

// unbuiltJava are notes on the student's Java sources that the build did
// not compile and that the tests' compiler looked for in vain (its log
// names the class as a symbol it cannot find): the compiler compiles the
// required files and the classes they use, so a class that only the
// tests use (a Ledger.java beside the required Bank.java) is never built,
// and every test of a file that names it fails to compile.
func unbuiltJava(files []sandbox.File, compileLog string) []string {
	var names []string
	for _, f := range files {
		name := f.Name
		if !strings.HasSuffix(name, ".java") {
			continue
		}
		class := strings.TrimSuffix(path.Base(name), ".java")
		built := slices.ContainsFunc(files, func(g sandbox.File) bool {
			return path.Base(g.Name) == class+".class"
		})
		if !built && missingClass(compileLog, class) {
			names = append(names, name)
		}
	}
	switch len(names) {
	case 0:
		return nil
	case 1:
		return []string{names[0] + " handed in but not compiled: the build compiles the files the rubric requires and the classes they use, and only the tests use this class, so the tests that use it do not compile (the rubric may require it, or a required file use it)"}
	}
	return []string{strings.Join(names, ", ") + " handed in but not compiled: the build compiles the files the rubric requires and the classes they use, and only the tests use these classes, so the tests that use them do not compile (the rubric may require them, or a required file use them)"}
}

// missingClass reports whether the compiler's log says it cannot find the class.
func missingClass(log, class string) bool {
	return regexp.MustCompile(`symbol:\s+class ` + regexp.QuoteMeta(class) + `\b`).MatchString(log)
}
