package grader

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// loudResult is a result of n failed cases, each with a diff and stderr
// of the given sizes.
func loudResult(n, diff, stderr int) Result {
	r := Result{ID: "s"}
	for i := range n {
		r.Cases = append(r.Cases, CaseResult{
			ID: fmt.Sprintf("a/hidden-%02d", i+1), RunResult: RunResult{Verdict: WrongAnswer, Mismatch: &Mismatch{Line: 2, Expected: "8", Got: "x", Diff: strings.Repeat("+x\n", diff/3)}, Stderr: excerpt([]byte(strings.Repeat("e", stderr)), KeptStderr)},
		})
	}
	return r
}

func TestBoundEvidence(t *testing.T) {
	for _, tc := range []struct {
		name              string
		cases, diff, errs int
		full              int // cases left whole
	}{
		{"none", 0, 0, 0, 0},
		{"small", 10, 300, 100, 10},
		{"at the bound", 16, 2048, 2048 - 16 - 2, 16},
		{"past it", 172, 6000, 1 << 20, 64 << 10 / (6000 + 2048 + 2)},
		{"one case too big", 1, KeptEvidence, 10, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := loudResult(tc.cases, tc.diff, tc.errs)
			before := loudResult(tc.cases, tc.diff, tc.errs)
			boundEvidence(&r)
			for i, c := range r.Cases {
				whole := c.Mismatch.Diff == before.Cases[i].Mismatch.Diff && c.Stderr == before.Cases[i].Stderr
				if whole != (i < tc.full) {
					t.Errorf("case %d: whole %v, want %v", i+1, whole, i < tc.full)
				}
				if !whole && (c.Mismatch.Diff != "" || len(c.Stderr) > KeptPast+64 || c.Mismatch.Got != "x") {
					t.Errorf("case %d cut to diff %d bytes, stderr %d bytes, got %q", i+1, len(c.Mismatch.Diff), len(c.Stderr), c.Mismatch.Got)
				}
			}
			if cut := tc.cases - tc.full; cut > 0 {
				want := fmt.Sprintf("%d cases show only their first differing line and the start and end of their stderr: a report keeps at most 64 KiB of diffs, output and stderr", cut)
				if len(r.Notes) != 1 || r.Notes[0] != want {
					t.Errorf("notes %q, want %q", r.Notes, want)
				}
			} else if len(r.Notes) != 0 {
				t.Errorf("notes %q, want none", r.Notes)
			}
			// However many cases, the result stays within the bound (its
			// newlines written "\n" in JSON) and a few hundred bytes a case.
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			if limit := 2*KeptEvidence + tc.cases*(2*KeptPast+300); len(b) > limit {
				t.Errorf("%d bytes of JSON, want at most %d", len(b), limit)
			}
		})
	}
}

// TestBoundEvidenceAttempts: a repeated case's failing runs count, and
// are cut, as a case.
func TestBoundEvidenceAttempts(t *testing.T) {
	r := loudResult(40, 6000, 0)
	r.Cases[39].Attempts = &Attempts{Runs: 5, Failures: []Attempt{{Run: 1, RunResult: RunResult{Mismatch: &Mismatch{Line: 1, Diff: strings.Repeat("-", 5000)}, Stderr: strings.Repeat("e", 2000)}}}}
	boundEvidence(&r)
	f := r.Cases[39].Attempts.Failures[0]
	if f.Mismatch.Diff != "" || len(f.Stderr) > KeptPast+64 {
		t.Errorf("a failing run past the bound kept a %d-byte diff and %d bytes of stderr", len(f.Mismatch.Diff), len(f.Stderr))
	}
}

// TestBoundEvidenceViolation: a broken rule's message quoting a long line
// of output is cut in every case, and shorter past the bound.
func TestBoundEvidenceViolation(t *testing.T) {
	long := strings.Repeat("q", 100_000)
	r := loudResult(20, 6000, 0)
	r.Cases[0].Violation = &Violation{Line: 1, Rule: "claim", Msg: long}
	r.Cases[19].Violation = &Violation{Line: 1, Rule: "claim", Msg: long}
	boundEvidence(&r)
	if n := len(r.Cases[0].Violation.Msg); n > KeptStderr+64 || !strings.Contains(r.Cases[0].Violation.Msg, "bytes left out") {
		t.Errorf("first case's rule message kept as %d bytes", n)
	}
	if n := len(r.Cases[19].Violation.Msg); n > KeptPast+64 {
		t.Errorf("last case's rule message kept as %d bytes", n)
	}
}

// limitExcerpt keeps the first 8 lines and the last 4 of what a run
// stopped at the output limit printed, within 200 and 100 bytes.
func TestLimitExcerpt(t *testing.T) {
	lines := strings.Repeat("28\n", 1000)
	long := strings.Repeat("x", 5000)
	for _, tc := range []struct{ in, head, tail string }{
		{"", "", ""},
		{"short\n", "short\n", ""},
		{lines, strings.Repeat("28\n", 8), strings.Repeat("28\n", 4)},
		{long, long[:200], long[:100]},
	} {
		got := limitExcerpt([]byte(tc.in))
		if !strings.HasPrefix(got, tc.head) || !strings.HasSuffix(got, tc.tail) || len(got) > 400 {
			t.Errorf("limitExcerpt(%.20q...) = %q", tc.in, got)
		}
	}
}
