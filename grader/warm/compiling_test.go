package warm

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
)

// TestCompiling: a Compiling builds as the cold runner does, through the
// compile service, with and without Prepare: a submission that compiles
// is a cold program holding the same files, byte for byte, as the cold
// build's; one that does not fails with the cold build's log.
func TestCompiling(t *testing.T) {
	requireJDK(t)
	r := loadRubric(t, "testdata/eq/rubric.toml")
	ctx := context.Background()
	cold := runner.New(r)
	for _, dir := range []string{"testdata/eq/clean", "testdata/eq/twofiles"} {
		files := readFiles(t, dir)
		cb, err := cold.Build(ctx, files, sandbox.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		for _, prepare := range []bool{false, true} {
			c, err := NewCompiling(r, Options{CacheDir: cacheDir})
			if err != nil {
				t.Fatal(err)
			}
			if prepare {
				if err := c.Prepare(ctx, [][]submission.File{files}, sandbox.Hooks{}); err != nil {
					t.Fatal(err)
				}
			}
			b, err := c.Build(ctx, files, sandbox.Hooks{})
			if err != nil {
				t.Fatal(err)
			}
			if c.w.stats.Compiled.Load() != 1 {
				t.Errorf("%s prepare=%v: the compile service compiled %d submissions, want 1", dir, prepare, c.w.stats.Compiled.Load())
			}
			if b.OK != cb.OK || b.Log != cb.Log || b.Note != cb.Note {
				t.Fatalf("%s prepare=%v: ok=%v log %q note %q; want the cold build's ok=%v log %q note %q", dir, prepare, b.OK, b.Log, b.Note, cb.OK, cb.Log, cb.Note)
			}
			if !b.OK {
				continue
			}
			if got, want := builtFiles(ctx, t, c, b.Program), builtFiles(ctx, t, cold, cb.Program); got != want {
				t.Errorf("%s prepare=%v: the program's files\n%s\nwant the cold build's\n%s", dir, prepare, got, want)
			}
		}
	}
}

// builtFiles are the files a run of prog holds, by name and contents.
func builtFiles(ctx context.Context, t *testing.T, r interface {
	Spec(context.Context, grader.Program, grader.Input) (sandbox.Spec, error)
}, prog grader.Program) string {
	t.Helper()
	spec, err := r.Spec(ctx, prog, grader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	files := slices.Clone(spec.Files)
	slices.SortFunc(files, func(a, b sandbox.File) int { return strings.Compare(a.Name, b.Name) })
	var out bytes.Buffer
	for _, f := range files {
		out.WriteString(f.Name + " " + fmt.Sprintf("%x", sha256.Sum256(f.Data)) + "\n")
	}
	return out.String()
}

// TestCompilingDeep: how deep an expression javac parses depends on its
// thread's stack; the compile service's javac has less stack than a cold
// javac's, and a source that overflows it goes to a cold javac, so a deep
// source builds, or fails with the same log, as it does cold: 15,000
// parentheses deep compiles cold (a 16 MiB stack for 512 MiB of memory),
// 40,000 deep does not ("out of resources").
func TestCompilingDeep(t *testing.T) {
	requireJDK(t)
	r := loadRubric(t, "testdata/eq/rubric.toml")
	ctx := context.Background()
	cold := runner.New(r)
	for _, depth := range []int{5000, 40000} {
		deep := fmt.Sprintf("\nclass Deep { static int deep() { return %s1%s; } }\n", strings.Repeat("(", depth), strings.Repeat("+1)", depth))
		files := readFiles(t, "testdata/eq/clean")
		files[0].Data = append(slices.Clone(files[0].Data), deep...)
		cb, err := cold.Build(ctx, files, sandbox.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		if want := depth < 10000; cb.OK != want {
			t.Fatalf("depth %d: the cold build's ok=%v, want %v; log %q", depth, cb.OK, want, cb.Log)
		}
		c, err := NewCompiling(r, Options{CacheDir: cacheDir})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Prepare(ctx, [][]submission.File{files}, sandbox.Hooks{}); err != nil {
			t.Fatal(err)
		}
		b, err := c.Build(ctx, files, sandbox.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		if b.OK != cb.OK || b.Log != cb.Log || b.Note != cb.Note {
			t.Errorf("depth %d: ok=%v log %q note %q; want the cold build's ok=%v log %q note %q", depth, b.OK, b.Log, b.Note, cb.OK, cb.Log, cb.Note)
		}
	}
}
