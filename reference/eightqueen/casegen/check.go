package casegen

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/reference/eightqueen"
)

// Check verifies cases against the reference: each case's command line is
// valid, seeded and filed under its part; each expected output is, byte for
// byte, what the reference prints under every reading it is accepted for;
// and every reading of the part has an accepted output. It reports every
// problem, one per line.
func Check(cs []cases.Case) error {
	var errs []error
	for _, c := range cs {
		if err := checkCase(c); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", c.ID, err))
		}
	}
	return errors.Join(errs...)
}

func checkCase(c cases.Case) error {
	cmd, err := eightqueen.ParseArgs(c.Args)
	if err != nil {
		return err
	}
	p := cmd.Part()
	switch {
	case c.Part != p.String():
		return fmt.Errorf("FLAG %d belongs to part %s, not %s", cmd.Flag, p, c.Part)
	case len(c.Stdin) > 0:
		return fmt.Errorf("EightQueen reads no input")
	case c.Check != "":
		if cmd.Seeded() || (p != eightqueen.PartHill && p != eightqueen.PartAnneal) {
			return fmt.Errorf("check: %s is for seed -1 runs of parts c and e only", c.Check)
		}
		return nil
	case !cmd.Seeded():
		return fmt.Errorf("seed -1: the output is not reproducible (give the case check: reference)")
	}
	for _, o := range c.Outputs {
		for _, n := range o.Readings {
			r, err := eightqueen.ParseReading([]string{n})
			if err != nil {
				return err
			}
			if len(relevantNames(r, p)) == 0 {
				return fmt.Errorf("reading %q does not concern part %s", n, p)
			}
		}
	}
	for _, r := range eightqueen.ReadingsFor(p) {
		want := eightqueen.Output(cmd, eightqueen.Options{Reading: r})
		accepted := c.Accepts(relevantNames(r, p))
		if len(accepted) == 0 {
			return fmt.Errorf("no expected output for reading %s", r)
		}
		for _, o := range accepted {
			if !bytes.Equal(o.Stdout, want) {
				return fmt.Errorf("%s differs from the reference under reading %s: %s", label(o), r, firstDiff(o.Stdout, want))
			}
		}
	}
	return nil
}

func label(o cases.Output) string {
	if o.Readings == nil {
		return "-- stdout --"
	}
	return "-- stdout " + strings.Join(o.Readings, ",") + " --"
}

// firstDiff describes the first line where got and want differ.
func firstDiff(got, want []byte) string {
	g, w := strings.SplitAfter(string(got), "\n"), strings.SplitAfter(string(want), "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d: expected %q, reference prints %q", i+1, gl, wl)
		}
	}
	return "same lines"
}
