package warm

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/reference/javasrc"
	_ "github.com/cs540-tools/autograder/reference/oracle" // rubric.toml's reference
)

// TestVariants grades every javasrc variant (each reading, each catalogued
// mistake, each quirk) on the public cases of the repository's rubric,
// cold and warm, and wants the same results.json entries. The time limits
// are cut so that the endless variant costs seconds.
// AUTOGRADER_TEST_ALL_PUBLIC=1 runs all the public cases, not a third.
func TestVariants(t *testing.T) {
	requireJDK(t)
	a, err := grader.LoadAssignment("../../rubric.toml")
	if err != nil {
		t.Fatal(err)
	}
	a.Rubric.Limits.Wall, a.Rubric.Limits.CPU = 2*time.Second, time.Second
	if os.Getenv("AUTOGRADER_TEST_ALL_PUBLIC") == "" {
		// Every third public case, two or more per part, keeps the cold half
		// under 20 seconds; AUTOGRADER_TEST_ALL_PUBLIC=1 runs all of them.
		n := 0
		for i, cs := range a.Parts {
			a.Parts[i] = slices.DeleteFunc(slices.Clone(cs), func(c cases.Case) bool {
				if c.Visibility != cases.Public {
					return false
				}
				n++
				return (n-1)%3 != 0
			})
		}
	}
	var subs []submission.Submission
	var builds [][]submission.File
	for _, v := range javasrc.Variants() {
		files := []submission.File{{Name: javasrc.FileName, Data: []byte(javasrc.Source(v))}}
		subs = append(subs, submission.Submission{ID: v.Name(), Files: files})
		builds = append(builds, files)
	}
	ctx := context.Background()
	opt := grader.Options{Visibility: "public"}
	jobs := 2 * runtime.NumCPU()

	w, err := New(a.Rubric, Inputs(a, "public"), Options{CacheDir: cacheDir})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := w.Prepare(ctx, builds); err != nil {
		t.Fatal(err)
	}
	warm, err := (&grader.Batch{Assignment: a, Runner: w, Jobs: jobs, Options: opt}).Run(ctx, subs)
	if err != nil {
		t.Fatal(err)
	}
	warmTime := time.Since(start)
	start = time.Now()
	cold, err := (&grader.Batch{Assignment: a, Runner: runner.New(a.Rubric), Jobs: jobs, Options: opt}).Run(ctx, subs)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d variants x %d public cases: warm %v (%d runs warm, %d cold), cold %v",
		len(subs), len(Inputs(a, "public")), warmTime.Round(time.Millisecond), w.stats.WarmCases.Load(), w.stats.ColdCases.Load(), time.Since(start).Round(time.Millisecond))
	for i := range cold {
		c, wr := cold[i], warm[i]
		for k := range c.Cases {
			// Which of the CPU and wall limits a busy loop meets first
			// depends on the load, in either mode.
			if c.Cases[k].Verdict == grader.Timeout && k < len(wr.Cases) && wr.Cases[k].Verdict == grader.Timeout {
				wr.Cases[k].Limit, wr.Cases[k].Signal = c.Cases[k].Limit, c.Cases[k].Signal
			}
		}
		cj, _ := json.MarshalIndent(c, "", " ")
		wj, _ := json.MarshalIndent(wr, "", " ")
		if string(cj) != string(wj) {
			t.Errorf("%s: cold and warm results differ:\ncold %s\nwarm %s", c.ID, cj, wj)
		}
	}
	if n := w.stats.ColdCases.Load(); n != 0 {
		t.Errorf("%d runs went cold; every variant should run warm", n)
	}
}

// TestUnseededRepeated is issue 7's acceptance 3 with real Java: a correct
// EightQueen.java passes every seed -1 case of the repository's rubric in
// 20 separate runs (each a fresh JVM, seeded by its clock), and programs
// that take a move that is not a steepest one, draw with nextInt(8) or
// miscount costs fail them, naming the line and the rule.
func TestUnseededRepeated(t *testing.T) {
	requireJDK(t)
	a, err := grader.LoadAssignment("../../rubric.toml")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i, cs := range a.Parts {
		a.Parts[i] = slices.DeleteFunc(slices.Clone(cs), func(c cases.Case) bool { return c.Check == "" })
		for _, c := range a.Parts[i] {
			ids = append(ids, c.ID)
		}
	}
	if len(ids) != 6 {
		t.Fatalf("unseeded cases %q, want three each in parts c and e", ids)
	}
	w, err := New(a.Rubric, Inputs(a, ""), Options{CacheDir: cacheDir})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	// Each run its own source (a comment apart), all compiled ahead by the
	// compile service: 20 builds, 20 JVMs, 20 clock seeds.
	sub := func(name string, run int) submission.Submission {
		v, ok := variantByName(name)
		if !ok {
			t.Fatalf("no javasrc variant %s", name)
		}
		src := fmt.Sprintf("// run %d\n%s", run, javasrc.Source(v))
		return submission.Submission{ID: name, Files: []submission.File{{Name: javasrc.FileName, Data: []byte(src)}}}
	}
	var builds [][]submission.File
	for run := range 20 {
		builds = append(builds, sub("correct", run).Files)
	}
	for _, v := range []string{"mistake-stay-put-successor", "mistake-sa-nextint-8", "mistake-pairs-counted-twice"} {
		builds = append(builds, sub(v, 0).Files)
	}
	if err := w.Prepare(ctx, builds); err != nil {
		t.Fatal(err)
	}
	for run := range 20 {
		res, err := a.Grade(ctx, w, sub("correct", run), 0, grader.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Cases {
			if c.Verdict != grader.Pass {
				t.Errorf("run %d: %s: %s %+v", run+1, c.ID, c.Verdict, c.Violation)
			}
		}
	}
	for _, tt := range []struct {
		variant, part, rule string
	}{
		{"mistake-stay-put-successor", "c", "move"},
		{"mistake-sa-nextint-8", "e", "move"},
		{"mistake-pairs-counted-twice", "c", "cost"},
		{"mistake-pairs-counted-twice", "e", "cost"},
	} {
		res, err := a.Grade(ctx, w, sub(tt.variant, 0), 0, grader.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Cases {
			if c.Part != tt.part {
				continue
			}
			if c.Verdict != grader.WrongAnswer || c.Violation == nil || c.Violation.Rule != tt.rule || c.Violation.Line < 1 || c.Violation.Msg == "" {
				t.Errorf("%s: %s: %s %+v, want a broken %q rule with its line", tt.variant, c.ID, c.Verdict, c.Violation, tt.rule)
			}
		}
	}
}

func variantByName(name string) (javasrc.Variant, bool) {
	for _, v := range javasrc.Variants() {
		if v.Name() == name {
			return v, true
		}
	}
	return javasrc.Variant{}, false
}
