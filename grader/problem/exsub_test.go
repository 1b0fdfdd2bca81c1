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
