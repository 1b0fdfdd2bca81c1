//go:build unix

package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A journal whose last line a killed server cut short: review says so on
// stderr when it starts (before its address), and serves the rest.
func TestReviewWarnsOfTornJournal(t *testing.T) {
	bin, rubric, dir := reviewBatch(t)
	journal := filepath.Join(dir, "out", "review", "journal-ta.jsonl")
	if err := os.MkdirAll(filepath.Dir(journal), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(journal, []byte(`{"at":"x","op":"comm`), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "review", "--rubric", rubric, "--out", filepath.Join(dir, "out"), filepath.Join(dir, "in"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	sc := bufio.NewScanner(out)
	if !sc.Scan() || !strings.HasPrefix(sc.Text(), "http://127.0.0.1:") {
		t.Fatalf("review printed %q, not its address (stderr %q)", sc.Text(), stderr.String())
	}
	cmd.Process.Kill()
	cmd.Wait()
	want := "autograder: warning: review: journal-ta.jsonl: ignored its last line, cut short"
	if !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr %q lacks %q", stderr.String(), want)
	}
}
