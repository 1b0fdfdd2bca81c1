package cli

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
)

// inFlight is a program whose runs count how many of them run at once,
// and each wait until want of them do (or 10 s, far above need): the
// most at once is then want exactly when the runs are let side by side.
type inFlight struct {
	want int
	mu   sync.Mutex
	now  int
	most int
	met  chan struct{}
	once sync.Once
}

func (p *inFlight) Build(context.Context, []submission.File, sandbox.Hooks) (grader.Build, error) {
	return grader.Build{OK: true, Program: p}, nil
}

func (p *inFlight) Run(ctx context.Context, in grader.Input) (grader.Execution, error) {
	p.mu.Lock()
	p.now++
	if p.now == p.want && p.most < p.want {
		p.meet()
	}
	p.most = max(p.most, p.now)
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		p.now--
		p.mu.Unlock()
	}()
	select {
	case <-p.met:
	case <-time.After(10 * time.Second):
		p.meet() // they never met: the rest need not wait
	case <-ctx.Done():
		return grader.Execution{}, ctx.Err()
	}
	// As a program that loops: stopped at its CPU limit.
	return grader.Execution{ExitCode: -1, Signal: "killed", Limit: grader.CPU, Stdout: []byte{}}, nil
}

func (p *inFlight) meet() { p.once.Do(func() { close(p.met) }) }

func (*inFlight) Close() error { return nil }

// check runs a submission's cases as many at once as the machine has
// cores, and no more; its progress shows on a terminal alone.
func TestCheckSideBySide(t *testing.T) {
	a, err := grader.LoadAssignment("../../../../rubric.toml", bundle.Judges)
	if err != nil {
		t.Fatal(err)
	}
	sc := selfCheck{a: a, path: "x", opt: grader.Options{Visibility: "public"},
		sub: submission.Submission{ID: "x", Files: []submission.File{{Name: "EightQueen.java", Data: []byte("class EightQueen {}")}}}}
	for _, terminal := range []bool{false, true} {
		p := &inFlight{want: min(runtime.NumCPU(), 24), met: make(chan struct{})}
		sc.run = p
		var errw bytes.Buffer
		res, err := sc.grade(context.Background(), &errw, terminal)
		if err != nil {
			t.Fatal(err)
		}
		if p.most != p.want {
			t.Errorf("%d runs at once, want %d (the cores)", p.most, p.want)
		}
		if len(res.Cases) != 24 || res.Cases[0].Verdict != grader.Timeout {
			t.Fatalf("%d cases, the first %s", len(res.Cases), res.Cases[0].Verdict)
		}
		out := errw.String()
		switch {
		case !terminal && out != "":
			t.Errorf("progress off a terminal: %q", out)
		case terminal && (!strings.Contains(out, "\r\x1b[Kcase 24/24 ") || !strings.Contains(out, ", 24 failed") || !strings.HasSuffix(out, "\r\x1b[K")):
			t.Errorf("progress on a terminal: %q", out)
		}
	}
}

// TestHiddenWorth: what the hidden cases are worth reads as a person
// subtracts points, whatever binary floating point makes of it (20 -
// 9.57 is 10.430000000000001; 0.1 × 3 parts is 0.30000000000000004).
func TestHiddenWorth(t *testing.T) {
	pts := func(x float64) *float64 { return &x }
	for _, tc := range []struct {
		name  string
		parts []grader.PartResult
		cases []grader.CaseResult
		want  string
	}{
		{"20 - 9.57", []grader.PartResult{{ID: "unit", MaxScore: 20}},
			[]grader.CaseResult{{Part: "unit", Points: pts(4.35)}, {Part: "unit", Points: pts(5.22)}}, "worth 10.43 points"},
		{"0.1 × 3 parts", []grader.PartResult{{ID: "a", MaxScore: 0.1}, {ID: "b", MaxScore: 0.1}, {ID: "c", MaxScore: 0.1}},
			[]grader.CaseResult{{Part: "a", Points: pts(0)}, {Part: "b", Points: pts(0)}, {Part: "c", Points: pts(0)}}, "worth 0.3 points"},
		{"1 point", []grader.PartResult{{ID: "a", MaxScore: 2.3}},
			[]grader.CaseResult{{Part: "a", Points: pts(1.3)}}, "worth 1 point:"}, // (2.3 - 1.3 is 0.9999999999999998)
	} {
		got := hiddenWorth(grader.Result{Parts: tc.parts, Cases: tc.cases}, "test")
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q in it", tc.name, got, tc.want)
		}
	}
}
