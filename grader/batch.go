package grader

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/cs540-tools/autograder/grader/submission"
	"golang.org/x/sync/errgroup"
)

// Store keeps finished results between runs, so that a batch killed half
// way resumes where it stopped.
type Store interface {
	Get(key string) (Result, bool, error)
	Put(key string, r Result) error
}

// Event reports one submission started or finished, for progress output.
type Event struct {
	Done, Total int    // submissions finished so far, of all
	ID          string // the submission
	// Started says grading ID began (it was not in the store); Result is
	// then empty. Otherwise ID is finished, with Result.
	Started bool
	Result  Result
	Cached  bool // taken from the store, not regraded
}

// Batch grades many submissions.
type Batch struct {
	Assignment *Assignment
	Runner     Runner
	Store      Store // may be nil
	// Jobs is the cores the batch's builds and runs share (see Cores),
	// unless Options.Cores names them.
	Jobs    int
	Options Options
	Version string // the grader's version, part of every result's key
	// LateDays gives a submission's days late by ID.
	LateDays func(submission.Submission) int
	Progress func(Event)
}

// Run grades every submission, Jobs at a time on Jobs cores, and returns the
// results sorted by ID. One submission's failure never stops the others:
// only the grader's own failures (a store that cannot be written, a
// cancelled context) are errors.
func (b *Batch) Run(ctx context.Context, subs []submission.Submission) ([]Result, error) {
	results := make([]Result, len(subs))
	jobs := max(1, b.Jobs)
	opt := b.Options
	if opt.Cores == nil {
		opt.Cores = NewCores(jobs)
	}
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(jobs)
	ready, srcs, prepare := b.pipeline(subs, jobs, opt.Cores)
	prepared := make(chan struct{})
	go func() {
		defer close(prepared)
		prepare(ctx)
	}()
	done, told := b.progress(len(subs))
	for i, sub := range subs {
		g.Go(func() error {
			var err error
			results[i], err = b.one(ctx, sub, ready[i], srcs[i], opt, done)
			return err
		})
	}
	err := g.Wait()
	<-prepared
	close(done)
	<-told
	sort.SliceStable(results, func(i, j int) bool { return results[i].ID < results[j].ID })
	return results, err
}

// progress tells b.Progress of each event sent on done, one at a time,
// counting the submissions finished of total; told is closed once done
// is closed and every event told.
func (b *Batch) progress(total int) (done chan<- Event, told <-chan struct{}) {
	events, finished := make(chan Event), make(chan struct{})
	go func() {
		n := 0
		for ev := range events {
			if !ev.Started {
				n++
			}
			ev.Done, ev.Total = n, total
			if b.Progress != nil {
				b.Progress(ev)
			}
		}
		close(finished)
	}()
	return events, finished
}

// one is sub's result: the store's, or its grading once its build is
// prepared (ready closed), kept in the store unless the grader failed on
// it. src is its sources stage when the pipeline made it, else nil. Its
// events go to done. The error is the grader's own (the store's,
// a cancelled context); a failure on this one submission is its result.
func (b *Batch) one(ctx context.Context, sub submission.Submission, ready <-chan struct{}, src *sources, opt Options, done chan<- Event) (Result, error) {
	late := b.late(sub)
	key := b.key(sub, late)
	if b.Store != nil {
		r, ok, err := b.Store.Get(key)
		if err != nil {
			return Result{}, err
		}
		if ok {
			done <- Event{ID: sub.ID, Result: r, Cached: true}
			return r, nil
		}
	}
	opt.Cores = opt.Cores.Share() // its work started fairly beside the others'
	<-ready                       // its build prepared (or not to be)
	done <- Event{ID: sub.ID, Started: true}
	if src == nil {
		s := b.Assignment.sources(sub, late)
		src = &s
	}
	r, err := b.Assignment.grade(ctx, b.Runner, sub.ID, *src, late, opt)
	if err == nil && ctx.Err() != nil {
		// Interrupted: what the program did after its sandbox was
		// killed is not its result; never store it.
		err = ctx.Err()
	}
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return Result{}, err
	case err != nil:
		// The grader failed on this one submission: record it, go on;
		// not stored, so that a regrade tries it again.
		r = Result{ID: sub.ID, MaxScore: b.Assignment.Rubric.Total, LateDays: late, Status: StatusFailed,
			Notes: []string{err.Error()}, Parts: []PartResult{}, Cases: []CaseResult{}, Key: key}
		done <- Event{ID: sub.ID, Result: r}
		return r, nil
	}
	r.Key = key
	if r.Provenance != nil {
		r.Provenance.GraderVersion = b.Version
	}
	// A grader failure is never kept: the next run grades it again.
	if b.Store != nil && r.Status != StatusFailed {
		if err := b.Store.Put(key, r); err != nil {
			return r, err
		}
	}
	done <- Event{ID: sub.ID, Result: r}
	return r, nil
}

func (b *Batch) late(sub submission.Submission) int {
	if b.LateDays == nil {
		return 0
	}
	return b.LateDays(sub)
}

// pipeline plans the building ahead of the submissions: ready[i] is
// closed once submission i's build is prepared, or at once when it is not
// to be (the runner is no Preparer, the store has its result, it builds
// nothing); srcs[i] is its sources stage when it was made here, to
// prepare its build (its grading takes it rather than make it again),
// else nil; prepare gives a Preparer runner the files of the others in
// chunks, in the order of subs, up to jobs chunks at once, each on a core
// of cores beside the builds and runs of the submissions prepared before,
// and returns when every ready is closed. A submission's cases then start
// as soon as its own chunk is built, not after the whole batch's. Preparing never changes a result: what is not prepared (ctx
// ended) Build builds itself.
func (b *Batch) pipeline(subs []submission.Submission, jobs int, cores *Cores) (ready []chan struct{}, srcs []*sources, prepare func(context.Context)) {
	ready, srcs = make([]chan struct{}, len(subs)), make([]*sources, len(subs))
	var todo []int // the submissions to prepare, by index
	var builds [][]submission.File
	p, isPreparer := b.Runner.(Preparer)
	for i, sub := range subs {
		ready[i] = make(chan struct{})
		srcs[i] = b.prepareSources(sub, isPreparer)
		if srcs[i] == nil || srcs[i].status != "" || srcs[i].files == nil {
			close(ready[i])
			continue
		}
		todo = append(todo, i)
		builds = append(builds, srcs[i].files)
	}
	prepare = func(ctx context.Context) {
		work := chunks(len(todo), jobs)
		g := errgroup.Group{}
		g.SetLimit(jobs)
		start := 0
		for _, n := range work {
			idx, files := todo[start:start+n], builds[start:start+n]
			start += n
			g.Go(func() error {
				defer func() {
					for _, i := range idx {
						close(ready[i])
					}
				}()
				w, done, err := cores.take(ctx, b.Assignment.memory())
				if err != nil {
					return nil // ctx ended: the Builds see it
				}
				defer done()
				p.Prepare(ctx, files, w)
				return nil
			})
		}
		g.Wait()
	}
	return ready, srcs, prepare
}

// prepareSources is sub's sources stage, whose files a Preparer is to
// build ahead, nil when none is: it is no Preparer, or the store has
// sub's result. One whose status is set builds nothing.
func (b *Batch) prepareSources(sub submission.Submission, isPreparer bool) *sources {
	if !isPreparer {
		return nil
	}
	late := b.late(sub)
	if b.Store != nil {
		if _, ok, err := b.Store.Get(b.key(sub, late)); err != nil || ok {
			return nil // a store error is reported when the submission's turn comes
		}
	}
	src := b.Assignment.sources(sub, late)
	return &src
}

// chunks splits n builds into the chunks a Preparer is given, in order:
// as many as a warm Runner would start compile services for the batch at
// once (one per core, at least 8 builds each), since each costs a JVM
// start and a cold compiler, but the first of them smaller, so that its
// grading starts while the others still compile.
func chunks(n, jobs int) []int {
	k := min(jobs, (n+7)/8)
	if n == 0 {
		return nil
	}
	if k <= 1 {
		return []int{n}
	}
	first := (n + 2*k - 1) / (2 * k)
	out := []int{first}
	n -= first
	for i := k - 1; i > 0; i-- {
		size := (n + i - 1) / i
		out = append(out, size)
		n -= size
	}
	return out
}

// key identifies a result by everything that decides it: the grader's
// version, the rubric, the cases, the options (the batch's secret by its
// hash), how the runner runs (Keyer), and the submission's files.
func (b *Batch) key(sub submission.Submission, late int) string {
	h := sha256.New()
	field := func(s string) {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		io.WriteString(h, s)
	}
	field(b.Version)
	field(b.Assignment.Rubric.SHA256())
	field(b.Assignment.CasesHash)
	if jh := b.Assignment.JudgesHash(); jh != "" { // absent, the keys of earlier batches hold
		field(jh)
	}
	field(fmt.Sprintf("%s|%v|late=%d|id=%s|problem=%s", b.Options.Visibility, b.Options.Timings, late, sub.ID, sub.Problem))
	if k, ok := b.Runner.(Keyer); ok {
		field("runner=" + k.Key())
	}
	if len(b.Options.Secret) > 0 {
		sum := sha256.Sum256(b.Options.Secret)
		field("secret=" + hex.EncodeToString(sum[:]))
	}
	for _, f := range sub.Files {
		field(f.Name)
		field(string(f.Data))
	}
	return hex.EncodeToString(h.Sum(nil))
}
