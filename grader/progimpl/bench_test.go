package progimpl

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
)

// BenchmarkProgramsStudent grades one student's T case files against B
// bugs written as Python programs (docs/performance.md, "Students'
// tests"): the program prints n*n for the n on its stdin, bug k wrong
// when n mod 10 is k; case i gives n = 100+i (none of the own cases'),
// every case valid, exposing one bug. Each iteration is one student:
// each case runs once on the correct program and once on each bug, each
// run a fresh box. memo=off makes every run; memo=on keeps runs by input,
// and the class of 10 students hands in the same suite.
func BenchmarkProgramsStudent(b *testing.B) {
	for _, size := range []struct{ tests, bugs, students int }{{5, 2, 1}, {5, 10, 1}, {25, 2, 1}, {25, 10, 1}, {25, 10, 10}} {
		for _, memo := range []bool{false, true} {
			if size.students > 1 && !memo {
				continue // as many runs per student as one student's
			}
			name := fmt.Sprintf("tests=%d/bugs=%d/students=%d/memo=%v", size.tests, size.bugs, size.students, memo)
			b.Run(name, func(b *testing.B) {
				defer func(n int) { memoBytes = n }(memoBytes)
				if !memo {
					memoBytes = 0
				}
				benchStudents(b, size.tests, size.bugs, size.students)
			})
		}
	}
}

// benchStudents grades students students' suites of tests cases each
// against bugs bugs, b.N times, reporting the seconds per student.
func benchStudents(b *testing.B, tests, bugs, students int) {
	var files []submission.File
	for i := range tests {
		n := 100 + i
		files = append(files, submission.File{Name: fmt.Sprintf("t%02d.case", i),
			Data: fmt.Appendf(nil, "args:\n-- stdin --\n%d\n-- stdout --\n%d\n", n, n*n)})
	}
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		p := benchPart(b, bugs) // a fresh memo: runs of an iteration before are not kept
		b.StartTimer()
		for range students {
			res, err := p.Grade(context.Background(), files)
			if err != nil {
				b.Fatal(err)
			}
			if res.Valid != tests || res.Exposed != min(bugs, tests) {
				b.Fatalf("%d valid tests exposing %d bugs; want %d and %d", res.Valid, res.Exposed, tests, min(bugs, tests))
			}
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N*students), "s/student")
}

// benchPart is the benchmark's part: the correct program and bugs bugs,
// built from a folder, checked on ten own cases (0..9).
func benchPart(b *testing.B, bugs int) *mutation.Part {
	dir := b.TempDir()
	prog := func(bug int) string {
		return fmt.Sprintf("n = int(input())\nprint(n * n + (1 if n %% 10 == %d else 0))\n", bug)
	}
	write := func(name, body string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	write("correct.py", prog(-1))
	for k := range bugs {
		write(fmt.Sprintf("bugs/b%02d.py", k), prog(k))
	}
	build := rubric.Build{Language: rubric.Auto, Languages: rubric.Presets()}
	j := &Judge{build: runner.New(&rubric.Rubric{Build: build, Limits: rubric.Limits{Wall: 10 * time.Second, CPU: 5 * time.Second,
		BuildWall: 60 * time.Second, Memory: 512 << 20, Output: 1 << 20}})}
	ctx := context.Background()
	impls, err := j.Programs(ctx, dir)
	if err != nil {
		b.Fatal(err)
	}
	var own []cases.Case
	for n := range 10 {
		own = append(own, cases.Case{ID: fmt.Sprint(n), Stdin: fmt.Appendf(nil, "%d\n", n), Outputs: []cases.Output{{Stdout: fmt.Appendf(nil, "%d\n", n*n)}}})
	}
	p, err := mutation.NewPart(ctx, mutation.Config{PerBug: 1, Ceiling: 100, MaxTests: 1000, MaxBytes: 1 << 20,
		Files: "*.case", Show: mutation.ShowAll, Mode: compare.Lines}, impls, own)
	if err != nil {
		b.Fatal(err)
	}
	return p
}
