package mutation

import (
	"context"
	"fmt"
	"strings"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/clip"
	"github.com/cs540-tools/autograder/grader/compare"
)

// judged is one test read and run: its Test and, when valid, what it
// exposes (by the bugs' index).
type judged struct {
	test    Test
	exposes []bool
}

// judge reads one of the student's test files and runs it: on every
// correct implementation (validity), then, when valid, on every bug.
func (p *Part) judge(ctx context.Context, name string, data []byte) (judged, error) {
	j := judged{test: Test{Name: name}}
	c, why := p.read(name, data)
	if why == "" {
		var err error
		if why, err = p.validity(ctx, c); err != nil {
			return j, err
		}
	}
	if why != "" {
		j.test.Why = clip.Excerpt([]byte(why), maxWhy/2, maxWhy/2)
		return j, nil
	}
	j.test.Valid = true
	j.exposes = make([]bool, len(p.bugs))
	want := c.Outputs[0].Stdout
	for i, b := range p.bugs {
		r, err := b.Program.Run(ctx, c.Args, c.Stdin)
		if err != nil {
			return j, fmt.Errorf("bug %s: %w", b.Name, err)
		}
		if r.Failed != "" || !compare.Equal(want, r.Stdout, p.cfg.Mode) {
			j.exposes[i] = true
			j.test.Exposes = append(j.test.Exposes, b.Name)
		}
	}
	return j, nil
}

// maxWhy bounds why a test is invalid, in bytes: a correct
// implementation's message may echo the student's input (a board, a
// seed), which the report must not repeat in full.
const maxWhy = 400

// exitLine reports whether a case file's header has an exit line: the
// parser keeps none for "exit: 0" (the default), yet a test may have no
// exit line at all.
func exitLine(data []byte) bool {
	for _, line := range strings.Split(string(data), "\n") {
		if cases.IsMarker(line) {
			return false // the first section: the header is over
		}
		if key, _, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(key) == "exit" {
			return true
		}
	}
	return false
}

// read parses a test file; why says why it is no test ("" when it is one).
func (p *Part) read(name string, data []byte) (c cases.Case, why string) {
	if int64(len(data)) > p.cfg.MaxBytes {
		return c, fmt.Sprintf("%d bytes, more than the %d a test may hold", len(data), p.cfg.MaxBytes)
	}
	c, err := cases.Parse(name, data)
	switch {
	case err != nil:
		return c, "not a case file: " + err.Error()
	case c.Check != "":
		return c, "a test may not name a judge (check: " + c.Check + ")"
	case c.Runs != 0:
		return c, "a test runs once: it may not have a runs line"
	case c.Exit != "" || exitLine(data):
		return c, "a test expects a run that ends with status 0: it may not have an exit line"
	case len(c.Outputs) != 1 || c.Outputs[0].Readings != nil:
		return c, fmt.Sprintf("a test has one expected output, a -- stdout -- section without readings; this one has %d", len(c.Outputs))
	}
	return c, ""
}

// validity runs case c on every correct implementation: why says which
// one did not print its expected output ("" when all did).
func (p *Part) validity(ctx context.Context, c cases.Case) (why string, err error) {
	want := c.Outputs[0].Stdout
	for _, im := range p.impls.Correct {
		r, err := im.Program.Run(ctx, c.Args, c.Stdin)
		if err != nil {
			return "", fmt.Errorf("%s: %w", im.Name, err)
		}
		if r.Failed != "" {
			return fmt.Sprintf("the correct implementation (%s) fails on it: %s", im.Name, r.Failed), nil
		}
		if m := compare.Explain(want, r.Stdout, p.cfg.Mode); m.Line > 0 {
			return fmt.Sprintf("the correct implementation (%s) prints another output: line %d: expected %s, got %s", im.Name, m.Line, m.Expected, m.Got), nil
		}
	}
	return "", nil
}
