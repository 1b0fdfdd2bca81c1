package javasrc_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cs540-tools/autograder/reference/javasrc"
)

// The repository's example batch is made of generated variants; it must not
// drift from the generator.
func TestExampleBatchIsGenerated(t *testing.T) {
	want := map[string]string{
		"alice": "correct",
		"bob":   "mistake-sa-no-cooling",
		"carol": "mistake-value-first-order",
		"dave":  "extra-compile-error",
		"erin":  "extra-package",
		"frank": "mistake-lowercase-solved",
	}
	byName := map[string]javasrc.Variant{}
	for _, v := range javasrc.Variants() {
		byName[v.Name()] = v
	}
	dirs, err := filepath.Glob(filepath.Join("..", "..", "examples", "*", javasrc.FileName))
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) != len(want) {
		t.Fatalf("examples/ holds %d submissions, want %d", len(dirs), len(want))
	}
	for student, variant := range want {
		got, err := os.ReadFile(filepath.Join("..", "..", "examples", student, javasrc.FileName))
		if err != nil {
			t.Fatal(err)
		}
		v, ok := byName[variant]
		if !ok {
			t.Fatalf("no variant %q", variant)
		}
		if string(got) != javasrc.Source(v) {
			t.Errorf("examples/%s/%s is not javasrc.Source(%s)", student, javasrc.FileName, variant)
		}
	}
}
