package oracle_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/reference/eightqueen"
	"github.com/cs540-tools/autograder/reference/eightqueen/oracle"
)

// classSuites are n suites of k tests each, drawn from a fixed seed: a
// command line of every part (cutoffs up to 99), its expected output the
// reference's under the default reading.
func classSuites(n, k int) []submission.Submission {
	rng := rand.New(rand.NewPCG(540, 2026))
	board := func() string {
		var b strings.Builder
		for range 8 {
			b.WriteByte(byte('0' + rng.IntN(8)))
		}
		return b.String()
	}
	var subs []submission.Submission
	for i := range n {
		s := submission.Submission{ID: fmt.Sprintf("s%03d", i)}
		for j := range k {
			var args []string
			switch flag := []int{100, 200, 300, 400, 500}[rng.IntN(5)]; flag {
			case 100, 200:
				args = []string{fmt.Sprint(flag), board()}
			case 400:
				args = []string{fmt.Sprint(flag + rng.IntN(100)), board()}
			default:
				args = []string{fmt.Sprint(flag + rng.IntN(100)), fmt.Sprint(rng.IntN(1000)), board()}
			}
			cmd, err := eightqueen.ParseArgs(args)
			if err != nil {
				panic(err)
			}
			out := eightqueen.Output(cmd, eightqueen.Options{})
			s.Files = append(s.Files, submission.File{Name: fmt.Sprintf("%02d.case", j),
				Data: []byte("args: " + strings.Join(args, " ") + "\n-- stdout --\n" + string(out))})
		}
		subs = append(subs, s)
	}
	return subs
}

// BenchmarkTestsClass grades a class of 100 suites of 25 tests against
// the built-in assignment's 10 bugs (every test on the reference's 8
// readings, then each valid one on the 10 bugs), one submission after
// another: s/student is the time per suite.
func BenchmarkTestsClass(b *testing.B) {
	a, err := grader.LoadAssignment(testsRubric, oracle.Judges)
	if err != nil {
		b.Fatal(err)
	}
	subs := classSuites(100, 25)
	for b.Loop() {
		for _, s := range subs {
			if _, err := a.Grade(context.Background(), nil, s, 0, grader.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N*len(subs)), "s/student")
}
