package warm

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
)

// spotRunner is a Runner with n inputs, every 5th ColdOnly, choosing spot
// checks with a secret.
func spotRunner(n, spot int, secret []byte) *Runner {
	var inputs []Input
	for i := range n {
		inputs = append(inputs, Input{ID: fmt.Sprintf("a/case-%02d", i), Args: []string{fmt.Sprint(i)}, ColdOnly: i%5 == 4})
	}
	w := &Runner{inputs: inputs, spot: spot}
	w.secret = secretOf(secret, inputs)
	return w
}

// answered is a program with a warm answer to every input, those at
// timeouts ending at the CPU limit.
func answered(w *Runner, src string, timeouts ...int) *Program {
	p := &Program{w: w, src: []submission.File{{Name: "Main.java", Data: []byte(src)}}, results: make([]outcome, len(w.inputs))}
	for i := range p.results {
		p.results[i] = outcome{done: true}
		if slices.Contains(timeouts, i) {
			p.results[i].ex.Limit = grader.CPU
		}
	}
	return p
}

// TestSpotPicks (issue 27, item 2): the spot checks are chosen from every
// case the grader takes a warm answer of, timeouts aside; the same secret
// and files choose the same cases, another secret or other files others,
// so no student can compute them from the submission's bytes.
func TestSpotPicks(t *testing.T) {
	a, b := []byte("0123456789abcdef0123456789abcdef"), []byte("fedcba9876543210fedcba9876543210")
	all := spotRunner(40, 1000, a)
	picked := all.spotPicks(answered(all, "x", 3, 7))
	for i, in := range all.inputs {
		want := !in.ColdOnly && i != 3 && i != 7
		if slices.Contains(picked, i) != want {
			t.Errorf("input %d (cold only %v): picked %v, want %v", i, in.ColdOnly, !want, want)
		}
	}
	pick := func(secret []byte, src string) []int {
		w := spotRunner(40, 3, secret)
		return w.spotPicks(answered(w, src))
	}
	first := pick(a, "x")
	if len(first) != 3 {
		t.Fatalf("picked %v, want 3", first)
	}
	if again := pick(a, "x"); !slices.Equal(again, first) {
		t.Errorf("the same secret and files picked %v, then %v", first, again)
	}
	if other := pick(b, "x"); slices.Equal(other, first) {
		t.Errorf("another secret picked the same %v", other)
	}
	if other := pick(a, "y"); slices.Equal(other, first) {
		t.Errorf("other files picked the same %v", other)
	}
}

// verdictByLines is a Decider: a run passes when it prints two lines.
type verdictByLines struct{}

func (verdictByLines) Decide(_ context.Context, _ string, ex grader.Execution, _ sandbox.Hooks) (grader.Verdict, float64, error) {
	if bytes.Count(ex.Stdout, []byte("\n")) == 2 {
		return grader.Pass, 1, nil
	}
	return grader.WrongAnswer, 0, nil
}

// TestAgrees: a spot check's warm and cold runs agree when they end alike;
// runs of a case whose output varies also when they earn the same verdict
// and credit, and those of any other case only byte for byte.
func TestAgrees(t *testing.T) {
	w := &Runner{decide: verdictByLines{}}
	out := func(s string) grader.Execution { return grader.Execution{Stdout: []byte(s)} }
	for _, tc := range []struct {
		name       string
		varies     bool
		warm, cold grader.Execution
		want       bool
	}{
		{"alike", false, out("a\nb\n"), out("a\nb\n"), true},
		{"other output, same verdict", false, out("a\nb\n"), out("c\nd\n"), false},
		{"varies, same verdict", true, out("a\nb\n"), out("c\nd\n"), true},
		{"varies, other verdict", true, out("a\nb\n"), out("cold\n"), false},
	} {
		got, err := w.agrees(context.Background(), Input{ID: "a/x", Varies: tc.varies}, tc.warm, tc.cold, sandbox.Hooks{})
		if err != nil || got != tc.want {
			t.Errorf("%s: agrees = %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
	w.decide = nil
	if ok, _ := w.agrees(context.Background(), Input{ID: "a/x", Varies: true}, out("a\nb\n"), out("c\nd\n"), sandbox.Hooks{}); ok {
		t.Error("with no Decider, runs that do not end alike agree")
	}
}
