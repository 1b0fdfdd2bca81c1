package toolchain

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/internal/testenv"
)

// languageWords are what names a language's tools or files (the check
// git grep -i 'javac\|"java"\|python3' and git grep '\.cpp' make: a
// source's ending is lower case, and toolchain.CPP names no file).
var languageWords = regexp.MustCompile(`(?i:javac|"java"|python3)|\.cpp`)

// namesLanguagesByNature are the files and folders outside this package
// that name a language by their nature, as docs/developing.md lists them
// ("One place for each language"): the assignments' own rubrics (their
// bundled copies too, by base name), warm mode (the Java toolchain's JVM harness, whose
// protocol carries javac's arguments), the format docs whose examples are
// a preset or a source file, the similarity benchmark's public data sets,
// the reference's Java test helper, the unit-test bridges (each the Java
// or Python half of a framework's two boxes), the JUnit test JVM's class
// data archive and the JUnit half of students' suites (it compiles the
// implementations), warm mode's naive yardstick (javac once, then java per
// case), and CI's install list.
var namesLanguagesByNature = []string{
	".ci/run",
	"rubric.toml", // every rubric, by its base name
	"grader/warm/",
	"grader/rubric/doc.go",
	"grader/checker/doc.go",
	"grader/similarity/simbench/",
	"reference/internal/javatest/",
	"grader/unittest/javabridge/",
	"grader/unittest/pybridge/",
	"grader/unittest/cds.go",
	"grader/unittest/junitsuites.go",
	"cmd/autograder/internal/cli/benchnaive.go",
}

// TestOnlyToolchainsNameLanguages: outside this package, its tests, test
// data and Markdown, only the files docs/developing.md names for it name
// a language; a new one that does should ask the toolchains instead.
func TestOnlyToolchainsNameLanguages(t *testing.T) {
	root := filepath.Join("..", "..")
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		// A copy without git (a source archive): the files it tracks are
		// unknown, and what is built or written beside them must not count.
		testenv.Missing(t, "not a git checkout (git ls-files: %v): the tracked files are unknown", err)
	}
	for _, rel := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		if strings.HasPrefix(rel, "grader/toolchain/") || strings.Contains("/"+rel, "/testdata/") ||
			strings.HasSuffix(rel, "_test.go") || strings.HasSuffix(rel, ".md") || byNature(rel) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, rel))
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted in the working tree
		}
		if err != nil {
			t.Fatal(err)
		}
		if m := languageWords.Find(data); m != nil {
			t.Errorf("%s names a language (%s): ask package toolchain, or add it to docs/developing.md's list and namesLanguagesByNature", rel, m)
		}
	}
}

func byNature(rel string) bool {
	for _, p := range namesLanguagesByNature {
		if rel == p || strings.HasSuffix(p, "/") && strings.HasPrefix(rel, p) || !strings.Contains(p, "/") && filepath.Base(rel) == p {
			return true
		}
	}
	return false
}
