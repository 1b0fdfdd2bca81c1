package grader_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/reference/eightqueen"
)

// testdataCases are testdata/cases: FLAG 100 and 200 command lines, and
// 27364150, a strict local minimum (cost 1, every move raises it), on which
// the two readings of "steepest" disagree: all moves print a list, the
// non-raising moves none.
var testdataCases = []struct {
	id, args string
	vis      cases.Visibility
}{
	{"a/public-01", "100 01234567", cases.Public},
	{"a/public-02", "100 12375643", cases.Public},
	{"a/hidden-01", "100 27364150", cases.Hidden},
	{"b/public-01", "200 12375643", cases.Public},
	{"b/hidden-01", "200 27364150", cases.Hidden},
	{"c/hidden-01", "200 27364150", cases.Hidden},
	{"c/hidden-02", "200 01234567", cases.Hidden},
}

// steepestName names the reading of the "steepest" point.
func steepestName(r eightqueen.Reading) string {
	if r.NonRaising {
		return "steepest-nonraising"
	}
	return "steepest-all"
}

func referenceCases(t *testing.T) []cases.Case {
	var out []cases.Case
	for _, tc := range testdataCases {
		args := strings.Fields(tc.args)
		cmd, err := eightqueen.ParseArgs(args)
		if err != nil {
			t.Fatal(err)
		}
		c := cases.Case{ID: tc.id, Part: tc.id[:1], Args: args, Visibility: tc.vis}
		outs := eightqueen.Outcomes(cmd, []eightqueen.Reading{eightqueen.Default, {NonRaising: true}})
		for _, o := range outs {
			out := cases.Output{Stdout: append([]byte{}, o.Output...)}
			if len(outs) > 1 {
				for _, r := range o.Readings {
					out.Readings = append(out.Readings, steepestName(r))
				}
			}
			c.Outputs = append(c.Outputs, out)
		}
		out = append(out, c)
	}
	return out
}

// TestTestdataCases checks the committed test cases against the reference
// (and with -update rewrites them from it).
func TestTestdataCases(t *testing.T) {
	want := referenceCases(t)
	if testenv.Update() {
		if err := cases.Write("testdata/cases", want); err != nil {
			t.Fatal(err)
		}
	}
	got, err := cases.Load("testdata/cases")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("testdata/cases holds %d cases, want %d (run with -update)", len(got), len(want))
	}
	slices.SortFunc(want, func(a, b cases.Case) int { return strings.Compare(a.ID, b.ID) })
	for i := range want {
		g, w := got[i], want[i]
		if !bytes.Equal(g.Format(), w.Format()) {
			t.Errorf("%s differs from the reference (run with -update):\n%s\nwant:\n%s", w.ID, g.Format(), w.Format())
		}
	}
	// The labelled case is what the reading tests need.
	for _, c := range got {
		if c.ID == "b/hidden-01" && len(c.Outputs) != 2 {
			t.Errorf("b/hidden-01 has %d outputs, want one per reading", len(c.Outputs))
		}
	}
}
