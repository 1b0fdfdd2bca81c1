package runner

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
)

const javaMain = "public class %s {\n    public static void main(String[] args) {}\n}\n"

func TestPick(t *testing.T) {
	every := []rubric.Language{rubric.C, rubric.CPP, rubric.Java, rubric.Python}
	for _, tc := range []struct {
		name  string
		langs []rubric.Language
		main  string
		files []string // NAME or NAME=CONTENT
		// want is the build and run commands, or the start of the problem.
		want string
	}{
		{"c", every, "", []string{"sum.c", "sum.h", "notes.txt"}, "[[gcc -O2 -o main sum.c -lm]] [./main]"},
		{"cpp by .cc", every, "", []string{"b.cc", "a.cpp"}, "[[g++ -O2 -std=c++17 -o main a.cpp b.cc -lm]] [./main]"},
		{"cxx", every, "", []string{"x.cxx"}, "[[g++ -O2 -std=c++17 -o main x.cxx -lm]] [./main]"},
		{"python alone", every, "", []string{"solve.py"}, "[[python3 -m py_compile solve.py]] [python3 solve.py]"},
		{"python .py3", every, "", []string{"solve.py3"}, "[[python3 -m py_compile solve.py3]] [python3 solve.py3]"},
		{"python by main", every, "sum", []string{"util.py", "sum.py"}, "[[python3 -m py_compile sum.py util.py]] [python3 sum.py]"},
		{"python main.py", every, "", []string{"util.py", "main.py"}, "[[python3 -m py_compile main.py util.py]] [python3 main.py]"},
		{"python ambiguous", every, "sum", []string{"a.py", "b.py"}, "several Python files (a.py, b.py) and none named sum.py"},
		{"java class from file", every, "", []string{"Sum.java=" + fmt.Sprintf(javaMain, "Solver")},
			"[[javac -encoding UTF-8 Sum.java]] [java -cp . Solver]"},
		{"java the class with main", every, "", []string{"Board.java=class Board {}", "Run.java=" + fmt.Sprintf(javaMain, "Run")},
			"[[javac -encoding UTF-8 Board.java Run.java]] [java -cp . Run]"},
		{"java no main: file name", every, "", []string{"Sum.java=class Sum {}"}, "[[javac -encoding UTF-8 Sum.java]] [java -cp . Sum]"},
		{"java two mains, one named", every, "B", []string{"A.java=" + fmt.Sprintf(javaMain, "A"), "B.java=" + fmt.Sprintf(javaMain, "B")},
			"[[javac -encoding UTF-8 A.java B.java]] [java -cp . B]"},
		{"java two mains", every, "", []string{"A.java=" + fmt.Sprintf(javaMain, "A"), "B.java=" + fmt.Sprintf(javaMain, "B")},
			"several classes declare main (A, B)"},
		{"shallowest folder", every, "", []string{"old/x/a.py", "hw/sum.c", "hw/readme.md", "top.txt"}, "[[gcc -O2 -o main sum.c -lm]] [./main]"},
		{"first folder by name", every, "", []string{"b/sum.c", "a/sum.py"}, "[[python3 -m py_compile sum.py]] [python3 sum.py]"},
		{"several languages", every, "", []string{"sum.c", "sum.py"}, "sources in 2 languages: sum.c (c); sum.py (python)"},
		{"c and cpp", every, "", []string{"a.c", "b.cpp"}, "sources in 2 languages: a.c (c); b.cpp (cpp)"},
		{"rust: the crate root", rubric.Presets(), "", []string{"parse.rs", "main.rs"}, "[[rustc --edition 2021 -O -o main main.rs]] [./main]"},
		{"go", rubric.Presets(), "", []string{"sum.go", "util.go"}, "[[go build -o main sum.go util.go]] [./main]"},
		{"none", every, "", []string{"README.md", "sum.rs"}, "no source file to build: the assignment accepts c, cpp, java or python (.c, .cpp, .cc, .cxx, .C, .c++, .java, .py, .py3)"},
		{"not accepted", []rubric.Language{rubric.Python}, "", []string{"sum.c"}, "no source file to build: the assignment accepts python (.py, .py3)"},
		{"list ignores others", []rubric.Language{rubric.C, rubric.Python}, "", []string{"sum.c", "Sum.java"}, "[[gcc -O2 -o main sum.c -lm]] [./main]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var files []submission.File
			for _, f := range tc.files {
				name, data, _ := strings.Cut(f, "=")
				files = append(files, submission.File{Name: name, Data: []byte(data)})
			}
			b, picked, problem := pick(rubric.Build{Language: rubric.Auto, Languages: tc.langs, Main: tc.main}, files)
			got := problem
			if problem == "" {
				build, run := b.Commands()
				got = fmt.Sprint(build, " ", run)
				if len(picked) == 0 {
					t.Errorf("no files picked")
				}
			}
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
