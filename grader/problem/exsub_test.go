package problem

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
)

// TestExampleSubmission: a folder's link to a file of the package is
// read, one leading out of the package is not; submissions.yaml's
// entrypoint becomes the build's main, without a source extension.
func TestExampleSubmission(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(outside, []byte("not the package's"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := writePackage(t, map[string]string{
		"problem.yaml":                   "problem_format_version: 2025-09\nname: x\n",
		"submissions/accepted/a.py":      "print(1)\n",
		"submissions/accepted/f/main.py": "import b\n",
		"submissions/accepted/g/ac.py":   "print(1)\n",
		"submissions/accepted/g/main.py": "print(2)\n",
		"submissions/submissions.yaml":   "accepted/g:\n  entrypoint: ac.py\naccepted/f:\n  entrypoint: Main\n",
	})
	f := filepath.Join(dir, "submissions/accepted/f")
	for name, target := range map[string]string{"b.py": "../a.py", "out.txt": outside} {
		if err := os.Symlink(target, filepath.Join(f, name)); err != nil {
			t.Fatal(err)
		}
	}
	exs, err := Examples(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	mains := map[string]string{}
	for _, ex := range exs {
		for _, file := range ex.Submission(submission.DefaultLimits).Files {
			got[ex.Name] = append(got[ex.Name], file.Name)
		}
		mains[ex.Name] = ex.Build(rubric.Build{Main: "__main__"}).Main
	}
	if g := got["accepted/f"]; len(g) != 2 || g[0] != "b.py" || g[1] != "main.py" {
		t.Errorf("accepted/f's files = %v, want [b.py main.py] (the link into the package read, the one out of it not)", g)
	}
	want := map[string]string{"accepted/a.py": "__main__", "accepted/f": "Main", "accepted/g": "ac"}
	for name, m := range want {
		if mains[name] != m {
			t.Errorf("%s: main %q, want %q", name, mains[name], m)
		}
	}
}

// TestJudgesJavaMain: a Java folder of several classes with main and no
// entrypoint runs the class BAPCtools runs: the first file by name that
// starts with "main", in any case, else the first file; a folder of one
// class with main keeps the grader's own choice.
func TestJudgesJavaMain(t *testing.T) {
	main := func(c string) string { return "public class " + c + " { public static void main(String[] a) {} }\n" }
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"the first file", map[string]string{"a.java": main("a"), "b.java": main("b")}, "a"},
		{"a file named main first", map[string]string{"A.java": main("A"), "mainB.java": main("mainB")}, "mainB"},
		{"Main", map[string]string{"Main.java": main("Main"), "Aux.java": main("Aux")}, "Main"},
		{"one main: the grader's choice", map[string]string{"a.java": "class a {}\n", "b.java": main("b")}, ""},
		{"not Java", map[string]string{"a.py": "print(1)\n", "b.py": "print(2)\n"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for n, d := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, n), []byte(d), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			ex := Example{Path: dir}
			want := tc.want
			if want == "" {
				want = "__main__"
			}
			if got := ex.Build(rubric.Build{Main: "__main__"}).Main; got != want {
				t.Errorf("main %q, want %q", got, want)
			}
		})
	}
}
