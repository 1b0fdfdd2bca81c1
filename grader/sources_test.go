package grader_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/reference/eightqueen/javasrc"
)

// correctSource is the realistic correct EightQueen.java of reference/eightqueen/javasrc.
func correctSource(t *testing.T) string {
	t.Helper()
	for _, v := range javasrc.Variants() {
		if v.Name() == "correct" {
			return javasrc.Source(v)
		}
	}
	t.Fatal("javasrc has no correct variant")
	return ""
}

// TestStandIn grades misnamed submissions as students hand them in: a
// missing EightQueen.java is looked for, built under its name with a note
// naming the file and the rubric's rename_penalty deducted; when several
// files could be it, or the one that could declares a public class of
// another name, none is built and the missing-file note says why.
func TestStandIn(t *testing.T) {
	src := correctSource(t)
	if !strings.Contains(src, "\npublic class EightQueen {") {
		t.Fatal("the correct source does not declare public class EightQueen")
	}
	nonPublic := strings.Replace(src, "public class EightQueen {", "class EightQueen {", 1)
	publicOther := strings.Replace(src, "public class EightQueen {", "public class EightQueens {", 1)
	nonPublicOther := strings.Replace(src, "public class EightQueen {", "class EightQueens {", 1)
	f := func(name, data string) submission.File { return submission.File{Name: name, Data: []byte(data)} }
	const penalty = "package_penalty = 5\nrename_penalty = 2.5"
	tests := []struct {
		name     string
		required string // replaces the rubric's required list when set
		files    []submission.File
		built    []submission.File // nil: missing-file
		note     string
		score    float64 // of a correct program, with rename_penalty = 2.5
	}{
		// javac EightQueens.java; java EightQueen 100 01234567 works.
		{name: "EightQueens.java declaring class EightQueen", files: []submission.File{f("EightQueens.java", nonPublic)},
			built: []submission.File{f("EightQueen.java", nonPublic)},
			note:  "EightQueen.java is missing: built EightQueens.java under that name, 2.5 points deducted", score: 37.5},
		{name: "HW4-EightQueen.java in a folder", files: []submission.File{f("hw4/Board.java", "class Board {}\n"), f("hw4/HW4-EightQueen.java", src), f("hw4/notes.txt", "n")},
			built: []submission.File{f("Board.java", "class Board {}\n"), f("EightQueen.java", src), f("notes.txt", "n")},
			note:  "EightQueen.java is missing: built hw4/HW4-EightQueen.java under that name, 2.5 points deducted", score: 37.5},
		{name: "lower-case name", files: []submission.File{f("eightqueen.java", src)},
			built: []submission.File{f("EightQueen.java", src)},
			note:  "EightQueen.java is missing: built eightqueen.java under that name, 2.5 points deducted", score: 37.5},
		// What the file declares beats its name.
		{name: "declares over named", files: []submission.File{f("EightQueenTest.java", "class EightQueenTest {}\n"), f("Solution.java", nonPublic)},
			built: []submission.File{f("EightQueenTest.java", "class EightQueenTest {}\n"), f("EightQueen.java", nonPublic)},
			note:  "EightQueen.java is missing: built Solution.java under that name, 2.5 points deducted", score: 37.5},
		// A name alone is enough: the build then says what it declares
		// (runner.Sandboxed.NoProgram).
		{name: "named, declaring another class", files: []submission.File{f("EightQueens.java", nonPublicOther)},
			built: []submission.File{f("EightQueen.java", nonPublicOther)},
			note:  "EightQueen.java is missing: built EightQueens.java under that name, 2.5 points deducted", score: 37.5},
		{name: "shallowest", files: []submission.File{f("EightQueens.java", nonPublic), f("old/EightQueens.java", "class EightQueen {}\n")},
			built: []submission.File{f("EightQueen.java", nonPublic)},
			note:  "EightQueen.java is missing: built EightQueens.java under that name, 2.5 points deducted", score: 37.5},
		{name: "two candidates", files: []submission.File{f("EightQueens.java", nonPublic), f("eightqueen.java", src)},
			note: "missing EightQueen.java: EightQueens.java and eightqueen.java could each be it, so none was built"},
		{name: "two declaring it", files: []submission.File{f("A.java", nonPublic), f("B.java", nonPublic), f("EightQueens.java", "class X {}\n")},
			note: "missing EightQueen.java: A.java and B.java could each be it, so none was built"},
		// Renamed, javac would refuse it: class EightQueens is public,
		// should be declared in a file named EightQueens.java.
		{name: "public class of another name", files: []submission.File{f("EightQueens.java", publicOther)},
			note: "missing EightQueen.java: EightQueens.java declares public class EightQueens, so it cannot be built as EightQueen.java"},
		{name: "declaring it beside a public class", files: []submission.File{f("Main.java", "public class Main {}\nclass EightQueen {}\n")},
			note: "missing EightQueen.java: Main.java declares public class Main, so it cannot be built as EightQueen.java"},
		{name: "two refused", files: []submission.File{f("EightQueens.java", publicOther), f("eightqueen2.java", "public class Other {}\n")},
			note: "missing EightQueen.java: EightQueens.java declares public class EightQueens and eightqueen2.java declares public class Other, so they cannot be built as EightQueen.java"},
		{name: "not a source", files: []submission.File{f("EightQueen.txt", src), f("Main.java", "class Main {}\n")},
			note: "missing EightQueen.java; handed in EightQueen.txt (another extension), not built in its place"},
		// The others required are looked for in the first one's folder.
		{name: "second required renamed", required: `required = ["EightQueen.java", "Board.java"]`,
			files: []submission.File{f("hw4/EightQueen.java", src), f("hw4/board.java", "class Board {}\n")},
			built: []submission.File{f("EightQueen.java", src), f("Board.java", "class Board {}\n")},
			note:  "Board.java is missing: built hw4/board.java under that name, 2.5 points deducted", score: 37.5},
		{name: "second required elsewhere", required: `required = ["EightQueen.java", "Board.java"]`,
			files: []submission.File{f("hw4/EightQueen.java", src), f("Boards.java", "class Board {}\n")},
			note:  "missing Board.java; handed in Boards.java (outside hw4/, the folder of EightQueen.java), not built in its place"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			edits := []string{"package_penalty = 5", penalty}
			if tc.required != "" {
				edits = append(edits, `required = ["EightQueen.java"]`, tc.required)
			}
			a := testAssignment(t, edits...)
			r := run(correct)
			res := grade(t, a, r, submission.Submission{ID: "s", Files: tc.files}, 0, grader.Options{})
			if !reflect.DeepEqual(res.Notes, []string{tc.note}) {
				t.Errorf("notes %q, want %q", res.Notes, tc.note)
			}
			if tc.built == nil {
				if res.Status != grader.StatusMissing || len(r.builds) != 0 || res.Score != 0 {
					t.Errorf("status %s, score %v, %d builds; want missing-file, nothing built", res.Status, res.Score, len(r.builds))
				}
				return
			}
			if res.Status != grader.Graded || res.Score != tc.score {
				t.Errorf("status %s, score %v; want graded, %v", res.Status, res.Score, tc.score)
			}
			if len(r.builds) != 1 || !reflect.DeepEqual(r.builds[0], tc.built) {
				t.Errorf("built %q, want %q", r.builds, tc.built)
			}
			if got := a.BuildFiles(submission.Submission{ID: "s", Files: tc.files}, 0); !reflect.DeepEqual(got, tc.built) {
				t.Errorf("BuildFiles %q, want what Grade built", got)
			}
		})
	}

	// No rename_penalty (the default): the note names the file, nothing is deducted.
	a := testAssignment(t)
	res := grade(t, a, run(correct), submission.Submission{ID: "s", Files: []submission.File{f("EightQueens.java", nonPublic)}}, 0, grader.Options{})
	if want := []string{"EightQueen.java is missing: built EightQueens.java under that name"}; res.Score != a.Rubric.Total || !reflect.DeepEqual(res.Notes, want) {
		t.Errorf("no penalty: score %v, notes %q; want %v, %q", res.Score, res.Notes, a.Rubric.Total, want)
	}
	// With a package statement stripped too, both deductions apply.
	a = testAssignment(t, "package_penalty = 5", penalty)
	res = grade(t, a, run(correct), submission.Submission{ID: "s", Files: []submission.File{f("EightQueens.java", "package hw4;\n"+nonPublic)}}, 0, grader.Options{})
	if res.Score != 32.5 || len(res.Notes) != 2 {
		t.Errorf("renamed and stripped: score %v, notes %q; want 32.5 and two notes", res.Score, res.Notes)
	}
}

// TestRequiredPerLanguage: under a list of languages the required names
// hold per language (issue 28, item 4): a Python submission needs the
// Python name alone, a misnamed file of its language is built under it
// with rename_penalty, and a Java one is looked for by what it declares.
func TestRequiredPerLanguage(t *testing.T) {
	f := func(name, data string) submission.File { return submission.File{Name: name, Data: []byte(data)} }
	a := testAssignment(t, `required = ["EightQueen.java"]`, `required = ["EightQueen.java", "eightqueen.py", "README.md"]`+"\nrename_penalty = 2",
		"language = \"java\"\nmain = \"EightQueen\"", `language = ["java", "python"]`)
	for _, tc := range []struct {
		name  string
		files []submission.File
		built []string // nil: missing-file
		note  string
	}{
		{"python", []submission.File{f("eightqueen.py", "print(1)\n"), f("README.md", "r")}, []string{"eightqueen.py", "README.md"}, ""},
		{"python misnamed", []submission.File{f("hw/EightQueen.py", "print(1)\n"), f("hw/README.md", "r")}, []string{"eightqueen.py", "README.md"},
			"eightqueen.py is missing: built hw/EightQueen.py under that name, 2 points deducted"},
		{"java by declaration", []submission.File{f("Queens.java", "class EightQueen {}\n"), f("README.md", "r")}, []string{"EightQueen.java", "README.md"},
			"EightQueen.java is missing: built Queens.java under that name, 2 points deducted"},
		{"no readme", []submission.File{f("eightqueen.py", "print(1)\n")}, nil, "missing README.md"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := a.BuildFiles(submission.Submission{ID: "s", Files: tc.files}, 0)
			var names []string
			for _, b := range got {
				names = append(names, b.Name)
			}
			if !reflect.DeepEqual(names, tc.built) {
				t.Errorf("built %q, want %q", names, tc.built)
			}
			res := grade(t, a, run(correct), submission.Submission{ID: "s", Files: tc.files}, 0, grader.Options{})
			var want []string
			if tc.note != "" {
				want = []string{tc.note}
			}
			if !reflect.DeepEqual(res.Notes, want) {
				t.Errorf("notes %q, want %q", res.Notes, want)
			}
		})
	}
}

// TestMainStandIn: under a list of languages whose rubric names the main,
// a submission without it runs the file or class its language picks
// instead: a note names it and rename_penalty is deducted, once; the
// named main, or a language that picks none (C), costs nothing.
func TestMainStandIn(t *testing.T) {
	f := func(name, data string) submission.File { return submission.File{Name: name, Data: []byte(data)} }
	a := testAssignment(t, `required = ["EightQueen.java"]`, "rename_penalty = 2",
		"language = \"java\"\nmain = \"EightQueen\"", "language = [\"c\", \"python\", \"java\"]\nmain = \"wordfreq\"")
	mainClass := "class %s { public static void main(String[] a) {} }\n"
	for _, tc := range []struct {
		name  string
		files []submission.File
		note  string
	}{
		{"named", []submission.File{f("wordfreq.py", "print(1)\n")}, ""},
		{"one python file", []submission.File{f("word_freq.py", "print(1)\n")}, "no wordfreq to run: ran word_freq.py in its place, 2 points deducted"},
		{"main.py of several", []submission.File{f("main.py", "print(1)\n"), f("util.py", "x = 1\n")}, "no wordfreq to run: ran main.py in its place, 2 points deducted"},
		{"named of several", []submission.File{f("wordfreq.py", "print(1)\n"), f("util.py", "x = 1\n")}, ""},
		{"java class", []submission.File{f("Counter.java", strings.ReplaceAll(mainClass, "%s", "Counter"))}, "no wordfreq to run: ran Counter in its place, 2 points deducted"},
		{"java named", []submission.File{f("wordfreq.java", strings.ReplaceAll(mainClass, "%s", "wordfreq"))}, ""},
		{"c", []submission.File{f("count.c", "int main(void) { return 0; }\n")}, ""},
		{"deeper folder", []submission.File{f("hw/src/word_freq.py", "print(1)\n")}, "no wordfreq to run: ran word_freq.py in its place, 2 points deducted"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := grade(t, a, run(correct), submission.Submission{ID: "s", Files: tc.files}, 0, grader.Options{})
			var want []string
			if tc.note != "" {
				want = []string{tc.note}
			}
			if !reflect.DeepEqual(res.Notes, want) {
				t.Errorf("notes %q, want %q", res.Notes, want)
			}
			if tc.note != "" && res.Score != res.MaxScore-2 {
				t.Errorf("score %v of %v, want 2 points deducted", res.Score, res.MaxScore)
			}
		})
	}
}
