package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClaimOut: grade's --out may be new, empty or an earlier output; never
// an input, inside one (also through a symbolic link), or someone else's
// folder. Nothing is written by the check.
func TestClaimOut(t *testing.T) {
	root := t.TempDir()
	mk := func(p string) string {
		t.Helper()
		full := filepath.Join(root, p)
		if strings.HasSuffix(p, "/") {
			if err := os.MkdirAll(full, 0o755); err != nil {
				t.Fatal(err)
			}
			return full
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		return full
	}
	in := mk("in/alice/prog.sh")
	in = filepath.Dir(filepath.Dir(in))
	mk("empty/")
	mk("earlier/" + outMarker)
	mk("older/.cache/")
	mk("thesis/thesis.tex")
	mk("file.txt")
	if err := os.Symlink(filepath.Join(in, "alice"), filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		out     string
		earlier bool
		err     string // "" for none
	}{
		{"new", false, ""},
		{"new/deeper", false, ""},
		{"empty", false, ""},
		{"earlier", true, ""},
		{"older", true, ""},
		{"in", false, "is the input"},
		{"in/alice", false, "is inside the input"},
		{"in/results/new", false, "is inside the input"},
		{"link/out", false, "is inside the input"},
		{"thesis", false, "not empty, and not an earlier output"},
		{"file.txt", false, "not a folder"},
	} {
		t.Run(tc.out, func(t *testing.T) {
			o, err := claimOut(filepath.Join(root, tc.out), []string{in})
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("got %v, want an error saying %q", err, tc.err)
			case err == nil && o.earlier != tc.earlier:
				t.Errorf("earlier output %v, want %v", o.earlier, tc.earlier)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(root, "new")); err == nil {
		t.Error("claimOut created the folder")
	}
}

func TestReplacedText(t *testing.T) {
	for _, tc := range []struct {
		files   []string
		reports int
		want    string
	}{
		{[]string{"results.json"}, 0, "results.json"},
		{nil, 1, "1 report"},
		{[]string{"results.json", "index.html"}, 0, "results.json and index.html"},
		{[]string{"results.json", "gradebook.csv", "index.html"}, 6, "results.json, gradebook.csv, index.html and 6 reports"},
	} {
		if got := replacedText(tc.files, tc.reports); got != tc.want {
			t.Errorf("replacedText(%q, %d) = %q, want %q", tc.files, tc.reports, got, tc.want)
		}
	}
}
