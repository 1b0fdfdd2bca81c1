package grader_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/store"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/reference/eightqueen"
	"github.com/cs540-tools/autograder/sandbox"
)

// byContent builds each submission into the program its EightQueen.java
// names: "correct", "broken" (the runner fails on it: a Go error), or a
// catalogued mistake. It counts builds, the submissions in flight (built,
// not yet closed) and the builds and runs at work at once.
type byContent struct {
	builds   atomic.Int32
	inFlight gauge
	working  gauge
}

// gauge counts what is under way and the most that ever was at once.
type gauge struct{ now, most atomic.Int32 }

func (g *gauge) up() {
	n := g.now.Add(1)
	for {
		m := g.most.Load()
		if n <= m || g.most.CompareAndSwap(m, n) {
			return
		}
	}
}

func (g *gauge) down() { g.now.Add(-1) }

// working counts the runs of p in w.
func working(w *gauge, p programFunc) programFunc {
	return func(args []string, stdin []byte) (grader.Execution, error) {
		w.up()
		defer w.down()
		time.Sleep(100 * time.Microsecond) // let the others overlap
		return p(args, stdin)
	}
}

type closer struct {
	programFunc
	done func()
}

func (c closer) Close() error { c.done(); return nil }

func (r *byContent) Build(_ context.Context, files []submission.File, _ sandbox.Hooks) (grader.Build, error) {
	r.builds.Add(1)
	r.working.up()
	defer r.working.down()
	r.inFlight.up()
	time.Sleep(time.Millisecond) // let the others overlap
	done := r.inFlight.down
	src := ""
	for _, f := range files {
		if f.Name == "EightQueen.java" {
			src = strings.TrimSpace(string(f.Data))
		}
	}
	var p programFunc
	switch src {
	case "correct":
		p = correct
	case "broken":
		p = func([]string, []byte) (grader.Execution, error) {
			return grader.Execution{}, errors.New("sandbox: box vanished")
		}
	default:
		m, err := eightqueen.LookupMistake(src)
		if err != nil {
			done()
			return grader.Build{OK: false, Log: "unknown program " + src}, nil
		}
		p = refProgram(eightqueen.Default, m)
	}
	return grader.Build{OK: true, Program: closer{working(&r.working, p), done}}, nil
}

func batchSubmissions() []submission.Submission {
	src := map[string]string{
		"zed": "correct", "amy": "lowercase-solved", "bob": "broken", "cat": "pairs-counted-twice",
		"dan": "correct", "eve": "value-first-order", "fay": "no such program", "gus": "correct",
		"hal": "stay-put-successor", "ivy": "correct", "jon": "correct", "kim": "hc-first-steepest",
	}
	var subs []submission.Submission
	for id, s := range src {
		subs = append(subs, submission.Submission{ID: id, Files: []submission.File{{Name: "EightQueen.java", Data: []byte(s + "\n")}}})
	}
	// Not in ID order, and not in the same order twice.
	slices.SortFunc(subs, func(a, b submission.Submission) int { return strings.Compare(a.ID[1:], b.ID[1:]) })
	subs = append(subs, submission.Submission{ID: "nofile", Files: []submission.File{{Name: "Main.java"}}},
		submission.Submission{ID: "badzip", Problem: "not a readable zip archive"})
	return subs
}

func TestBatch(t *testing.T) {
	a := testAssignment(t)
	st, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	runner := &byContent{}
	var mu sync.Mutex
	var events []grader.Event
	b := &grader.Batch{
		Assignment: a, Runner: runner, Store: st, Jobs: 4, Version: "test",
		LateDays: func(s submission.Submission) int {
			if s.ID == "gus" {
				return 2
			}
			return 0
		},
		Progress: func(ev grader.Event) { mu.Lock(); events = append(events, ev); mu.Unlock() },
	}
	subs := batchSubmissions()
	first, err := b.Run(context.Background(), subs)
	if err != nil {
		t.Fatal(err)
	}
	// Builds and runs that never wait share the 4 cores.
	if got := runner.working.most.Load(); got > 4 {
		t.Errorf("%d builds and runs at once, Jobs is 4", got)
	}
	if got := runner.inFlight.most.Load(); got > 4 {
		t.Errorf("%d submissions in flight, Jobs is 4", got)
	}
	ids := func(rs []grader.Result) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.ID)
		}
		return out
	}
	want := []string{"amy", "badzip", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "nofile", "zed"}
	if got := ids(first); !reflect.DeepEqual(got, want) {
		t.Fatalf("results in order %v, want %v", got, want)
	}
	status := map[string]grader.Status{}
	for _, r := range first {
		status[r.ID] = r.Status
		if r.Key == "" || len(r.Key) != 64 {
			t.Errorf("%s: key %q", r.ID, r.Key)
		}
	}
	wantStatus := map[string]grader.Status{"bob": grader.StatusFailed, "fay": grader.StatusCompile, "nofile": grader.StatusMissing, "badzip": grader.StatusUnread}
	for _, r := range first {
		w, ok := wantStatus[r.ID]
		if !ok {
			w = grader.Graded
		}
		if r.Status != w {
			t.Errorf("%s: status %s, want %s (notes %q)", r.ID, r.Status, w, r.Notes)
		}
	}
	for _, r := range first {
		switch r.ID {
		case "zed", "dan":
			if r.Score != 40 {
				t.Errorf("%s: score %v, want 40", r.ID, r.Score)
			}
		case "gus":
			if r.Score != 30 || r.Penalty != 10 || r.LateDays != 2 {
				t.Errorf("gus: score %v penalty %v late %d, want 30 10 2", r.Score, r.Penalty, r.LateDays)
			}
		case "bob":
			if r.Score != 0 || len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "box vanished") {
				t.Errorf("bob: score %v notes %q", r.Score, r.Notes)
			}
		}
	}
	if runner.inFlight.now.Load() != 0 {
		t.Errorf("%d programs not closed", runner.inFlight.now.Load())
	}
	// Each submission starts, then finishes; Done counts the finished.
	if len(events) != 2*len(subs) {
		t.Fatalf("%d events for %d submissions, want a start and a finish each", len(events), len(subs))
	}
	started, finished := map[string]bool{}, 0
	for i, ev := range events {
		switch {
		case ev.Started:
			if started[ev.ID] || ev.Done != finished || ev.Total != len(subs) {
				t.Errorf("event %d: %s started again or at done %d of %d, want %d", i, ev.ID, ev.Done, ev.Total, finished)
			}
			started[ev.ID] = true
		default:
			finished++
			if !started[ev.ID] || ev.ID != ev.Result.ID || ev.Done != finished || ev.Total != len(subs) || ev.Cached {
				t.Errorf("event %d: %s (result %s) finished, started %v, done %d of %d, cached %v",
					i, ev.ID, ev.Result.ID, started[ev.ID], ev.Done, ev.Total, ev.Cached)
			}
		}
	}

	// The second run takes every result from the store but the grader
	// failure, which is never stored so that it is tried again.
	builds := runner.builds.Load()
	events = nil
	slices.Reverse(subs)
	second, err := b.Run(context.Background(), subs)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range events {
		if ev.Started && ev.ID != "bob" {
			t.Errorf("second run: %s started again", ev.ID)
		}
		if !ev.Started && ev.Cached != (ev.Result.ID != "bob") {
			t.Errorf("second run: %s cached %v", ev.Result.ID, ev.Cached)
		}
	}
	if n := runner.builds.Load() - builds; n != 1 {
		t.Errorf("second run built %d submissions, want only bob's", n)
	}
	if !reflect.DeepEqual(first, second) {
		for i := range first {
			if !reflect.DeepEqual(first[i], second[i]) {
				t.Errorf("%s differs after the store:\n%+v\n%+v", first[i].ID, first[i], second[i])
			}
		}
	}

	// A different version keys every result differently: nothing is cached.
	b.Version = "test2"
	events = nil
	if _, err := b.Run(context.Background(), subs); err != nil {
		t.Fatal(err)
	}
	for _, ev := range events {
		if ev.Cached {
			t.Errorf("new version: %s taken from the store", ev.Result.ID)
		}
	}
}

// TestBatchKeys: a result's key changes with anything that decides it.
func TestBatchKeys(t *testing.T) {
	a := testAssignment(t)
	keyOf := func(b *grader.Batch, sub submission.Submission) string {
		t.Helper()
		rs, err := b.Run(context.Background(), []submission.Submission{sub})
		if err != nil {
			t.Fatal(err)
		}
		return rs[0].Key
	}
	base := func() *grader.Batch {
		return &grader.Batch{Assignment: a, Runner: &byContent{}, Jobs: 1, Version: "v1"}
	}
	sub := submission.Submission{ID: "s", Files: []submission.File{{Name: "EightQueen.java", Data: []byte("correct")}}}
	k := keyOf(base(), sub)
	if k != keyOf(base(), sub) {
		t.Fatal("the same batch gives different keys")
	}
	variants := map[string]func() (*grader.Batch, submission.Submission){
		"version": func() (*grader.Batch, submission.Submission) { b := base(); b.Version = "v2"; return b, sub },
		"late": func() (*grader.Batch, submission.Submission) {
			b := base()
			b.LateDays = func(submission.Submission) int { return 1 }
			return b, sub
		},
		"visibility": func() (*grader.Batch, submission.Submission) {
			b := base()
			b.Options.Visibility = "public"
			return b, sub
		},
		"id": func() (*grader.Batch, submission.Submission) { s := sub; s.ID = "t"; return base(), s },
		"content": func() (*grader.Batch, submission.Submission) {
			s := sub
			s.Files = []submission.File{{Name: "EightQueen.java", Data: []byte("correct ")}}
			return base(), s
		},
		"name": func() (*grader.Batch, submission.Submission) {
			s := sub
			s.Files = []submission.File{{Name: "src/EightQueen.java", Data: []byte("correct")}}
			return base(), s
		},
		// Length-prefixed fields: moving bytes from a name to its data is another key.
		"boundary": func() (*grader.Batch, submission.Submission) {
			s := sub
			s.Files = []submission.File{{Name: "EightQueen.javac", Data: []byte("orrect")}}
			return base(), s
		},
		"rubric": func() (*grader.Batch, submission.Submission) {
			b := base()
			b.Assignment = testAssignment(t, "total = 40", "total = 40 # edited")
			return b, sub
		},
		"checker": func() (*grader.Batch, submission.Submission) {
			b := base()
			b.Assignment = testAssignment(t)
			if err := b.Assignment.SetReference(printJudge{fp: "checker v2"}); err != nil {
				t.Fatal(err)
			}
			return b, sub
		},
	}
	for name, v := range variants {
		b, s := v()
		if keyOf(b, s) == k {
			t.Errorf("%s: the key did not change", name)
		}
	}
	// How the runner runs (issue 27, item 3) and the batch's secret
	// (item 4): each other one is another key; the same, the same key.
	seen := map[string]string{}
	for _, mode := range []string{"", "cold", "warm spot-check=2", "warm spot-check=0"} {
		for _, secret := range []string{"", "0123456789abcdef", "fedcba9876543210"} {
			what := fmt.Sprintf("runner %q, secret %q", mode, secret)
			b := base()
			if mode != "" {
				b.Runner = keyed{&byContent{}, mode}
			}
			if secret != "" {
				b.Options.Secret = []byte(secret)
			}
			k := keyOf(b, sub)
			if other, dup := seen[k]; dup {
				t.Errorf("%s: the key of %s", what, other)
			}
			seen[k] = what
			if again := keyOf(b, sub); again != k {
				t.Errorf("%s: the same batch gives another key", what)
			}
		}
	}
}

// keyed is a runner with a Key (grader.Keyer).
type keyed struct {
	grader.Runner
	key string
}

func (k keyed) Key() string { return k.key }

type failingStore struct{ err error }

func (s failingStore) Get(string) (grader.Result, bool, error) { return grader.Result{}, false, nil }
func (s failingStore) Put(string, grader.Result) error         { return s.err }

// TestBatchErrors: the grader's own failures stop the batch and are returned.
func TestBatchErrors(t *testing.T) {
	a := testAssignment(t)
	full := errors.New("no space left on device")
	b := &grader.Batch{Assignment: a, Runner: &byContent{}, Store: failingStore{full}, Jobs: 2}
	if _, err := b.Run(context.Background(), batchSubmissions()); !errors.Is(err, full) {
		t.Errorf("store failure: got %v", err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	var once sync.Once
	cancelling := &fakeRunner{prog: programFunc(func(args []string, stdin []byte) (grader.Execution, error) {
		once.Do(cancel)
		return grader.Execution{}, fmt.Errorf("interrupted")
	})}
	b = &grader.Batch{Assignment: a, Runner: cancelling, Jobs: 2}
	if _, err := b.Run(ctx, batchSubmissions()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v", err)
	}
}

// TestBatchInterrupted: a run cancelled while a program runs returns the
// cancellation, and stores nothing of what the program did after it: a
// sandbox killed by the interruption is not the student's result, and the
// same command afterwards must grade that submission again.
func TestBatchInterrupted(t *testing.T) {
	a := testAssignment(t)
	st, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The program is "killed" by the interruption: a run that ends with a
	// signal once the context is cancelled, as the sandbox reports it.
	killed := programFunc(func([]string, []byte) (grader.Execution, error) {
		cancel()
		return grader.Execution{ExitCode: -1, Signal: "killed"}, nil
	})
	b := &grader.Batch{Assignment: a, Runner: run(killed), Store: st, Jobs: 1, Version: "test"}
	_, err = b.Run(ctx, []submission.Submission{eightQueen("amy")})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v, want context.Canceled", err)
	}
	b.Runner = run(correct)
	rs, err := b.Run(context.Background(), []submission.Submission{eightQueen("amy")})
	if err != nil {
		t.Fatal(err)
	}
	if rs[0].Score != a.Rubric.Total {
		t.Errorf("after the interruption: %v of %v: the killed run was stored", rs[0].Score, a.Rubric.Total)
	}
}

// preparing is a byContent runner that prepares builds ahead (a fake
// compile service): it records the files each Prepare was given, holds
// the chunk of the last submission until a submission's grading has begun, and counts a
// Prepare as work beside the builds and runs.
type preparing struct {
	byContent
	mu        sync.Mutex
	prepared  map[string]bool // by EightQueen.java's contents
	unplanned []string        // built before their Prepare returned
	calls     int
	last      string        // the last submission's source
	built     chan struct{} // closed at the first Build
	once      sync.Once
	early     bool // a Build began before the last Prepare returned
}

func source(files []submission.File) string {
	for _, f := range files {
		if f.Name == "EightQueen.java" {
			return string(f.Data)
		}
	}
	return ""
}

func (p *preparing) Prepare(ctx context.Context, builds [][]submission.File, _ sandbox.Hooks) error {
	p.working.up()
	defer p.working.down()
	time.Sleep(time.Millisecond) // let the others overlap
	p.mu.Lock()
	p.calls++
	p.mu.Unlock()
	if slices.ContainsFunc(builds, func(files []submission.File) bool { return source(files) == p.last }) {
		// Grading must not wait for the whole batch's compile: a
		// submission prepared before builds while this one compiles.
		select {
		case <-p.built:
			p.early = true
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Minute): // only a failing batch gets here
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, files := range builds {
		p.prepared[source(files)] = true
	}
	return nil
}

func (p *preparing) Build(ctx context.Context, files []submission.File, _ sandbox.Hooks) (grader.Build, error) {
	p.mu.Lock()
	if !p.prepared[source(files)] {
		p.unplanned = append(p.unplanned, source(files))
	}
	p.mu.Unlock()
	p.once.Do(func() { close(p.built) })
	return p.byContent.Build(ctx, files, sandbox.Hooks{})
}

// TestBatchPipelined: a Preparer is given the batch's builds in chunks,
// and a submission's grading starts once its own chunk is prepared, while
// later chunks are still compiling; the Prepares share the Jobs cores with
// the builds and runs; the results are those of a batch without Prepare.
func TestBatchPipelined(t *testing.T) {
	a := testAssignment(t)
	programs := []string{"correct", "lowercase-solved", "pairs-counted-twice", "value-first-order", "stay-put-successor", "hc-first-steepest"}
	var subs []submission.Submission
	for i := range 30 {
		// Distinct bytes (byContent trims the spaces), six programs.
		src := programs[i%len(programs)] + strings.Repeat(" ", i) + "\n"
		subs = append(subs, submission.Submission{ID: fmt.Sprintf("s%02d", i), Files: []submission.File{{Name: "EightQueen.java", Data: []byte(src)}}})
	}
	runner := &preparing{prepared: map[string]bool{}, last: source(subs[len(subs)-1].Files), built: make(chan struct{})}
	b := &grader.Batch{Assignment: a, Runner: runner, Jobs: 2, Version: "test"}
	got, err := b.Run(context.Background(), subs)
	if err != nil {
		t.Fatal(err)
	}
	if !runner.early {
		t.Error("no submission was graded before the last chunk was prepared")
	}
	if runner.calls < 2 {
		t.Errorf("%d Prepares for %d builds, want them in chunks", runner.calls, len(subs))
	}
	if len(runner.unplanned) > 0 {
		t.Errorf("built before their Prepare returned: %q", runner.unplanned)
	}
	if most := runner.working.most.Load(); most > 2 {
		t.Errorf("%d Prepares, builds and runs at once, Jobs is 2", most)
	}
	// The same results as one at a time with nothing prepared.
	one := &grader.Batch{Assignment: a, Runner: &byContent{}, Jobs: 1, Version: "test"}
	want, err := one.Run(context.Background(), subs)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("a pipelined batch's results differ from one graded without Prepare, one at a time")
	}
	for _, r := range got {
		if r.Status != grader.Graded {
			t.Errorf("%s: status %s (notes %q)", r.ID, r.Status, r.Notes)
		}
	}
}
