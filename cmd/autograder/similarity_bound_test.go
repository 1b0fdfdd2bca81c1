//go:build unix

package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/cli"
)

// tableBatch writes under dir/in the shell-script batch of
// testdata/sh (alice, bob, carol), alice and bob each with a Java
// table of n ones (2n tokens of one repeated pattern), carol with a
// small class.
func tableBatch(t *testing.T, dir string, n int) (rubric, in string) {
	t.Helper()
	_, testdata := paths(t)
	in = filepath.Join(dir, "in")
	table := []byte("class T {\n    static int[] t = {" + strings.Repeat("1,", n) + "};\n}\n")
	files := map[string]string{
		"alice/T.java": string(table), "bob/T.java": string(table),
		"carol/C.java": "class C { int f(int x) { return x * 2 + 1; } int g() { return f(3) - f(4); } }\n",
	}
	for _, id := range []string{"alice", "bob", "carol"} {
		files[id+"/prog.sh"] = "echo \"hello $1\"\n"
	}
	for name, data := range files {
		p := filepath.Join(in, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(testdata, "sh", "rubric.toml"), in
}

// TestGradeSimilarityBounded: grade --similarity on a batch where two
// students collude on tables of a million ones (a long run of one
// repeated pattern, whose alignment by greedy tiling is quadratic)
// writes every grade and report and similarity.html, within 60 s of
// CPU time (it takes well under 1 s: see docs); the budget's cut is
// noted. The command is killed after ten minutes of wall time only so
// that a regression fails instead of hanging.
func TestGradeSimilarityBounded(t *testing.T) {
	bin := testBinary(t)
	dir := t.TempDir()
	rubric, in := tableBatch(t, dir, 1_000_000)
	out := filepath.Join(dir, "out")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "grade", "--similarity", "--rubric", rubric, "--jobs", "2", "--out", out, in)
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		t.Fatalf("grade did not run: %v", err)
	}
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	t.Logf("CPU time %v", cpu)
	if err != nil {
		t.Fatalf("grade --similarity: %v\n%s", err, stderr.String())
	}
	if cpu > 60*time.Second {
		t.Errorf("grade --similarity took %v of CPU time, bound 60s", cpu)
	}
	for _, f := range []string{"results.json", "gradebook.csv", "parts.csv", "index.html", "reports/alice.md", "reports/bob.md", "reports/carol.md", "similarity.html", "similarity.csv"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("not written: %v", err)
		}
	}
	if !strings.Contains(stderr.String(), "autograder: similarity: note: alice: only the first 100000 tokens compared") {
		t.Errorf("no note of the budget's cut on stderr:\n%s", stderr.String())
	}
	page, _ := os.ReadFile(filepath.Join(out, "index.html"))
	if !bytes.Contains(page, []byte("most similar")) {
		t.Error("index.html has no column of the most similar other")
	}
}

// TestSimilarityInterrupted: similarity stops on the first signal (its
// context cancelled): exit status 130, one line saying so, and no
// similarity.html or .csv, not even an earlier run's.
func TestSimilarityInterrupted(t *testing.T) {
	dir := t.TempDir()
	rubric, in := tableBatch(t, dir, 1000)
	out := filepath.Join(dir, "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "similarity.html"), []byte("an earlier run's"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	code := cli.Main(ctx, []string{"autograder", "similarity", "--rubric", rubric, "--out", out, in}, nil, &stdout, &stderr)
	if code != 130 || !strings.Contains(stderr.String(), "interrupted: similarity.html and similarity.csv are not written") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr.String())
	}
	for _, f := range []string{"similarity.html", "similarity.csv"} {
		if _, err := os.Stat(filepath.Join(out, f)); err == nil {
			t.Errorf("%s is there after an interrupted run", f)
		}
	}
}
