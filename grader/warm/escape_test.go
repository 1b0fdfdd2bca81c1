package warm

import (
	"context"
	"crypto/rand"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/reference/eightqueen/oracle"
	"github.com/cs540-tools/autograder/sandbox"
	"github.com/rogpeppe/go-internal/txtar"
)

// escapeRunsEnv asks TestEscapeRate for a measurement: how many times to
// run each attacker of testdata/equiv for real.
const escapeRunsEnv = "AUTOGRADER_ESCAPE_RUNS"

// TestEscapeRate measures, rather than checks, how often the attackers of
// testdata/equiv escape warm mode's rules: each is run for real, warm and
// then every case it answered warm again cold, AUTOGRADER_ESCAPE_RUNS
// times, to learn which cases differ; then, for each run and 1,000 fresh
// batch secrets, the spot checks grade would make (2) are chosen as Build
// chooses them, and a grading escapes when some case differs and no check
// lands on one. It is a measurement for the security doc, run by hand:
//
//	AUTOGRADER_ESCAPE_RUNS=3 go test ./grader/warm/ -run TestEscapeRate -v
func TestEscapeRate(t *testing.T) {
	runs, _ := strconv.Atoi(os.Getenv(escapeRunsEnv))
	if runs <= 0 {
		t.Skipf("a measurement, not a check: set %s to run each attacker that many times", escapeRunsEnv)
	}
	requireJDK(t)
	a, err := grader.LoadAssignment("testdata/equiv/rubric.toml", oracle.Judges)
	if err != nil {
		t.Fatal(err)
	}
	ar, err := txtar.ParseFile("testdata/equiv/submissions.txtar")
	if err != nil {
		t.Fatal(err)
	}
	inputs := Inputs(a, "")
	w, err := New(a.Rubric, inputs, Options{CacheDir: cacheDir, HandOff: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	cold := runner.New(a.Rubric)
	for _, f := range ar.Files {
		id, name, _ := strings.Cut(f.Name, "/")
		files := []submission.File{{Name: name, Data: f.Data}}
		escaped, differed := 0, 0
		for r := 0; r < runs; r++ {
			p, d := differing(t, w, cold, files)
			t.Logf("%s, run %d: %d cases answered warm, differing from cold: %v", id, r+1, warmCount(p), names(inputs, d))
			if len(d) > 0 {
				differed++
			}
			for s := 0; s < 1000; s++ {
				secret := make([]byte, 32)
				rand.Read(secret)
				sw := &Runner{inputs: w.inputs, spot: 2, secret: secretOf(secret, inputs)}
				if len(d) > 0 && !slices.ContainsFunc(sw.spotPicks(p), func(i int) bool { return slices.Contains(d, i) }) {
					escaped++
				}
			}
		}
		t.Logf("%s: %d of %d runs differ warm/cold; escaped %d of %d gradings with fresh secrets (2 spot checks)", id, differed, runs, escaped, 1000*runs)
	}
}

// differing builds files warm (no spot check) and runs every case it
// answered warm again cold: the program, and the cases whose warm and
// cold runs end differently.
func differing(t *testing.T, w *Runner, cold *runner.Sandboxed, files []submission.File) (*Program, []int) {
	ctx := context.Background()
	b, err := w.Build(ctx, files, sandbox.Hooks{})
	if err != nil || !b.OK {
		t.Fatalf("build: %v %s", err, b.Log)
	}
	p := b.Program.(*Program)
	cp, err := p.coldProgram(ctx, sandbox.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	var d []int
	for i, o := range p.results {
		if !o.done {
			continue
		}
		in := w.inputs[i]
		ex, err := cp.Run(ctx, grader.Input{Args: in.Args, Stdin: in.Stdin})
		if err != nil {
			t.Fatal(err)
		}
		if !agree(o.ex, ex) {
			d = append(d, i)
		}
	}
	return p, d
}

func warmCount(p *Program) int {
	n := 0
	for _, o := range p.results {
		if o.done {
			n++
		}
	}
	return n
}

func names(inputs []Input, idx []int) []string {
	var out []string
	for _, i := range idx {
		out = append(out, fmt.Sprintf("%s %q", inputs[i].ID, inputs[i].Args))
	}
	return out
}
