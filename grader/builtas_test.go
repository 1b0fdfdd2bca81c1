package grader_test

import (
	"fmt"
	"testing"

	"github.com/cs540-tools/autograder/grader/submission"
)

// TestBuiltAs: a file's role is what it is built as, wherever it sits.
func TestBuiltAs(t *testing.T) {
	a := testAssignment(t)
	f := func(name string) submission.File { return submission.File{Name: name, Data: []byte("x")} }
	for _, tc := range []struct {
		files []submission.File
		want  string
	}{
		{[]submission.File{f("EightQueen.java")}, "map[EightQueen.java:EightQueen.java]"},
		{[]submission.File{f("hw4/EightQueen.java"), f("hw4/Board.java"), f("README.md")}, "map[hw4/Board.java:Board.java hw4/EightQueen.java:EightQueen.java]"},
		{[]submission.File{f("src/eightqueen.java")}, "map[src/eightqueen.java:EightQueen.java]"},
		{[]submission.File{f("Other.txt")}, "map[]"},
	} {
		if got := fmt.Sprint(a.BuiltAs(submission.Submission{ID: "x", Files: tc.files})); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.files, got, tc.want)
		}
	}
}
