package oracle

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/reference/nqueens"
)

const rubricPath = "../../../cases/nqueens/rubric.toml"

func TestDecide(t *testing.T) {
	solved := Decide(4, nqueens.HillClimbing, []byte("Q...\n.Q..\n...q\n.Q..\nFinal State\n.q..\n...q\nq...\n..q.\n"))
	if !solved.Pass || !strings.HasPrefix(solved.Feedback, "solved") {
		t.Errorf("solved run: %+v", solved)
	}
	stuck := Decide(4, nqueens.HillClimbing, []byte("Q...\n.Q..\n...q\n.Q..\nFinal State\nQ...\n.Q..\n...q\n.Q..\n"))
	want := "not solved: hill climbing ended on a board with 2 conflicting pairs (line 6): rows 1 and 2, rows 2 and 4; the queens in conflict are Q:\nQ...\n.Q..\n...q\n.Q..\n"
	if stuck.Pass || stuck.Violation != nil || stuck.Feedback != strings.TrimSuffix(want, "\n") {
		t.Errorf("stuck run: %+v", stuck)
	}
	lie := Decide(4, nqueens.Genetic, []byte("Q...\n.Q..\n...q\n.Q..\nSolved!\nQ...\n.Q..\n...q\n.Q..\n"))
	if lie.Pass || lie.Violation == nil || lie.Violation.Rule != nqueens.RuleClaim || lie.Violation.Line != 5 {
		t.Errorf("lying run: %+v", lie)
	}
	if _, _, err := ParseArgs([]string{"8"}); err == nil {
		t.Error("ParseArgs took one argument")
	}
}

// TestPackAgrees checks that the pack loads and that each part's case
// runs the program as nqueens.Parts records: args N ALG, R runs, K.
func TestPackAgrees(t *testing.T) {
	a, err := grader.LoadAssignment(rubricPath, Judges)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Rubric.Parts) != len(nqueens.Parts) {
		t.Fatalf("%d parts, %d recorded", len(a.Rubric.Parts), len(nqueens.Parts))
	}
	for i, p := range nqueens.Parts {
		if a.Rubric.Parts[i].ID != p.ID {
			t.Errorf("part %d is %s, recorded %s", i, a.Rubric.Parts[i].ID, p.ID)
		}
		for _, c := range a.Parts[i] {
			n, alg, err := ParseArgs(c.Args)
			if err != nil || n != p.N || alg != p.Algorithm || c.Runs != p.Runs || c.Need() != p.MinPass || c.Visibility != "public" {
				t.Errorf("%s: args %v, runs %d, min_pass %d, %s; recorded N=%d ALG=%d R=%d K=%d", c.ID, c.Args, c.Runs, c.Need(), c.Visibility, p.N, p.Algorithm, p.Runs, p.MinPass)
			}
		}
	}
}

// needFaketime skips a test of clock-seeded programs without
// libfaketime, or fails it under CI=true (CI installs it).
func needFaketime(t *testing.T) {
	t.Helper()
	if runner.Faketime() == "" {
		testenv.Missing(t, "libfaketime missing (looked in %s): clock-seeded runs would repeat", runner.FaketimeWhere())
	}
}

// graded is a program of testdata/submissions and the parts it loses.
type graded struct {
	name, file string
	loses      []string // the parts it must fail; nil: full marks
	only       []string // the parts graded (nil: every part)
	edit       func(string) string
	rule       string // a rule its failing runs name
	named      string // the mistake named in every part it loses
}

var programs = []graded{
	{name: "correct", file: "nqueens.c"},
	{name: "correct", file: "nqueens.py"},
	{name: "no-restarts", file: "nqueens.c", loses: []string{"hill8", "hill10"}, only: []string{"hill8", "hill10"}, named: "hill-climbing-no-restarts"},
	{name: "no-restarts-py", file: "nqueens.py", loses: []string{"hill8"}, only: []string{"hill8"}, named: "hill-climbing-no-restarts"},
	{name: "first-tie", file: "nqueens.c", loses: []string{"hill8", "hill10"}, only: []string{"hill8", "hill10"}, named: "hill-climbing-first-tie"},
	{name: "accept-all", file: "nqueens.c", loses: []string{"anneal8"}, only: []string{"anneal8"}, named: "annealing-accept-all"},
	{name: "constant-temperature", file: "nqueens.c", loses: []string{"anneal8"}, only: []string{"anneal8"}, named: "annealing-constant-temperature"},
	{name: "conflicts-per-queen", file: "nqueens.c", loses: []string{"random"}, only: []string{"random", "hill8"}, rule: nqueens.RuleEvaluation, named: "conflicts-counted-twice"},
	{name: "no-mutation", file: "nqueens.c", loses: []string{"genetic8"}, only: []string{"genetic8"}, named: "genetic-no-mutation"},
	{name: "marks-earlier-rows", file: "nqueens.c", loses: []string{"random", "hill8"}, only: []string{"random", "hill8"}, rule: nqueens.RuleMarks, named: "marks-not-conflicts"},
	{name: "solved-claim", file: "nqueens.c", loses: []string{"random"}, only: []string{"random", "anneal8"}, rule: nqueens.RuleClaim, named: "false-solved-claim"},
	{name: "solved-claim-py", file: "nqueens.py", loses: []string{"random"}, only: []string{"random"}, rule: nqueens.RuleClaim, named: "false-solved-claim"},
	// Every queen q: the initial board nearly always has a conflict.
	{name: "correct", file: "nqueens.c", loses: []string{"random", "genetic8"}, only: []string{"random", "genetic8"}, rule: nqueens.RuleMarks, named: "marks-not-conflicts",
		edit: func(s string) string { return strings.ReplaceAll(s, `printf("Q");`, `printf("q");`) }},
}

// TestGrade grades the catalogue for real, in the sandbox, each run of a
// repeated case on a clock of its own: the correct C and Python programs
// get full marks, each mistake fails its algorithm's parts (and a rule
// it breaks in a single run is named).
func TestGrade(t *testing.T) {
	if testing.Short() {
		t.Skip("grades 13 programs in the sandbox, about 900 runs")
	}
	testenv.NeedTools(t, "gcc", "python3")
	needFaketime(t)
	a, err := grader.LoadAssignment(rubricPath, Judges)
	if err != nil {
		t.Fatal(err)
	}
	run := runner.New(a.Rubric)
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for i, g := range programs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			gradeOne(t, a, run, i, g)
		}()
	}
	wg.Wait()
}

// gradeOne grades program g and checks its parts.
func gradeOne(t *testing.T, a *grader.Assignment, run grader.Runner, i int, g graded) {
	data, err := os.ReadFile(filepath.Join("../testdata/submissions", g.name, g.file))
	if err != nil {
		t.Error(err)
		return
	}
	if g.edit != nil {
		data = []byte(g.edit(string(data)))
	}
	var opt grader.Options
	for _, id := range g.only {
		opt.Cases = append(opt.Cases, id+"/public-01")
	}
	sub := submission.Submission{ID: g.name, Files: []submission.File{{Name: g.file, Data: data}}}
	res, err := a.Grade(context.Background(), run, sub, 0, opt)
	if err != nil {
		t.Errorf("program %d (%s/%s): %v", i, g.name, g.file, err)
		return
	}
	if res.Status != grader.Graded {
		t.Errorf("program %d (%s/%s): status %s: %s", i, g.name, g.file, res.Status, res.BuildLog)
		return
	}
	for _, c := range res.Cases {
		part := strings.Split(c.ID, "/")[0]
		lose := false
		for _, l := range g.loses {
			lose = lose || l == part
		}
		passed := 0
		if c.Attempts != nil {
			passed = c.Attempts.Passed
		}
		if (c.Verdict == grader.Pass) == lose {
			t.Errorf("program %d (%s/%s): case %s: %s with %d runs passed; want it to lose: %v", i, g.name, g.file, c.ID, c.Verdict, passed, lose)
		}
		t.Logf("program %d (%s/%s): case %s: %s, %d of 20 runs passed, named %q", i, g.name, g.file, c.ID, c.Verdict, passed, c.Mistakes)
		if lose && g.named != "" && !slices.Contains(c.Mistakes, g.named) {
			t.Errorf("program %d (%s/%s): case %s: named %q, want %s among them", i, g.name, g.file, c.ID, c.Mistakes, g.named)
		}
		if !lose && len(c.Mistakes) > 0 {
			t.Errorf("program %d (%s/%s): case %s passed and names %q", i, g.name, g.file, c.ID, c.Mistakes)
		}
		if lose && g.rule != "" && !namesRule(c, g.rule) {
			t.Errorf("program %d (%s/%s): case %s: no failing run names the rule %q", i, g.name, g.file, c.ID, g.rule)
		}
	}
}

// namesRule reports whether a failing run of c broke the rule.
func namesRule(c grader.CaseResult, rule string) bool {
	if c.Attempts == nil {
		return false
	}
	for _, f := range c.Attempts.Failures {
		if f.Violation != nil && f.Violation.Rule == rule {
			return true
		}
	}
	return false
}
