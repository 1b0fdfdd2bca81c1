package warm

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/sandbox"
)

// Input is one run a program will be asked for: a case's arguments and stdin.
type Input struct {
	Args  []string
	Stdin []byte
	// ID names the run in the TA's flags (a case id); Hidden ones reach
	// the warm JVM only after every public one has produced its output.
	ID     string
	Hidden bool
	// Varies is set when the run's output may differ from one run to the
	// next (a case judged by the reference's rules, such as an unseeded
	// random run, or by a checker): a spot check compares its warm and
	// cold runs by the verdict and credit each earns (Options.Decider),
	// where it compares the others' byte for byte.
	Varies bool
	// ColdOnly is set when Grade never takes the input's warm answer: a
	// repeated case's runs and an interactive case's run cold. A spot
	// check never picks it; it picks from every other kind of case,
	// whatever its judge (see Options.Decider).
	ColdOnly bool
	// Part is the rubric part of the case: a hand-off (Options.HandOff)
	// hands the rest of its part to cold runs, and every input without
	// one is of a single part.
	Part string
}

// Decider judges a run of a case as Grade does: grader.Assignment is one.
type Decider interface {
	Decide(ctx context.Context, caseID string, ex grader.Execution, w sandbox.Hooks) (grader.Verdict, float64, error)
}

// Runner is a grader.Runner for the rubric's Java preset. Its Build
// compiles the submission and runs every Input in one warm JVM; the
// Program it returns answers each Run from those results, and runs cold
// any run it has no identical answer for.
type Runner struct {
	jdk    *JDK
	cold   *runner.Sandboxed
	inputs []Input
	javac  []string // the javac arguments
	main   string
	cp     string
	lim    limits
	memory int64
	spot   int
	hand   bool   // the harness's CPU limit is Options.HandOff: reaching it hands the case off
	secret []byte // what the spot checks are chosen by, besides a submission's files and the case: Options.Secret, and all the inputs
	decide Decider
	keep   int64 // Options.Answers
	mode   int   // the harness's mode: modeLetObserve in the tests of the grader's own watch alone

	stats Stats

	prepMu   sync.Mutex
	prepared map[string]*prepEntry // by submission.Key: Prepare's compiles and Build's under way
}

// Stats counts what a Runner did, for `autograder bench`.
type Stats struct {
	Submissions  atomic.Int64 // built
	WarmCases    atomic.Int64 // answered from a warm JVM
	ColdCases    atomic.Int64 // run cold
	Fallbacks    atomic.Int64 // submissions that ran cold from some case on, and parts handed off
	SpotChecks   atomic.Int64 // warm answers checked by a cold run
	Disagreed    atomic.Int64 // submissions regraded cold after a spot check
	JVMs         atomic.Int64 // warm JVMs started: harness runs and compile services
	CompileFails atomic.Int64
	CompileJVMs  atomic.Int64 // of which compile services
	Compiled     atomic.Int64 // submissions the compile services compiled: a javac run each, in a warm JVM
	ColdBuilds   atomic.Int64 // submissions built in a cold box (javac in a JVM of its own)

	// Where the time goes, summed over the submissions (wall time).
	Waited    atomic.Int64 // cases that waited (asleep, say) and reran cold
	Near      atomic.Int64 // cases whose warm answer came near a time limit and reran cold (nearLimit)
	Compile   Clock        // Build waiting for the compile service
	Start     Clock        // harness boxes, from their start to the first answer: box, JVM and harness start, the first case
	Cases     Clock        // the cases' own time in the warm JVMs
	Harness   Clock        // harness boxes, from start to end
	SpotCheck Clock        // the spot checks' cold runs
	Ready     Clock        // harness boxes, from their start to the harness's READY: box, JVM and harness start, the scan

	// What the harness says of its own start (READY's payload): from its
	// main to READY, and of that its scan of the submission's classes.
	// The box's word, for `autograder bench` alone: nothing is decided by it.
	Setup, Scan Clock

	// CPU time, as each box's sandbox measured it (its processes, all
	// their threads), summed.
	CompileCPU, HarnessCPU, SpotCheckCPU Clock
}

// Clock adds up durations from many goroutines.
type Clock struct{ ns atomic.Int64 }

// Add adds d.
func (c *Clock) Add(d time.Duration) { c.ns.Add(int64(d)) }

// Since adds the time since t.
func (c *Clock) Since(t time.Time) { c.Add(time.Since(t)) }

// Total is the sum so far.
func (c *Clock) Total() time.Duration { return time.Duration(c.ns.Load()) }

// compiled is what the compile service made of one submission.
type compiled struct {
	rc    int
	log   string
	files []sandbox.File // the sources and what javac wrote
}

// prepEntry is one set of files' compile: under way until done is
// closed, then c (nil when the service did not answer for it). users
// counts the Builds Prepare expects that have not yet come for it; once
// it is done and none is left, the Build that took it last forgets it, so
// that a batch holds each compiled result only while a submission with
// those bytes still needs it.
type prepEntry struct {
	c     *compiled
	users int
	done  chan struct{}
}
