package grader

import (
	"fmt"

	"github.com/cs540-tools/autograder/grader/clip"
)

// What the grader keeps of what a program prints. A run's stdout and its
// stderr are bounded first by the rubric's output limit (limits.output,
// 1 MiB by default): the sandbox stops a run that prints more (the
// verdict "output limit") and keeps that much of each, which is what a
// judge sees. A run's output is judged as it ends and dropped; what a
// result keeps of it, and what a warm JVM's answers may hold until they
// are judged, is bounded here, so that what one student prints never
// decides how much memory a batch takes.
const (
	// KeptStderr is how much of a run's stderr its result (and so every
	// report) keeps: its first and last halves, with "… N bytes left
	// out …" between them when more was printed (see package clip).
	KeptStderr = 2 << 10

	// KeptOutput is how much of a run's stdout its result keeps
	// (CaseResult.Output, for a case judged by a checker program, whose
	// output shows no diff): its first and last halves, as KeptStderr.
	KeptOutput = 2 << 10

	// WarmAnswers is how many bytes of stdout and stderr a warm runner
	// holds for one submission, from its warm JVM's answers until each
	// case is judged. A submission whose answers need more runs its
	// remaining cases cold, each judged as it ends (the TA is told).
	WarmAnswers = 8 << 20

	// KeptEvidence is how many bytes of evidence (diffs, stderr, judges'
	// words) one submission's result keeps, in case order. The cases past
	// it keep their first differing line and KeptPast bytes of each
	// other text; a note in the report says so.
	KeptEvidence = 64 << 10

	// KeptPast is what a case past KeptEvidence keeps of its stderr and
	// of each judge's word (its first and last halves); its diff is left
	// out.
	KeptPast = 256
)

// limitExcerpt is what a report shows of the output of a run stopped at
// the output limit: its first 8 lines and last 4, at most 200 and 100
// bytes, with what is left out between them said (clip.Excerpt).
func limitExcerpt(b []byte) string {
	head := min(len(b), 200)
	if i := nthIndex(b[:head], '\n', 8); i >= 0 {
		head = i + 1
	}
	tail := min(len(b)-head, 100)
	if i := nthIndex(reversed(b[len(b)-tail:]), '\n', 5); i >= 0 {
		tail = i
	}
	return clip.Excerpt(b, head, tail)
}

// nthIndex is the index of the nth c in b, -1 when b has fewer.
func nthIndex(b []byte, c byte, n int) int {
	for i, x := range b {
		if x == c {
			if n--; n == 0 {
				return i
			}
		}
	}
	return -1
}

// reversed is a reversed copy of b.
func reversed(b []byte) []byte {
	r := make([]byte, len(b))
	for i, x := range b {
		r[len(b)-1-i] = x
	}
	return r
}

// excerpt keeps the first and last halves of n bytes of b.
func excerpt(b []byte, n int) string { return clip.Excerpt(b, n/2, n-n/2) }

// boundEvidence keeps the result's evidence within KeptEvidence: the
// cases past it (in the result's order) keep their first differing line
// and short excerpts, and a note says how many were cut.
func boundEvidence(res *Result) {
	held, full, cut := 0, true, 0
	for i := range res.Cases {
		c := &res.Cases[i]
		clipViolation(&c.Violation, KeptStderr)
		n := caseEvidence(c)
		if full && held+n <= KeptEvidence {
			held += n
			continue
		}
		full = false
		shortened := shorten(&c.Mismatch, &c.Violation, texts(c.Output, &c.Stderr, &c.Feedback, &c.JudgeLog)...)
		if c.Attempts != nil {
			for j := range c.Attempts.Failures {
				f := &c.Attempts.Failures[j]
				shortened = shorten(&f.Mismatch, &f.Violation, texts(f.Output, &f.Stderr, &f.Feedback, &f.JudgeLog)...) || shortened
			}
		}
		if shortened {
			cut++
		}
	}
	if cut > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%d cases show only their first differing line and the start and end of their stderr: a report keeps at most %s of diffs, output and stderr", cut, sizeText(KeptEvidence)))
	}
}

// texts are a case's (or a run's) texts of evidence: its kept output, when
// it has one, and the others.
func texts(output *string, others ...*string) []*string {
	if output != nil {
		return append(others, output)
	}
	return others
}

// caseEvidence is the bytes of a case's evidence.
func caseEvidence(c *CaseResult) int {
	n := evidence(c.Mismatch, c.Violation, texts(c.Output, &c.Stderr, &c.Feedback, &c.JudgeLog))
	if c.Attempts != nil {
		for _, f := range c.Attempts.Failures {
			n += evidence(f.Mismatch, f.Violation, texts(f.Output, &f.Stderr, &f.Feedback, &f.JudgeLog))
		}
	}
	return n
}

func evidence(m *Mismatch, v *Violation, texts []*string) int {
	n := 0
	if m != nil {
		n += len(m.Diff) + len(m.Expected) + len(m.Got)
	}
	if v != nil {
		n += len(v.Msg)
	}
	for _, t := range texts {
		n += len(*t)
	}
	return n
}

// shorten drops a diff and cuts a rule's message and each text to
// KeptPast bytes; it reports whether that changed anything.
func shorten(m **Mismatch, v **Violation, texts ...*string) bool {
	changed := clipViolation(v, KeptPast)
	if *m != nil && (*m).Diff != "" {
		short := **m
		short.Diff = ""
		*m, changed = &short, true
	}
	for _, t := range texts {
		if len(*t) > KeptPast {
			*t, changed = excerpt([]byte(*t), KeptPast), true
		}
	}
	return changed
}

// clipViolation cuts the message of a broken rule, which may quote the
// program's output, to n bytes; it reports whether it did.
func clipViolation(v **Violation, n int) bool {
	if *v == nil || len((*v).Msg) <= n {
		return false
	}
	short := **v
	short.Msg = excerpt([]byte(short.Msg), n)
	*v = &short
	return true
}
