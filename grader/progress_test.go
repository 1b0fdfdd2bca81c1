package grader_test

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/cs540-tools/autograder/grader"
)

// Options.Progress hears of every case once, counted 1 to N in the order
// they finish, with the result the case ends with, even when the cases
// run side by side; and a build that fails judges no case.
func TestProgress(t *testing.T) {
	a := testAssignment(t)
	var events []grader.CaseEvent
	opt := grader.Options{Progress: func(ev grader.CaseEvent) { events = append(events, ev) }}
	res := grade(t, a, run(correct), eightQueen("s"), 0, opt) // one core
	opt.Cores = grader.NewCores(4)
	res2, err := a.Grade(context.Background(), run(correct), eightQueen("s"), 0, opt)
	if err != nil {
		t.Fatal(err)
	}
	n := len(res.Cases)
	if len(events) != 2*n {
		t.Fatalf("%d events for two gradings of %d cases", len(events), n)
	}
	for k, r := range []grader.Result{res, res2} {
		evs := events[k*n : (k+1)*n]
		var ids []string
		for i, ev := range evs {
			if ev.Done != i+1 || ev.Total != n {
				t.Errorf("event %d: %d/%d, want %d/%d", i, ev.Done, ev.Total, i+1, n)
			}
			j := slices.IndexFunc(r.Cases, func(c grader.CaseResult) bool { return c.ID == ev.Case.ID })
			if j < 0 || !reflect.DeepEqual(ev.Case, r.Cases[j]) {
				t.Errorf("event %d: case %+v, not as graded", i, ev.Case)
			}
			ids = append(ids, ev.Case.ID)
		}
		slices.Sort(ids)
		if len(slices.Compact(ids)) != n {
			t.Errorf("grading %d: a case reported twice: %v", k, ids)
		}
	}

	events = nil
	fr := run(correct)
	fr.buildLog = "error: ';' expected"
	if res := grade(t, a, fr, eightQueen("s"), 0, opt); res.Status != grader.StatusCompile || len(events) != 0 {
		t.Errorf("a failed build: status %s, %d events; want %s and none", res.Status, len(events), grader.StatusCompile)
	}
}
