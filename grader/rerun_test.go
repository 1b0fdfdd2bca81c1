package grader_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
)

// waitsFirst is correct but for its first n runs of the case whose joined
// args are key: each was stopped at the wall limit having used no CPU
// time, as a program that waits for a core on a busy machine is. It counts
// the runs of that case.
func waitsFirst(key string, n int) (programFunc, *int) {
	var mu sync.Mutex
	runs := 0
	return func(args []string, stdin []byte) (grader.Execution, error) {
		if strings.Join(args, " ") != key {
			return correct(args, stdin)
		}
		mu.Lock()
		runs++
		k := runs
		mu.Unlock()
		if k <= n {
			return grader.Execution{ExitCode: -1, Signal: "killed", Limit: grader.Wall, CPU: 10 * time.Millisecond, CPUMeasured: true}, nil
		}
		return correct(args, stdin)
	}, &runs
}

// TestRerunWaited: a case whose run waited past the wall limit using
// little CPU time is run again after the others; the rerun's verdict
// counts and the case and the result's notes say so. A run that worked
// up to the wall limit, or whose CPU time is unknown, is not rerun.
func TestRerunWaited(t *testing.T) {
	a := testAssignment(t)
	const key = "200 12375643" // b/public-01

	prog, runs := waitsFirst(key, 1)
	res := grade(t, a, run(prog), eightQueen("s"), 0, grader.Options{})
	c := caseResult(t, res, "b/public-01")
	if *runs != 2 || c.Verdict != grader.Pass || c.Waited {
		t.Fatalf("waited once: %d runs, verdict %s, waited %v; want 2 runs and a pass", *runs, c.Verdict, c.Waited)
	}
	if !strings.Contains(c.Rerun, "waited until the") || !strings.Contains(c.Rerun, "having used little CPU time") {
		t.Errorf("rerun note %q", c.Rerun)
	}
	if note := strings.Join(res.Notes, "\n"); !strings.Contains(note, "case b/public-01 was rerun") || !strings.Contains(note, "the rerun's verdict counts: passed") {
		t.Errorf("notes %q", res.Notes)
	}
	if got := grader.Explain(c, a.Rubric.Limits).Rerun; got != c.Rerun {
		t.Errorf("Explain's Rerun %q, want %q", got, c.Rerun)
	}

	prog, runs = waitsFirst(key, 2)
	res = grade(t, a, run(prog), eightQueen("s"), 0, grader.Options{})
	c = caseResult(t, res, "b/public-01")
	if *runs != 2 || c.Verdict != grader.Timeout || !c.Waited || c.Rerun == "" {
		t.Fatalf("waited twice: %d runs, verdict %s, waited %v, rerun %q; want 2 runs, a timeout", *runs, c.Verdict, c.Waited, c.Rerun)
	}
	if e := grader.Explain(c, a.Rubric.Limits); !strings.HasPrefix(e.Ended, "waited until the") {
		t.Errorf("a waiting run's ending %q does not say it waited", e.Ended)
	}

	// The notes are the student's too: a hidden case's id stays out.
	prog, _ = waitsFirst("200 27364150", 1) // b/hidden-01
	res = grade(t, a, run(prog), eightQueen("s"), 0, grader.Options{})
	if note := strings.Join(res.Notes, "\n"); !strings.Contains(note, "a hidden case was rerun") || strings.Contains(note, "b/hidden-01") {
		t.Errorf("notes %q", res.Notes)
	}

	for name, ex := range map[string]grader.Execution{
		"worked":     {ExitCode: -1, Limit: grader.Wall, CPU: time.Hour, CPUMeasured: true},
		"unmeasured": {ExitCode: -1, Limit: grader.Wall},
	} {
		n := 0
		prog := override(correct, key, func([]byte) grader.Execution { n++; return ex })
		res := grade(t, a, run(prog), eightQueen("s"), 0, grader.Options{})
		if c := caseResult(t, res, "b/public-01"); n != 1 || c.Rerun != "" || c.Waited {
			t.Errorf("%s: %d runs, rerun %q, waited %v; want one run", name, n, c.Rerun, c.Waited)
		}
	}

	// Where the sandbox left the run's waits for a core out of its wall
	// limit, the machine's load did not stop it: it waited of itself
	// (a sleeper), and is not run again, though it is said to have waited.
	n := 0
	slept := grader.Execution{ExitCode: -1, Signal: "killed", Limit: grader.Wall, CPU: time.Millisecond, CPUMeasured: true, StallCounted: true}
	prog = override(correct, key, func([]byte) grader.Execution { n++; return slept })
	res = grade(t, a, run(prog), eightQueen("s"), 0, grader.Options{})
	if c := caseResult(t, res, "b/public-01"); n != 1 || c.Rerun != "" || !c.Waited || c.Verdict != grader.Timeout {
		t.Errorf("a sleeper, its stall counted: %d runs, rerun %q, waited %v, verdict %s; want one run, waited, a timeout", n, c.Rerun, c.Waited, c.Verdict)
	}
}
