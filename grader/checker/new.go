package checker

import (
	"errors"
	"slices"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
)

// Judges is this package's judge, "checker", for a program's list of
// judges (grader.Judges).
var Judges = grader.Judges{"checker": New}

// New makes the judge of the rubric's checker program ([judge] checker):
// an Interactor when the rubric makes it interactive. It reads the
// checker's files; it builds them only when the first case needs them.
func New(r *rubric.Rubric) (grader.Judge, error) {
	j := r.Judge
	if j.Checker == "" {
		return nil, errors.New("judge.checker names no checker program")
	}
	files, b, err := load(j.Checker)
	if err != nil {
		return nil, err
	}
	srcs, err := sources(j.Checker, files)
	if err != nil {
		return nil, err
	}
	for i := range files {
		files[i].Data = j.Constants.Replace(files[i].Data)
	}
	c := &Checker{
		path:        j.Checker,
		srcs:        srcs,
		files:       files,
		flags:       slices.Clone(j.Flags),
		multOnly:    j.MultiplierOnly,
		judgeErrors: j.JudgeErrors,
		runner: runner.New(&rubric.Rubric{Build: b, Limits: rubric.Limits{
			Wall: j.CheckerWall, CPU: j.CheckerCPU, BuildWall: r.Limits.BuildWall,
		}}),
	}
	switch {
	case j.Passes > 1:
		return &multipass{Checker: c, passes: j.Passes, live: j.Interactive}, nil
	case j.Interactive:
		return &interactor{c}, nil
	}
	return c, nil
}
