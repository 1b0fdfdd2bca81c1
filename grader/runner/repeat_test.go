package runner

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/sandbox"
)

// gradings is how many times TestRandomizedPrograms grades each program:
// a few by default, to show the runs are independent and counted right;
// 100 for issue 13's acceptance ("100 of 100 grading runs"):
//
//	go test -run TestRandomizedPrograms ./grader/runner/ -gradings=100
var gradings = flag.Int("gradings", 2, "how many times TestRandomizedPrograms grades each program")

// The randomized programs: each seeds its generator from the clock in
// seconds, draws a number below 1000, prints it on stderr, and succeeds
// ("solved") when it is below PERMILLE.
var randomized = map[rubric.Language]submission.File{
	rubric.C: {Name: "rand.c", Data: []byte(`#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(void) {
    srand(time(NULL));
    int draw = rand() % 1000;
    fprintf(stderr, "draw %d\n", draw);
    puts(draw < PERMILLE ? "solved" : "stuck");
    return 0;
}
`)},
	rubric.Python: {Name: "rand.py", Data: []byte(`import random
import sys
import time

random.seed(int(time.time()))
draw = random.randrange(1000)
print("draw", draw, file=sys.stderr)
print("solved" if draw < PERMILLE else "stuck")
`)},
}

// repeatCase is issue 13's case: 20 runs, 15 of which must pass.
const repeatCase = "args:\nruns: 20\nmin_pass: 15\n-- stdout --\nsolved\n"

// The success rates of the programs, per mille, and the verdicts they
// earn: issue 13's programs, one that succeeds 90% of the time and one
// that succeeds 30% of the time. Each run's clock starts at a time drawn
// from the case's ID, so every grading of the case makes the same runs
// and gives the same verdict: what chance is left is in which 20 seconds
// the case's ID picks. Over IDs, a 90% program fails runs: 20, min_pass:
// 15 for one case in 89 and a 30% one passes it for one in 23,288 (see
// TestRepeatOdds); the case here is one where each gets its verdict.
var rates = []struct {
	permille int
	want     grader.Verdict
}{
	{900, grader.Pass},
	{300, grader.WrongAnswer},
}

// TestRandomizedPrograms grades a C program seeded with srand(time(NULL))
// and a Python one seeded with random.seed(int(time.time())) on issue
// 13's case, for real: the runs of one grading draw different numbers
// (their clocks start apart), every grading draws the same ones (a
// regrade repeats the runs), the runs that passed are counted right, and
// each program gets its verdict in every grading.
func TestRandomizedPrograms(t *testing.T) {
	needFaketime(t)
	n := *gradings
	if testing.Short() {
		n = min(n, 1)
	}
	for _, lang := range []rubric.Language{rubric.C, rubric.Python} {
		for _, rate := range rates {
			t.Run(fmt.Sprintf("%s/%d", lang, rate.permille), func(t *testing.T) {
				testenv.NeedTools(t, toolsOf[lang]...)
				src := randomized[lang]
				src.Data = []byte(strings.ReplaceAll(string(src.Data), "PERMILLE", strconv.Itoa(rate.permille)))
				a := repeatAssignment(t, lang, src.Name)
				var first []int
				var passed []int
				for g := range n {
					draws, at := gradeRandomized(t, a, src, rate.permille, rate.want)
					if g == 0 {
						first = draws
					} else if !slices.Equal(draws, first) {
						t.Errorf("grading %d drew %v, grading 0 %v", g, draws, first)
					}
					passed = append(passed, at.Passed)
				}
				t.Logf("runs passed in each of %d gradings: %v (draws %v)", n, passed, first)
			})
		}
	}
}

func gradeRandomized(t *testing.T, a *grader.Assignment, src submission.File, permille int, want grader.Verdict) ([]int, *grader.Attempts) {
	t.Helper()
	rec := &recorder{s: New(a.Rubric)}
	res, err := a.Grade(context.Background(), rec, submission.Submission{ID: "s", Files: []submission.File{src}}, 0, grader.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := res.Cases[0]
	at := c.Attempts
	if res.Status != grader.Graded || at == nil || at.Runs != 20 || len(rec.stderr) != 20 {
		t.Fatalf("status %s, %d runs, case %+v", res.Status, len(rec.stderr), c)
	}
	var draws []int
	solved := 0
	for i, e := range rec.stderr {
		var d int
		if _, err := fmt.Sscanf(e, "draw %d\n", &d); err != nil {
			t.Fatalf("run %d: stderr %q", i+1, e)
		}
		draws = append(draws, d)
		if d < permille {
			solved++
		}
	}
	if distinct := len(slices.Compact(slices.Sorted(slices.Values(draws)))); distinct < 15 {
		t.Errorf("the 20 runs drew only %d distinct numbers: %v", distinct, draws)
	}
	if at.Passed != solved || (c.Verdict == grader.Pass) != (solved >= 15) || len(at.Failed) != 20-solved {
		t.Errorf("draws %v (%d solved): verdict %s, attempts %+v", draws, solved, c.Verdict, at)
	}
	if c.Verdict != want {
		t.Errorf("verdict %s with %d/20 runs passed, want %s", c.Verdict, solved, want)
	}
	return draws, at
}

// repeatAssignment is an assignment of one part with issue 13's case,
// for a program file name in a language.
func repeatAssignment(t *testing.T, lang rubric.Language, name string) *grader.Assignment {
	t.Helper()
	dir := t.TempDir()
	toml := fmt.Sprintf("name = \"randomized\"\ntotal = 10\ncases = \"cases\"\n\n[submission]\nrequired = [%q]\n\n[build]\nlanguage = %q\n\n"+
		"[limits]\nwall = \"60s\"\ncpu = \"30s\"\n\n[[part]]\nid = \"r\"\nname = \"randomized\"\npoints = 10\nscoring = \"proportional\"\n", name, lang)
	files := map[string]string{"rubric.toml": toml, filepath.Join("cases", "r", "rand.case"): repeatCase}
	for n, data := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, n)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, err := grader.LoadAssignment(filepath.Join(dir, "rubric.toml"), nil)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// recorder is a runner whose programs keep every run's stderr.
type recorder struct {
	s      *Sandboxed
	mu     sync.Mutex
	stderr []string
}

func (r *recorder) Build(ctx context.Context, files []submission.File, _ sandbox.Hooks) (grader.Build, error) {
	b, err := r.s.Build(ctx, files, sandbox.Hooks{})
	if b.Program != nil {
		b.Program = recording{b.Program, r}
	}
	return b, err
}

type recording struct {
	grader.Program
	r *recorder
}

func (p recording) Run(ctx context.Context, in grader.Input) (grader.Execution, error) {
	ex, err := p.Program.Run(ctx, in)
	p.r.mu.Lock()
	p.r.stderr = append(p.r.stderr, string(ex.Stderr))
	p.r.mu.Unlock()
	return ex, err
}

// TestRepeatOdds computes, exactly, the odds the documentation and the
// rates above state for runs: 20, min_pass: 15: the chance that a case's
// 20 clocks (independent draws, as TestRandomizedPrograms shows) give a
// program the wrong verdict, and what "100 of 100 gradings" would have
// left to chance had every grading drawn its own clocks.
func TestRepeatOdds(t *testing.T) {
	for _, tc := range []struct {
		permille int
		fail     bool    // the odds of failing a grading, else of passing one
		oneIn    float64 // 1 in how many gradings that happens, rounded
		all100   float64 // the chance that 100 of 100 gradings give the verdict, to 4 places
	}{
		{980, true, 513_236, 0.9998},
		{900, true, 89, 0.3225},
		{300, false, 23_288, 0.9957},
		{250, false, 262_259, 0.9996},
	} {
		p := big.NewRat(int64(tc.permille), 1000)
		odds := binomialBelow(20, 15, p) // a grading failed
		if !tc.fail {
			odds.Sub(big.NewRat(1, 1), odds)
		}
		f, _ := odds.Float64()
		all := math.Pow(1-f, 100)
		if oneIn := 1 / f; math.Round(oneIn) != tc.oneIn || math.Round(all*1e4)/1e4 != tc.all100 {
			t.Errorf("%d per mille: 1 in %.1f gradings, 100 of 100 with chance %.5f; want 1 in %.0f, %v", tc.permille, oneIn, all, tc.oneIn, tc.all100)
		}
	}
}

// binomialBelow is P[X < k] for X the successes of n independent runs
// that each succeed with probability p.
func binomialBelow(n, k int, p *big.Rat) *big.Rat {
	q := new(big.Rat).Sub(big.NewRat(1, 1), p)
	sum := new(big.Rat)
	for j := range k {
		term := new(big.Rat).SetInt(new(big.Int).Binomial(int64(n), int64(j)))
		for range j {
			term.Mul(term, p)
		}
		for range n - j {
			term.Mul(term, q)
		}
		sum.Add(sum, term)
	}
	return sum
}
