package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
)

// TestShardKilled is the sharded batch's resume: two shards of a batch
// of 12 grade into one --out at once; the first is killed (SIGKILL) after
// its first finished submission and run again while the second may still
// be writing; a plain grade then finishes the batch. Every file under
// --out is byte for byte what an uninterrupted one-machine run writes,
// the finishing run regrades nothing, and no result finished before the
// kill is graded again.
func TestShardKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a batch of 12 submissions twice")
	}
	t.Parallel()
	const n = 12
	bin, rubric, dir, in, ids := smallBatch(t, n)
	var mine []string // the ids of shard 1/2
	for _, id := range ids {
		if (grader.Shard{K: 1, N: 2}).Has(id) {
			mine = append(mine, id)
		}
	}
	if len(mine) < 3 || len(mine) > n-3 {
		t.Fatalf("shard 1/2 has %d of %d submissions; the test wants a few in each", len(mine), n)
	}
	grade := func(out string, args ...string) *exec.Cmd {
		// No spot checks: what is tested is sharding, not them.
		cmd := exec.Command(bin, append(append([]string{"grade", "--rubric", rubric, "--jobs", "1", "--spot-check", "0", "--out", out}, args...), in)...)
		cmd.Env = append(os.Environ(), "NO_COLOR=1")
		cmd.WaitDelay = 10 * time.Second
		return cmd
	}

	one := filepath.Join(dir, "one")
	if out, err := grade(one).CombinedOutput(); err != nil {
		t.Fatalf("one-machine run: %v\n%s", err, out)
	}

	out := filepath.Join(dir, "out")
	shareSecret(t, one, out)
	other := grade(out, "--shard", "2/2")
	var otherLog bytes.Buffer
	other.Stdout, other.Stderr = &otherLog, &otherLog
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	otherDone := make(chan error, 1)
	go func() { otherDone <- other.Wait() }()

	killed := grade(out, "--shard", "1/2")
	lw, waited := startUntil(t, killed, "[", 1)
	killed.Process.Kill()
	if err := <-waited; err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("the killed shard: %v, want killed\n%s", err, lw.text())
	}
	before := progressLines(lw.text())["graded"]
	if len(before) == 0 || len(before) >= len(mine) {
		t.Fatalf("the killed shard finished %d of its %d before the kill:\n%s", len(before), len(mine), lw.text())
	}
	t.Logf("shard 1/2 killed after %d of its %d submissions", len(before), len(mine))

	// Resubmitted, perhaps while shard 2/2 still writes.
	again, err := grade(out, "--shard", "1/2").CombinedOutput()
	if err != nil {
		t.Fatalf("shard 1/2 again: %v\n%s", err, again)
	}
	lines := progressLines(string(again))
	if len(lines["done before, not regraded"])+len(lines["graded"]) != len(mine) {
		t.Errorf("shard 1/2 again: %d cached + %d graded, want its %d:\n%s", len(lines["done before, not regraded"]), len(lines["graded"]), len(mine), again)
	}
	for id := range before {
		if !lines["done before, not regraded"][id] {
			t.Errorf("%s was finished before the kill but graded again", id)
		}
	}
	if err := <-otherDone; err != nil {
		t.Fatalf("shard 2/2: %v\n%s", err, otherLog.String())
	}
	if _, err := os.Stat(filepath.Join(out, "results.json")); err == nil {
		t.Errorf("a shard wrote results.json")
	}

	// The finishing run.
	fin, err := grade(out).CombinedOutput()
	if err != nil {
		t.Fatalf("finishing run: %v\n%s", err, fin)
	}
	if lines := progressLines(string(fin)); len(lines["done before, not regraded"]) != n {
		t.Errorf("the finishing run took %d of %d from the cache:\n%s", len(lines["done before, not regraded"]), n, fin)
	}
	sameOutFiles(t, outFiles(t, one, ids), outFiles(t, out, ids), "the killed and resubmitted shards")
}
