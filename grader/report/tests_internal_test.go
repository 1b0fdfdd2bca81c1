package report

import (
	"reflect"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/grader/rubric"
)

// TestTestsMatrix: a bug no graded suite exposes is flagged as possibly
// equivalent, one every graded suite exposes as too easy; a submission
// not graded is no row.
func TestTestsMatrix(t *testing.T) {
	r := &rubric.Rubric{Parts: []rubric.Part{{ID: "t", Name: "Tests", Tests: &rubric.Tests{}}}}
	res := func(id string, st grader.Status, exposed ...bool) grader.Result {
		tr := &mutation.Result{}
		for i, e := range exposed {
			tr.Bugs = append(tr.Bugs, mutation.BugResult{Name: []string{"x", "y", "z"}[i], Exposed: e})
		}
		return grader.Result{ID: id, Status: st, Parts: []grader.PartResult{{ID: "t", Tests: tr}}}
	}
	results := []grader.Result{
		res("ann", grader.Graded, true, false, true),
		res("ben", grader.Graded, true, false, false),
		res("cid", grader.StatusUnread),
	}
	got := testsMatrices(r, results, anchor)[0]
	var flags []string
	for _, b := range got.Bugs {
		flags = append(flags, b.Flag)
	}
	if want := []string{FlagEveryone, FlagNoOne, ""}; !reflect.DeepEqual(flags, want) || len(got.Rows) != 2 {
		t.Errorf("flags %q, %d rows; want %q, 2 rows", flags, len(got.Rows), want)
	}
}
