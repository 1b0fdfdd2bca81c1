package checker

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/sandbox"
)

// The exit statuses of a checker's judgement.
const (
	accepted = 42
	rejected = 43
)

// judgement reads a finished run of the checker: its exit status and its
// feedback folder. Anything but an accepting or rejecting exit is the
// checker's failure on the output it read (onOutput).
func (c *Checker) judgement(res sandbox.Result) (grader.Judgement, error) {
	j, err := c.judged(res)
	return j, c.onOutput(err)
}

// onOutput is err, the checker's failure on a run's output, as the case's
// judge error when the rubric makes it one (rubric.Judge.JudgeErrors: a
// problem package's output validator), else as it is: the grader's
// failure.
func (c *Checker) onOutput(err error) error {
	if err == nil || !c.judgeErrors {
		return err
	}
	return &grader.FailedOnOutput{Err: err}
}

// judged is judgement's reading of the checker's run.
func (c *Checker) judged(res sandbox.Result) (grader.Judgement, error) {
	if err := failure(res); err != nil {
		return grader.Judgement{}, fmt.Errorf("checker %s %w", c.path, err)
	}
	fb := map[string][]byte{}
	for _, f := range res.Files {
		fb[path.Base(f.Name)] = f.Data
	}
	j := grader.Judgement{
		Pass:     res.ExitCode == accepted,
		Feedback: message(fb[teamMessage]),
		Log:      message(fb[judgeMessage]),
	}
	if !j.Pass {
		return j, nil
	}
	if _, ok := fb[scoreFile]; ok && c.multOnly {
		return grader.Judgement{}, fmt.Errorf("checker %s wrote %s, in a 2025-09 package the case's absolute score, which the grader cannot scale to its share of the case: write %s (the share, 0 to 1) instead", c.path, scoreFile, multiplierFile)
	}
	score, err := readScore(fb)
	if err != nil {
		return grader.Judgement{}, fmt.Errorf("checker %s: %w", c.path, err)
	}
	j.Score = score
	return j, nil
}

// failure says how a run of the checker failed, nil when it judged.
func failure(res sandbox.Result) error {
	var why string
	switch {
	case res.Limit != sandbox.None:
		why = fmt.Sprintf("hit its %s limit", res.Limit)
	case res.Signal != "":
		why = "was killed by a signal (" + res.Signal + ")"
	case res.ExitCode != accepted && res.ExitCode != rejected:
		why = fmt.Sprintf("exited with status %d, not %d (accepted) or %d (rejected)", res.ExitCode, accepted, rejected)
	default:
		return nil
	}
	if s := strings.TrimSpace(message(tail(res.Stderr, maxMessage))); s != "" {
		why += "; its stderr ends:\n" + s
	}
	return errors.New(why)
}

// floatRE is a floating-point number as the problem package format
// writes one.
var floatRE = regexp.MustCompile(`^[+-]?([0-9]*\.[0-9]+|[0-9]+\.?)([eE][+-]?[0-9]+)?$`)

// readScore reads an accepting checker's score files, of the feedback
// files by name: nil when it wrote neither (the whole case), the share of
// the case otherwise.
func readScore(fb map[string][]byte) (*float64, error) {
	_, hasScore := fb[scoreFile]
	_, hasMultiplier := fb[multiplierFile]
	name := scoreFile
	switch {
	case hasScore && hasMultiplier:
		return nil, fmt.Errorf("wrote both %s and %s", scoreFile, multiplierFile)
	case hasMultiplier:
		name = multiplierFile
	case !hasScore:
		return nil, nil
	}
	x, err := parseScore(fb[name])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &x, nil
}

// parseScore reads a score file: one number from 0 to 1, blanks around it.
func parseScore(data []byte) (float64, error) {
	s := strings.TrimSpace(string(data))
	if len(s) > scoreFileMaxLen || !floatRE.MatchString(s) {
		return 0, fmt.Errorf("want one number from 0 to 1, got %q", cut(s, 40))
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || x < 0 || x > 1 {
		return 0, fmt.Errorf("want a number from 0 to 1, got %s", s)
	}
	if x == 0 {
		x = 0 // not -0
	}
	return x, nil
}

// Judge implements grader.Judge: the checker reads the run's output.
func (c *Checker) Judge(ctx context.Context, t grader.Trial) (grader.Judgement, error) {
	prog, err := c.program(ctx, t.Waiting)
	if err != nil {
		return grader.Judgement{}, err
	}
	spec, err := c.spec(ctx, prog, t, grader.Input{Stdin: t.Stdout})
	if err != nil {
		return grader.Judgement{}, err
	}
	res, err := sandbox.Run(ctx, spec)
	if err != nil {
		return grader.Judgement{}, fmt.Errorf("checker %s: %w", c.path, err)
	}
	j, err := c.judgement(res)
	return j, ownFailure(t, err)
}

// ownFailure is err, the checker's judgement error on trial t, as the
// grader's failure when the output it failed on is the case's answer
// itself: a validator that fails on the jury's answer is broken, not
// made to fail by the program, and every submission would get a judge
// error from it (the TA must mend it, and the case is graded again).
func ownFailure(t grader.Trial, err error) error {
	var f *grader.FailedOnOutput
	if errors.As(err, &f) && bytes.Equal(answerOf(t), t.Stdout) {
		return fmt.Errorf("%w (on the case's own answer)", f.Err)
	}
	return err
}
