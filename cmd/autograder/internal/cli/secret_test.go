package cli

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
)

// secretAssignment is an assignment whose rubric is dir/rubric.toml.
func secretAssignment(dir string) *grader.Assignment {
	return &grader.Assignment{Rubric: &rubric.Rubric{Path: filepath.Join(dir, "rubric.toml")}}
}

// TestBatchSecret: grade's secret is made once in --out/.cache, by one of
// many shards starting at once, and read back by every later run; one
// beside the rubric takes its place.
func TestBatchSecret(t *testing.T) {
	dir := t.TempDir()
	a := secretAssignment(dir)
	cache := filepath.Join(dir, "out", ".cache")
	got := make([][]byte, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() {
			s, err := batchSecret(a, cache)
			if err != nil {
				t.Error(err)
			}
			got[i] = s
		})
	}
	wg.Wait()
	for i, s := range got {
		if len(s) != 32 || !bytes.Equal(s, got[0]) {
			t.Errorf("shard %d: secret %x, shard 0's %x", i, s, got[0])
		}
	}
	entries, _ := os.ReadDir(cache)
	if len(entries) != 1 || entries[0].Name() != "secret" {
		t.Errorf("the cache holds %v, want the secret alone", entries)
	}
	if again, err := batchSecret(a, cache); err != nil || !bytes.Equal(again, got[0]) {
		t.Errorf("a later run: %x, %v; want %x", again, err, got[0])
	}
	rubricSide := "00112233445566778899aabbccddeeff\n"
	if err := os.WriteFile(filepath.Join(dir, secretFile), []byte(rubricSide), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := batchSecret(a, filepath.Join(dir, "other", ".cache"))
	if err != nil || len(s) != 16 || s[1] != 0x11 {
		t.Errorf("beside the rubric: %x, %v", s, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "other")); err == nil {
		t.Error("a secret beside the rubric, yet one was made in --out")
	}
}

// TestBadSecret: a secret file that is not 16 bytes or more in hex is bad
// input, in one line naming the file.
func TestBadSecret(t *testing.T) {
	for _, text := range []string{"", "0123456789abcdef", "not hex at all, not hex at all!!", "00112233445566778899aabbccddeeff 00"} {
		dir := t.TempDir()
		p := filepath.Join(dir, secretFile)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := batchSecret(secretAssignment(dir), filepath.Join(dir, "out", ".cache"))
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != ExitBadInput || !strings.HasPrefix(err.Error(), p+": ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v", text, err)
		}
	}
}
