package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/cli"
	"github.com/cs540-tools/autograder/grader/compare"
)

// TestSlurmScript checks the job script `autograder slurm` writes against
// testdata/slurm.golden (go test -run TestSlurmScript -update rewrites
// it), with the repository's and the test's folders written $REPO and
// $TMP, and that bash can parse it.
func TestSlurmScript(t *testing.T) {
	repo, _ := paths(t)
	repo, err := filepath.Abs(repo)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	late := filepath.Join(tmp, "late.csv")
	if err := os.WriteFile(late, []byte("alice,2025-03-05T10:00:00-06:00\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := cli.Main(context.Background(), []string{"autograder", "slurm",
		"--shards", "4", "--jobs", "3", "--out", filepath.Join(tmp, "out"), "--rubric", filepath.Join(repo, "rubric.toml"),
		"--autograder", "/opt/autograder/bin/autograder", "--partition", "grading", "--time", "2:00:00",
		"--mode", "warm", "--timestamp", "--late-csv", late, "--late-days-default", "0", "--canvas-assignment-id", "12345",
		filepath.Join(repo, "examples"), filepath.Join(repo, "examples", "bob.zip")}, nil, &stdout, &stderr)
	if code != 0 || stderr.Len() > 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
	}
	script := filepath.Join(tmp, "job.sh")
	if err := os.WriteFile(script, stdout.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("bash", "-n", script).CombinedOutput(); err != nil {
		t.Errorf("bash -n: %v\n%s", err, out)
	}
	got := strings.ReplaceAll(strings.ReplaceAll(stdout.String(), tmp, "$TMP"), repo, "$REPO")
	golden := filepath.Join("testdata", "slurm.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("the script differs from %s (-update rewrites it):\n%s", golden, compare.Explain(want, []byte(got), compare.Strict).Diff)
	}
}
