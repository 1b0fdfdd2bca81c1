package unittest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
)

// BenchmarkSuiteStudent grades one student's pytest suite of T tests
// against B bugs (docs/performance.md, "Students' tests"): a module of
// ten functions f0..f9, bug k's fk one off, test i asserting
// f(i mod 10); every test valid, exposing one bug. Each iteration is one
// student: 2 runs on the correct implementation per test and 2 on each
// bug no earlier test exposed, each run a fresh test box and
// implementation box. The sizes show how the cost grows with tests ×
// bugs; 25 × 10 is the class (a student of a class of 100).
// cpu-s/student is the CPU time of the grader and every box (the
// machine's load changes it far less than the wall time).
func BenchmarkSuiteStudent(b *testing.B) {
	if m := Missing("pytest"); m != "" {
		b.Skip("pytest: " + m)
	}
	for _, size := range []struct{ tests, bugs int }{{5, 2}, {5, 10}, {25, 2}, {25, 10}} {
		b.Run(fmt.Sprintf("tests=%d/bugs=%d", size.tests, size.bugs), func(b *testing.B) {
			p := benchSuitePart(b, size.bugs)
			file := []submission.File{{Name: "test_m.py", Data: benchSuite(size.tests)}}
			b.ResetTimer()
			cpu0 := childCPU()
			for range b.N {
				res, err := p.Grade(context.Background(), file, []byte("secret"))
				if err != nil {
					b.Fatal(err)
				}
				if res.Valid != size.tests || res.Exposed != min(size.bugs, size.tests) {
					b.Fatalf("%d valid tests exposing %d bugs; want %d and %d", res.Valid, res.Exposed, size.tests, min(size.bugs, size.tests))
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/student")
			b.ReportMetric((childCPU()-cpu0).Seconds()/float64(b.N), "cpu-s/student")
			b.ReportMetric(float64(benchRuns(size.tests, size.bugs)), "runs/student")
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N*benchRuns(size.tests, size.bugs)), "s/run")
		})
	}
}

// benchRuns are the runs of a student of the benchmark: test i runs
// twice on the correct implementation and twice on each bug that no
// test before it exposed (test j exposes bug j mod 10).
func benchRuns(tests, bugs int) int {
	runs := 0
	for i := range tests {
		runs += 2 * (1 + max(0, bugs-i))
	}
	return runs
}

// benchSuitePart is the part of the benchmark's implementations: the
// correct module and bugs bugs, in a folder of the benchmark's.
func benchSuitePart(b *testing.B, bugs int) *mutation.SuitePart {
	dir := b.TempDir()
	write := func(name string, body string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	write("correct/m.py", benchModule(-1))
	for k := range bugs {
		write(fmt.Sprintf("bugs/b%02d/m.py", k), benchModule(k))
	}
	j, err := newJudge(pytest, &rubric.Rubric{Limits: suiteLimits})
	if err != nil {
		b.Fatal(err)
	}
	s, err := j.Suites(context.Background(), dir)
	if err != nil {
		b.Fatal(err)
	}
	p, err := mutation.NewSuitePart(mutation.Config{PerBug: 1, Ceiling: 100, MaxTests: 1000, MaxBytes: 1 << 20,
		Files: "test_*.py", Show: mutation.ShowAll, Mode: compare.Lines}, s)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// benchModule is the module m: f0..f9, fk returning k, but f(bug)
// returning bug+1 (bug -1: the correct one).
func benchModule(bug int) string {
	var sb strings.Builder
	for k := range 10 {
		v := k
		if k == bug%10 && bug >= 0 {
			v = k + 1 + bug/10
		}
		fmt.Fprintf(&sb, "def f%d():\n    return %d\n\n\n", k, v)
	}
	return sb.String()
}

// benchSuite is a student's test file of n tests, test i asserting
// f(i mod 10).
func benchSuite(n int) []byte {
	var sb strings.Builder
	sb.WriteString("import m\n\n\n")
	for i := range n {
		fmt.Fprintf(&sb, "def test_%02d():\n    assert m.f%d() == %d\n\n\n", i, i%10, i%10)
	}
	return []byte(sb.String())
}
