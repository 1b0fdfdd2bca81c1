package scripttest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/rogpeppe/go-internal/testscript"
)

// cmdLabelled is the script command "labelled RESULTS PACKAGE": every
// example submission of a problem package (PACKAGE/submissions/LABEL/NAME,
// a file or a folder; its id is NAME without extension) has a result in
// the results.json file RESULTS that fits its label, as the problem
// package format defines them (for a pass-fail problem, partially
// accepted is a score strictly between nothing and full marks):
//
//	accepted             graded, full marks
//	partially_accepted   graded, more than 0 and less than full marks,
//	                     no case timed out or crashed
//	wrong_answer         a case wrong-answer, none timed out or crashed
//	time_limit_exceeded  a case timed out, none crashed
//	run_time_error       a case runtime-error
//
// It prints a line per submission: "LABEL ID SCORE/MAX VERDICTS".
func cmdLabelled(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: labelled RESULTS PACKAGE")
	}
	var batch struct {
		Submissions []grader.Result `json:"submissions"`
	}
	if err := json.Unmarshal([]byte(ts.ReadFile(args[0])), &batch); err != nil {
		ts.Fatalf("labelled: %s: %v", args[0], err)
	}
	subs := filepath.Join(ts.MkAbs(args[1]), "submissions")
	labels, err := os.ReadDir(subs)
	ts.Check(err)
	n := 0
	for _, label := range labels {
		entries, err := os.ReadDir(filepath.Join(subs, label.Name()))
		ts.Check(err)
		for _, e := range entries {
			id := strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))
			i := slices.IndexFunc(batch.Submissions, func(r grader.Result) bool { return r.ID == id })
			if i < 0 {
				ts.Fatalf("labelled: no result for %s/%s", label.Name(), e.Name())
			}
			r := batch.Submissions[i]
			if why := misfit(label.Name(), r); why != "" {
				ts.Fatalf("labelled: %s/%s: %s (status %s, score %v/%v, verdicts %s; notes %q; build %q)",
					label.Name(), e.Name(), why, r.Status, r.Score, r.MaxScore, verdictList(r), r.Notes, r.BuildLog)
			}
			fmt.Fprintf(ts.Stdout(), "%s %s %v/%v %s\n", label.Name(), id, r.Score, r.MaxScore, verdictList(r))
			n++
		}
	}
	if n == 0 {
		ts.Fatalf("labelled: no submissions in %s", subs)
	}
}

// misfit says how a result does not fit its label, "" when it does.
func misfit(label string, r grader.Result) string {
	has := func(v grader.Verdict) bool {
		return slices.ContainsFunc(r.Cases, func(c grader.CaseResult) bool { return c.Verdict == v })
	}
	switch label {
	case "accepted":
		if r.Status != grader.Graded || r.Score != r.MaxScore {
			return "not full marks"
		}
	case "partially_accepted":
		if r.Status != grader.Graded || r.Score <= 0 || r.Score >= r.MaxScore || has(grader.Timeout) || has(grader.RuntimeError) {
			return "not a partial score without time limits or crashes"
		}
	case "wrong_answer":
		if !has(grader.WrongAnswer) || has(grader.Timeout) || has(grader.RuntimeError) {
			return "no wrong answer, or a time limit or crash"
		}
	case "time_limit_exceeded":
		if !has(grader.Timeout) || has(grader.RuntimeError) {
			return "no time limit, or a crash"
		}
	case "run_time_error":
		if !has(grader.RuntimeError) {
			return "no crash"
		}
	default:
		return "unknown label"
	}
	return ""
}

func verdictList(r grader.Result) string {
	var vs []string
	for _, c := range r.Cases {
		vs = append(vs, string(c.Verdict))
	}
	return strings.Join(vs, ",")
}
