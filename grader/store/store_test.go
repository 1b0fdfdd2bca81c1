package store

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/cs540-tools/autograder/grader"
)

func sample(key string) grader.Result {
	ms := int64(42)
	return grader.Result{
		ID: "alice", Score: 36.67, MaxScore: 40, LateDays: 1, Penalty: 4, Status: grader.Graded,
		Notes: []string{"EightQueen.java has a package statement"},
		Parts: []grader.PartResult{{ID: "a", Name: "Cost", Score: 6.67, MaxScore: 10, Passed: 2, Total: 3}},
		Cases: []grader.CaseResult{
			{ID: "a/public-01", Part: "a", Args: []string{"100", "01234567"}, Visibility: "public", RunResult: grader.RunResult{Verdict: grader.WrongAnswer, Mismatch: &grader.Mismatch{Line: 1, Expected: "28", Got: "29", Diff: "--- expected\n+++ got\n"}, Stderr: "Exception in thread \"main\"\n"}, TimeMS: &ms},
			{ID: "a/hidden-01", Part: "a", Args: []string{}, Visibility: "hidden", RunResult: grader.RunResult{Verdict: grader.Timeout, ExitCode: -1, Signal: "killed", Limit: grader.Wall}, Reading: "steepest-all"},
		},
		Key: key,
	}
}

// entries lists the folder's file names.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

func TestRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache", "results")
	d, err := Open(dir) // creates the folders
	if err != nil {
		t.Fatal(err)
	}
	const key = "0123abcd"
	r := sample(key)
	if err := d.Put(key, r); err != nil {
		t.Fatal(err)
	}
	got, ok, err := d.Get(key)
	if err != nil || !ok {
		t.Fatalf("Get: %v %v", ok, err)
	}
	if !reflect.DeepEqual(got, r) {
		t.Errorf("round trip\n got %+v\nwant %+v", got, r)
	}
	// Overwriting replaces.
	r.Score = 40
	if err := d.Put(key, r); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := d.Get(key); got.Score != 40 {
		t.Errorf("after a second Put: score %v", got.Score)
	}
	if es := entries(t, dir); !reflect.DeepEqual(es, []string{key + ".json"}) {
		t.Errorf("the store holds %q", es)
	}
	// A second Open of the same folder sees the result.
	d2, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := d2.Get(key); !ok {
		t.Error("a reopened store lost the result")
	}
}

func TestMissing(t *testing.T) {
	d, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r, ok, err := d.Get("nothing")
	if ok || err != nil || !reflect.DeepEqual(r, grader.Result{}) {
		t.Errorf("Get of a missing key: %+v %v %v", r, ok, err)
	}
}

// TestCorrupt: a file that does not hold the key's result is absent, and
// the next Put replaces it.
func TestCorrupt(t *testing.T) {
	const key = "k1"
	for name, data := range map[string]string{
		"empty":       "",
		"truncated":   `{"id": "alice", "sco`,
		"not-json":    "\x00\x01garbage",
		"wrong-type":  `{"score": "sixty"}`,
		"other-key":   `{"id": "alice", "key": "k2"}`,
		"no-key":      `{"id": "alice"}`,
		"json-array":  `[1, 2]`,
		"json-null":   `null`,
		"trailing":    `{"id": "alice", "key": "k1"} extra`,
		"half-result": `{"id": "alice", "key": "k1", "parts": [{"id": "a", "score": 1`,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			d, _ := Open(dir)
			if err := os.WriteFile(filepath.Join(dir, key+".json"), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
			if r, ok, err := d.Get(key); ok || err != nil {
				t.Errorf("Get: %+v %v %v, want absent", r, ok, err)
			}
			if err := d.Put(key, sample(key)); err != nil {
				t.Fatal(err)
			}
			if _, ok, err := d.Get(key); !ok || err != nil {
				t.Errorf("after Put: %v %v", ok, err)
			}
		})
	}
}

func TestUnreadable(t *testing.T) {
	dir := t.TempDir()
	d, _ := Open(dir)
	// A folder where the file should be cannot be read: that is an error,
	// not an absent result.
	if err := os.Mkdir(filepath.Join(dir, "k.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := d.Get("k"); ok || err == nil {
		t.Errorf("Get of a folder: %v %v, want an error", ok, err)
	}
	if err := d.Put("k", sample("k")); err == nil {
		t.Error("Put over a folder succeeded")
	}
	if es := entries(t, dir); !reflect.DeepEqual(es, []string{"k.json"}) {
		t.Errorf("a failed Put left %q", es)
	}
}

// TestOpenRemovesLeftovers: a run killed between CreateTemp and Rename
// leaves ".KEY.json.NNN"; the next Open removes it and keeps the results.
func TestOpenRemovesLeftovers(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"k1.json":            `{"id":"a"}`,
		".k2.json.123456":    `{"id":"`,
		".k3.json.987":       ``,
		"notes.txt":          `kept`,
		".hidden-not-a-temp": `kept`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Open(dir); err != nil {
		t.Fatal(err)
	}
	got := entries(t, dir)
	want := []string{".hidden-not-a-temp", "k1.json", "notes.txt"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("after Open: %q, want %q", got, want)
	}
}

// TestShared: writers that open one folder at the same time (a batch's
// shards) never remove each other's temporary files, so every Put lands;
// a later Open removes what a killed writer left.
func TestShared(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	first, err := OpenShared(dir)
	if err != nil {
		t.Fatal(err)
	}
	// A writer half way through a Put: its temporary file is written, not
	// yet renamed.
	tmp := filepath.Join(dir, ".k1.json.4242")
	if err := os.WriteFile(tmp, []byte(`{"id":"a","key":"k1"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, err := OpenShared(dir) // another shard starts
			if err != nil {
				t.Error(err)
				return
			}
			key := fmt.Sprintf("k%d", i+2)
			if err := d.Put(key, sample(key)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if err := os.Rename(tmp, filepath.Join(dir, "k1.json")); err != nil {
		t.Fatalf("another writer's OpenShared removed a temporary file: %v", err)
	}
	for i := range 5 {
		if _, ok, err := first.Get(fmt.Sprintf("k%d", i+1)); !ok || err != nil {
			t.Errorf("k%d: %v %v", i+1, ok, err)
		}
	}
	// A killed writer's leftover: kept by OpenShared, removed by Open.
	left := filepath.Join(dir, ".k9.json.77")
	if err := os.WriteFile(left, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenShared(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(left); err != nil {
		t.Errorf("OpenShared removed %s: %v", left, err)
	}
	if _, err := Open(dir); err != nil {
		t.Fatal(err)
	}
	want := []string{"k1.json", "k2.json", "k3.json", "k4.json", "k5.json"}
	if got := entries(t, dir); !reflect.DeepEqual(got, want) {
		t.Errorf("after Open: %q, want %q", got, want)
	}
}
