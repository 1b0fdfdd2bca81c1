package mutation

import (
	"cmp"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cs540-tools/autograder/grader/clip"
	"github.com/cs540-tools/autograder/grader/submission"
)

// A suite part grades unit-test suites a student writes (pytest files):
// the student's tests are collected in a box, and each test runs alone,
// in fresh processes, on every implementation, reached across a relay
// that records what crossed (a transcript per run). The verdicts are
// decided here from the runs (decideTest), never by the student's side.

// SuiteRunner runs a student's unit tests against the part's
// implementations. Its runs happen in boxes; its errors are the grader's.
type SuiteRunner interface {
	// Collect lists the tests of one of the student's test files, in
	// file order. why says why it has none to run (not a test file, a
	// syntax error, a collection that never ends), "" when it has.
	Collect(ctx context.Context, file submission.File) (ids []string, why string, err error)
	// Run runs test id of the file alone on the implementation impl (one
	// of Suites' names), in fresh processes.
	Run(ctx context.Context, file submission.File, id, impl string) (TestRun, error)
}

// HelperRunner is a SuiteRunner whose runs may hold files of the
// student's that are no test file but belong with the tests (pytest's
// conftest.py, the student's fixtures and builders), in the student's
// test box: For is the runner of one submission's runs, given its files
// that are not test files.
type HelperRunner interface {
	SuiteRunner
	For(files []submission.File) SuiteRunner
}

// TestRun is how one run of a student's test ended.
type TestRun struct {
	// Passed: the test passed; Why says why not (the failed assertion's
	// message, the exception, the limit reached).
	Passed bool
	Why    string
	// Transcript identifies every call the test made and every answer
	// it got across the relay: two runs with the same transcript got the
	// same answers to the same calls.
	Transcript string
	// Steps are the transcript's frames in order (its first ones, where
	// it is long); nil when the runner keeps none.
	Steps []Step
}

// Step is a frame of a run's transcript: who sent it (the test: a call
// or an answer to the implementation's callback; else the
// implementation) and a digest of what it held.
type Step struct {
	FromTest bool
	Sum      uint64
}

// parted says where two runs' steps first differ: whether the test sent
// that step in either run (the test did otherwise first), and whether
// they differ at all.
func parted(a, b []Step) (byTest, differ bool) {
	for i := range max(len(a), len(b)) {
		switch {
		case i >= len(a):
			return b[i].FromTest, true
		case i >= len(b):
			return a[i].FromTest, true
		case a[i] != b[i]:
			return a[i].FromTest || b[i].FromTest, true
		}
	}
	return false, false
}

// Suites are a suite part's implementations: the correct ones' names and
// the bugs (their Program unused), and the runner that reaches them.
type Suites struct {
	Correct []string
	Bugs    []Bug
	Runner  SuiteRunner
}

// SuiteProvider is a judge that runs a framework's tests written by a
// student against the implementations in a folder (the rubric's
// [part.tests] folder, an absolute path).
type SuiteProvider interface {
	Suites(ctx context.Context, folder string) (Suites, error)
}

// SuitePart is a tests part whose tests are unit-test suites.
type SuitePart struct {
	cfg    Config
	suites Suites
	bugs   []Bug
	// Parallel is how many runs on the bugs go at once, Grade's and
	// Verify's (at most 1: one at a time). The order they end in changes
	// nothing.
	Parallel int
	// now is the clock of the budget of wall time (nil: time.Now).
	now func() time.Time
}

// NewSuitePart makes a suite part of its rubric and implementations: every
// bug the rubric names exists. Each problem is a line of the error.
func NewSuitePart(cfg Config, s Suites) (*SuitePart, error) {
	p := &SuitePart{cfg: cfg, suites: s}
	var err error
	if p.bugs, err = chosenBugs(len(s.Correct), s.Bugs, cfg.Bugs); err != nil {
		return nil, err
	}
	if _, ok := s.Runner.(OwnCoder); cfg.OwnCode && !ok {
		return nil, fmt.Errorf("own_code: this framework's suites do not run on the student's own code")
	}
	return p, nil
}

// Bugs are the names of the part's bugs, in order.
func (p *SuitePart) Bugs() []string {
	var names []string
	for _, b := range p.bugs {
		names = append(names, b.Name)
	}
	return names
}

// Grade grades the test files among a submission's files (those whose
// base name matches the part's Files, in name order): their tests
// collected, the first MaxTests counted, the rest ignored (a file after
// the one that reached MaxTests is not collected: it is ignored as one,
// named by the file); a file that
// is too large or has no test to run is an invalid test named by the
// file. secret draws the order the implementations run in (nil: a fresh
// random one), which changes no verdict. An error is the grader's own.
func (p *SuitePart) Grade(ctx context.Context, files []submission.File, secret []byte) (Result, error) {
	if h, ok := p.suites.Runner.(HelperRunner); ok {
		q := *p
		q.suites.Runner = h.For(slices.DeleteFunc(slices.Clone(files), p.isTest))
		p = &q
	}
	res := Result{PerBug: p.cfg.PerBug, Ceiling: p.cfg.Ceiling, Show: p.cfg.Show, Tests: []Test{}}
	exposed := make([][]string, len(p.bugs))
	seen := map[string]int{}
	b := budget{left: cmp.Or(p.cfg.MaxRuns, DefaultMaxRuns)}
	if b.wall, b.named = p.maxWall(); b.wall > 0 {
		b.deadline = p.clock()().Add(b.wall)
	}
	var onOwn []ownCodeTodo
	for _, f := range files {
		if !p.isTest(f) {
			continue
		}
		if len(res.Tests) >= p.cfg.MaxTests {
			// Not collected: a hand-in of a thousand files costs no
			// thousand collections (a compile each for JUnit).
			res.ignore(uniqueName(f.Name, seen))
			continue
		}
		ids, why, err := p.collect(ctx, f)
		if err != nil {
			return res, fmt.Errorf("collecting %s: %w", f.Name, err)
		}
		if why != "" {
			ids = []string{""} // the file stands for its tests: one invalid test
		}
		for _, id := range ids {
			name := f.Name
			if why == "" {
				name += "::" + id
			}
			name = uniqueName(name, seen)
			if len(res.Tests) >= p.cfg.MaxTests {
				res.ignore(name)
				continue
			}
			t := Test{Why: clipWhy(why)}
			if why == "" {
				ran := false
				if t, ran, err = p.judgeWithin(ctx, &b, f, id, secret, exposed); err != nil {
					return res, fmt.Errorf("test %s: %w", name, err)
				}
				if ran {
					onOwn = append(onOwn, ownCodeTodo{i: len(res.Tests), f: f, id: id})
				}
			}
			t.Name = name
			res.Tests = append(res.Tests, t)
			if t.Valid {
				res.Valid++
			}
			for i, b := range p.bugs {
				if slices.Contains(t.Exposes, b.Name) {
					exposed[i] = append(exposed[i], name)
				}
			}
		}
	}
	for i, b := range p.bugs {
		res.Bugs = append(res.Bugs, BugResult{Name: b.Name, Hint: b.Hint, Exposed: exposed[i] != nil, By: exposed[i]})
		if exposed[i] != nil {
			res.Exposed++
		}
	}
	if p.cfg.OwnCode {
		err := p.runOnOwnCode(ctx, &res, onOwn, &b)
		return res, err
	}
	return res, nil
}

// isTest reports whether f is one of the student's test files (by the
// part's files pattern).
func (p *SuitePart) isTest(f submission.File) bool {
	ok, _ := path.Match(p.cfg.Files, path.Base(f.Name))
	return ok
}

// collect lists a file's tests, or says why it has none.
func (p *SuitePart) collect(ctx context.Context, f submission.File) ([]string, string, error) {
	if int64(len(f.Data)) > p.cfg.MaxBytes {
		return nil, fmt.Sprintf("%d bytes, more than the %d a test file may hold", len(f.Data), p.cfg.MaxBytes), nil
	}
	ids, why, err := p.suites.Runner.Collect(ctx, f)
	if err == nil && why == "" && len(ids) == 0 {
		why = "no test in it"
	}
	return ids, why, err
}

// DefaultMaxRuns is the most runs of a suite part's tests per
// submission when the rubric gives no max_runs.
const DefaultMaxRuns = 200

// budget is what is left of a submission's runs (Config.MaxRuns) and
// when its wall time ends (maxWall: wall, named as the rubric gives it;
// zero: never); spent, with why, once a test did not fit, so that no
// test after it runs either.
type budget struct {
	left     int
	deadline time.Time
	wall     time.Duration
	named    string
	spent    string
}

// maxWall is the budget of wall time of a submission's runs and how the
// rubric gives it: its max_wall, or by default each of the max_runs runs
// its share (Config.RunWall); zero when neither is set.
func (p *SuitePart) maxWall() (time.Duration, string) {
	if p.cfg.MaxWall > 0 {
		return p.cfg.MaxWall, "max_wall"
	}
	return time.Duration(cmp.Or(p.cfg.MaxRuns, DefaultMaxRuns)) * p.cfg.RunWall,
		"max_wall; by default max_runs × (limits.wall + limits.cpu)"
}

// clock is the part's clock for the budget of wall time.
func (p *SuitePart) clock() func() time.Time {
	if p.now != nil {
		return p.now
	}
	return time.Now
}

// judgeWithin judges a test within the budget b, against the bugs no
// earlier test exposed (exposed[i] non-nil: bug i was): a run that
// cannot change the score or which bugs the suite exposes (the TA's
// matrix) is not made, since a student never sees which test exposed
// which bug; the TA sees the first test that exposed each. Past the
// ceiling the bugs still run, for that matrix. A test whose runs (twice
// on each correct implementation and on each bug left) would pass the
// budget of runs, or that would start past the budget of wall time, is
// not run, with a note (ran false).
func (p *SuitePart) judgeWithin(ctx context.Context, b *budget, f submission.File, id string, secret []byte, exposed [][]string) (t Test, ran bool, err error) {
	skip := make([]bool, len(p.bugs))
	need := runsPer * len(p.suites.Correct)
	for i := range p.bugs {
		if skip[i] = exposed[i] != nil; !skip[i] {
			need += runsPer
		}
	}
	switch {
	case b.spent != "":
	case need > b.left:
		b.spent = fmt.Sprintf("not run: the part runs a submission's tests at most %d times (max_runs), and the tests before it left too few runs for it", cmp.Or(p.cfg.MaxRuns, DefaultMaxRuns))
	default:
		b.spent = p.pastWall(b)
	}
	if b.spent != "" {
		return Test{Why: b.spent}, false, nil
	}
	t, runs, err := p.judgeTest(ctx, f, id, secret, skip)
	b.left -= runs
	return t, true, err
}

// pastWall says why a run would not start now, past the budget of wall
// time b (a note, "not run: ..."); "" while it is not used up.
func (p *SuitePart) pastWall(b *budget) string {
	if b.deadline.IsZero() || !p.clock()().After(b.deadline) {
		return ""
	}
	return fmt.Sprintf("not run: the part runs a submission's tests for at most %s of wall time (%s), and the tests before it took it", b.wall, b.named)
}

// runsPer is how many times a test runs on each implementation: twice,
// so that a test whose outcome is not a function of the answers it got
// shows it.
const runsPer = 2

// judgeTest runs one test: on every correct implementation, twice, and,
// while it passes on all of them, on every bug not skipped, twice; the
// runs in an order drawn from the secret. decideTest decides; runs is
// how many runs were made.
func (p *SuitePart) judgeTest(ctx context.Context, f submission.File, id string, secret []byte, skip []bool) (t Test, runs int, err error) {
	correct := make([][]TestRun, len(p.suites.Correct))
	for _, k := range order(secret, f.Name+"::"+id+"\x00correct", len(correct)) {
		for range runsPer {
			r, err := p.suites.Runner.Run(ctx, f, id, p.suites.Correct[k])
			runs++
			if err != nil {
				return Test{}, runs, fmt.Errorf("%s: %w", p.suites.Correct[k], err)
			}
			correct[k] = append(correct[k], r)
			if !r.Passed {
				return decideTest(p.suites.Correct, correct, p.bugs, nil), runs, nil
			}
		}
	}
	bugs := make([][]TestRun, len(p.bugs))
	for k := range bugs {
		if !skip[k] {
			bugs[k] = make([]TestRun, runsPer)
		}
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
		sem  = make(chan struct{}, max(1, p.Parallel))
	)
	for _, k := range order(secret, f.Name+"::"+id+"\x00bugs", len(bugs)) {
		for n := range len(bugs[k]) {
			runs++
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				r, err := p.suites.Runner.Run(ctx, f, id, p.bugs[k].Name)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					errs = append(errs, fmt.Errorf("%s: %w", p.bugs[k].Name, err))
				}
				bugs[k][n] = r
			}()
		}
	}
	wg.Wait()
	if len(errs) > 0 {
		return Test{}, runs, errs[0]
	}
	return decideTest(p.suites.Correct, correct, p.bugs, bugs), runs, nil
}

// decideTest decides a test from its runs (correct[k]: the runs on the
// k-th correct implementation; onBugs[i]: on the i-th bug, nil when the
// test never reached the bugs), by these rules in order:
//
//  1. a run on a correct implementation that did not pass makes it
//     invalid, saying why;
//  2. runs on one implementation with different transcripts make it
//     invalid: the implementations answer alike whenever asked alike,
//     so the test itself called differently from one run to the next;
//  3. runs with the same transcript (on any implementations) and
//     different outcomes make it invalid: its outcome depends on
//     something other than the answers it got;
//  4. a run on a bug whose transcript parts from a correct run's where
//     the test sent something (a call the correct run never saw, or none
//     where it made one) makes it invalid: the implementations had
//     answered alike so far, so the test changed its calls by itself
//     (it counted its runs, or read something that differs between
//     them), and its failure there says nothing of the bug;
//  5. it exposes a bug when its runs on the bug failed: by rules 3 and
//     4, those runs got other answers than the correct implementations
//     gave, before the test did anything otherwise.
func decideTest(names []string, correct [][]TestRun, bugs []Bug, onBugs [][]TestRun) Test {
	for k, runs := range correct {
		for n, r := range runs {
			if !r.Passed {
				why := fmt.Sprintf("it fails on the correct implementation (%s): %s", names[k], r.Why)
				if n > 0 {
					why = fmt.Sprintf("it passed once, then failed, on the correct implementation (%s): %s", names[k], r.Why)
				}
				return Test{Why: clipWhy(why)}
			}
		}
	}
	for _, runs := range slices.Concat(correct, onBugs) {
		if slices.ContainsFunc(runs, func(r TestRun) bool { return r.Transcript != runs[0].Transcript }) {
			return Test{Why: whyCalls}
		}
	}
	outcome := map[string]bool{}
	for _, r := range slices.Concat(slices.Concat(correct...), slices.Concat(onBugs...)) {
		if was, ok := outcome[r.Transcript]; ok && was != r.Passed {
			return Test{Why: whyOutcome}
		}
		outcome[r.Transcript] = r.Passed
	}
	for _, runs := range onBugs {
		for _, r := range runs {
			for _, c := range correct {
				if len(c) == 0 || r.Steps == nil || c[0].Steps == nil {
					continue
				}
				byTest, differ := parted(r.Steps, c[0].Steps)
				// Past the steps kept, where they part is not known:
				// never counted for the test.
				if byTest || !differ && r.Transcript != c[0].Transcript {
					return Test{Why: whyParted}
				}
			}
		}
	}
	t := Test{Valid: true}
	for i, runs := range onBugs {
		if len(runs) > 0 && !slices.ContainsFunc(runs, func(r TestRun) bool { return r.Passed }) {
			t.Exposes = append(t.Exposes, bugs[i].Name)
		}
	}
	return t
}

// Why a test that is not a function of the answers it gets is invalid.
const (
	whyCalls   = "it makes other calls from one run to the next on the same implementation: a test must call the same way every run (no randomness, clock or count of runs)"
	whyOutcome = "its outcome differs between runs that got the same answers from the implementation: it depends on something else (chance, time, a count of runs)"
	whyParted  = "it called otherwise on one implementation than on another before their answers differed: a test's calls may depend only on the answers it got (no randomness, clock or count of runs)"
)

// clipWhy bounds why a test is invalid, as a run's failure is cut.
func clipWhy(why string) string {
	return clip.Excerpt([]byte(strings.ToValidUTF8(why, "\uFFFD")), maxWhy/2, maxWhy/2)
}

// order is a permutation of 0..n-1 drawn from the secret and the label
// (HMAC-SHA256), or from fresh randomness when there is no secret: no
// program the runs meet can compute it.
func order(secret []byte, label string, n int) []int {
	key := secret
	if len(key) == 0 {
		key = make([]byte, 32)
		rand.Read(key)
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte("order\x00" + label))
	seed := m.Sum(nil)
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	for i := n - 1; i > 0; i-- {
		m.Reset()
		m.Write(seed)
		m.Write(binary.BigEndian.AppendUint32(nil, uint32(i)))
		j := int(binary.BigEndian.Uint64(m.Sum(nil)) % uint64(i+1))
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// A suite part may also run the student's tests on the student's own
// code (Config.OwnCode), as a student running their suite at home
// would: each test the part ran on the implementations runs once more,
// after every test was judged, on the hand-in's files named as the
// implementation's. Both boxes hold the student's code alone (the test
// box as ever; the other the student's implementation and the bridge).
// The runs count in the budget of wall time (a run that would start past
// it is not made, with a note), never in the budget of runs, and their
// outcome is shown beside each test, never scored: it changes no
// verdict, decided before.

// OwnCodeImpl is the implementation name under which a runner that is
// an OwnCoder reaches the student's own code: no folder's name (it
// holds a slash).
const OwnCodeImpl = "/own code"

// OwnCoder is a SuiteRunner that can run a student's tests on the
// student's own code (as implementation OwnCodeImpl). OwnCodeMissing
// says why it cannot for this submission (its For's: the hand-in lacks
// a file of the implementation, or holds two of one name); "" when it
// can.
type OwnCoder interface {
	SuiteRunner
	OwnCodeMissing() string
}

// ownCodeTodo is a test to run on the student's own code: its index
// among the result's tests, its file and id.
type ownCodeTodo struct {
	i  int
	f  submission.File
	id string
}

// runOnOwnCode runs each test of todo once on the student's own code,
// Parallel at once, within the budget of wall time b (a run that would
// start past it is not made: its note, OwnCodeRun.NotRun), and notes
// how each fared in res, or why none ran (res.OwnCodeNote). An error is
// the grader's own.
func (p *SuitePart) runOnOwnCode(ctx context.Context, res *Result, todo []ownCodeTodo, b *budget) error {
	oc, ok := p.suites.Runner.(OwnCoder)
	if !ok {
		return fmt.Errorf("own_code: this framework's suites do not run on the student's own code")
	}
	if res.OwnCodeNote = oc.OwnCodeMissing(); res.OwnCodeNote != "" {
		return nil
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
		sem  = make(chan struct{}, max(1, p.Parallel))
	)
	for _, td := range todo {
		sem <- struct{}{}
		if why := p.pastWall(b); why != "" {
			<-sem
			mu.Lock()
			res.Tests[td.i].OnOwnCode = &OwnCodeRun{NotRun: why}
			mu.Unlock()
			continue
		}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			r, err := p.suites.Runner.Run(ctx, td.f, td.id, OwnCodeImpl)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, fmt.Errorf("test %s on the student's own code: %w", res.Tests[td.i].Name, err))
				return
			}
			run := &OwnCodeRun{Passed: r.Passed}
			if !r.Passed {
				run.Why = clipWhy(r.Why)
			}
			res.Tests[td.i].OnOwnCode = run
		}()
	}
	wg.Wait()
	if len(errs) > 0 {
		return errs[0]
	}
	return nil
}
