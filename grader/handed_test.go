package grader_test

import (
	"reflect"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/submission"
)

// TestHandedFiles: a result lists every file handed in and what each was
// built as: a file in a folder by its base name, a misnamed one under the
// required name, a compiler's product and another folder's file not at
// all; a submission that built nothing lists its files, none built.
func TestHandedFiles(t *testing.T) {
	f := func(name, data string) submission.File { return submission.File{Name: name, Data: []byte(data)} }
	src := "class EightQueen {}\n"
	for _, tc := range []struct {
		name  string
		files []submission.File
		want  []grader.HandedFile
	}{
		{"in a folder", []submission.File{f("hw4/EightQueen.java", src), f("hw4/Board.java", "class Board {}\n"), f("old/EightQueen.java", src), f("hw4/EightQueen.class", "\xca\xfe")},
			[]grader.HandedFile{{Path: "hw4/EightQueen.java", Bytes: 20, BuiltAs: "EightQueen.java"}, {Path: "hw4/Board.java", Bytes: 15, BuiltAs: "Board.java"},
				{Path: "old/EightQueen.java", Bytes: 20}, {Path: "hw4/EightQueen.class", Bytes: 2}}},
		{"misnamed", []submission.File{f("src/EightQueens.java", src)},
			[]grader.HandedFile{{Path: "src/EightQueens.java", Bytes: 20, BuiltAs: "EightQueen.java"}}},
		{"missing", []submission.File{f("EightQueen.txt", src)},
			[]grader.HandedFile{{Path: "EightQueen.txt", Bytes: 20}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := grade(t, testAssignment(t), run(correct), submission.Submission{ID: "s", Files: tc.files}, 0, grader.Options{})
			if !reflect.DeepEqual(res.Files, tc.want) {
				t.Errorf("files\n got %+v\nwant %+v", res.Files, tc.want)
			}
		})
	}
}
