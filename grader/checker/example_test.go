package checker_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
)

// sumJudge is a checker written in Go: it passes an output whose numbers
// add up to the number the case expects, in any order or grouping.
type sumJudge struct{}

func (sumJudge) Judge(_ context.Context, t grader.Trial) (grader.Judgement, error) {
	want, err := strconv.ParseFloat(strings.TrimSpace(string(t.Case.Outputs[0].Stdout)), 64)
	if err != nil {
		// The case's fault, not the student's: a grader failure.
		return grader.Judgement{}, fmt.Errorf("sum: expected output: %w", err)
	}
	sum := 0.0
	for _, f := range strings.Fields(string(t.Stdout)) {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return grader.Judgement{Feedback: "not a number: " + f}, nil
		}
		sum += x
	}
	return grader.Judgement{Pass: sum == want, Log: fmt.Sprintf("sum %g, want %g", sum, want)}, nil
}

// A checker written in Go inside the project needs no checker program
// and no change to package grader: the program lists it among its judges,
// and a rubric names it ([judge] name = "example-sum").
var exampleJudges = grader.Judges{
	"example-sum": func(*rubric.Rubric) (grader.Judge, error) { return sumJudge{}, nil },
}

// Example_goChecker grades three programs' outputs with the Go checker
// above; the programs are stand-ins that print a fixed output.
func Example_goChecker() {
	a, err := grader.LoadAssignment("testdata/sum/rubric.toml", exampleJudges)
	if err != nil {
		fmt.Println(err)
		return
	}
	sub := submission.Submission{ID: "s", Files: []submission.File{{Name: "sum.py"}}}
	for _, out := range []string{"6\n", "1 2 3\n", "7\n"} {
		res, err := a.Grade(context.Background(), printer(out), sub, 0, grader.Options{})
		if err != nil {
			fmt.Println(err)
			return
		}
		c := res.Cases[0]
		fmt.Printf("%q: %s (%s)\n", out, c.Verdict, c.JudgeLog)
	}
	// Output:
	// "6\n": pass (sum 6, want 6)
	// "1 2 3\n": pass (sum 6, want 6)
	// "7\n": wrong-answer (sum 7, want 6)
}

// printer is a Runner whose every program prints it.
type printer string

func (p printer) Build(context.Context, []submission.File, sandbox.Hooks) (grader.Build, error) {
	return grader.Build{OK: true, Program: p}, nil
}

func (p printer) Run(context.Context, grader.Input) (grader.Execution, error) {
	return grader.Execution{Stdout: []byte(p)}, nil
}

func (printer) Close() error { return nil }
