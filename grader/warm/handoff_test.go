package warm

import (
	"context"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
)

// span is one run of a program, from its start to its end on a logical
// clock (a count of starts and ends), and the limit it ended at.
type span struct {
	args       string
	start, end int
	limit      grader.Limit
}

// clocked is a warm Runner whose programs record their runs' spans.
type clocked struct {
	*Runner
	mu    sync.Mutex
	tick  int
	spans []span
}

func (c *clocked) Build(ctx context.Context, files []submission.File, _ sandbox.Hooks) (grader.Build, error) {
	b, err := c.Runner.Build(ctx, files, sandbox.Hooks{})
	if b.Program != nil {
		b.Program = &clockedProgram{Program: b.Program.(*Program), c: c}
	}
	return b, err
}

func (c *clocked) now() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tick++
	return c.tick
}

type clockedProgram struct {
	*Program
	c *clocked
}

func (p *clockedProgram) Run(ctx context.Context, in grader.Input) (grader.Execution, error) {
	start := p.c.now()
	ex, err := p.Program.Run(ctx, in)
	s := span{args: strings.Join(in.Args, " "), start: start, end: p.c.now(), limit: ex.Limit}
	p.c.mu.Lock()
	p.c.spans = append(p.c.spans, s)
	p.c.mu.Unlock()
	return ex, err
}

// overlapping returns two runs that ended at a limit and were under way
// at once, if any.
func overlapping(spans []span) (span, span, bool) {
	for i, a := range spans {
		for _, b := range spans[i+1:] {
			if a.limit != grader.None && b.limit != grader.None && a.start < b.end && b.start < a.end {
				return a, b, true
			}
		}
	}
	return span{}, span{}, false
}

// TestHandOffSideBySide grades a program that loops in most of part b's
// cases (testdata/handoff) in a batch of two jobs: past the hand-off, its
// part b cases run cold, and its loops on the batch's two cores side by
// side, not one after the other in a warm JVM; and its result is the one
// a batch of one job gives. Which runs overlap is read from the order of
// their starts and ends, never from a clock. (With one job, two loops
// may overlap too on a loaded machine: a box the sandbox sees waiting
// gives its core back, see grader.Cores; that is no failure.)
func TestHandOffSideBySide(t *testing.T) {
	requireJDK(t)
	a, err := grader.LoadAssignment("testdata/handoff/rubric.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	sub := submission.Submission{ID: "looper", Files: readFiles(t, "testdata/handoff/loop")}
	var results []grader.Result
	for _, jobs := range []int{2, 1} {
		w, err := New(a.Rubric, Inputs(a, ""), Options{CacheDir: cacheDir, HandOff: 200 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		c := &clocked{Runner: w}
		// The batch's cores without a memory budget: NewCores bounds the
		// runs under way by the memory the machine has free now, and on a
		// machine short of it would run the 512 MiB loops one at a time.
		opt := grader.Options{Cores: grader.NewCoresMemory(jobs, 0)}
		res, err := (&grader.Batch{Assignment: a, Runner: c, Jobs: jobs, Options: opt}).Run(context.Background(), []submission.Submission{sub})
		if err != nil {
			t.Fatal(err)
		}
		r := res[0]
		if r.Status != grader.Graded || r.Score != 2.25 {
			t.Fatalf("jobs %d: %s, score %v, want graded 2.25 (part b: two 1 of 4); notes %q", jobs, r.Status, r.Score, r.Notes)
		}
		for _, cr := range r.Cases {
			if loops := strings.HasPrefix(strings.Join(cr.Args, " "), "loop"); loops != (cr.Verdict == grader.Timeout) || loops && cr.Limit != grader.CPU {
				t.Errorf("jobs %d: case %s (%q): %s at limit %q", jobs, cr.ID, cr.Args, cr.Verdict, cr.Limit)
			}
		}
		// Part b's four cases ran cold, the others warm (on a loaded
		// machine a starved case may look waiting, and rerun cold too).
		if got, waited := w.stats.ColdCases.Load(), w.stats.Waited.Load(); got < 4 || waited == 0 && got != 4 {
			t.Errorf("jobs %d: %d cases ran cold (%d given up as waiting), want part b's 4", jobs, got, waited)
		}
		if x, y, ok := overlapping(c.spans); jobs == 2 && !ok {
			t.Errorf("jobs 2: no two loops ran side by side: %+v", c.spans)
		} else if ok {
			t.Logf("jobs %d: %q and %q ran side by side", jobs, x.args, y.args)
		}
		results = append(results, r)
	}
	if !reflect.DeepEqual(results[0], results[1]) {
		t.Errorf("jobs 2 and jobs 1 graded differently:\n%+v\n%+v", results[0], results[1])
	}
}
