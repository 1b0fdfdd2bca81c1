package mutation

import (
	"time"

	"github.com/cs540-tools/autograder/grader/compare"
)

// Config is a tests part's rubric ([part.tests], package grader/rubric).
type Config struct {
	PerBug, Ceiling float64
	// MaxTests is the most tests counted; the rest are ignored, in file
	// order, with a note.
	MaxTests int
	// MaxBytes bounds one test file; a larger one is invalid.
	MaxBytes int64
	// MaxRuns bounds the runs of a suite part's tests per submission
	// (0: DefaultMaxRuns): a test whose runs would pass it is not run,
	// nor any after it, each with a note.
	MaxRuns int
	// MaxWall, when set, bounds the wall time of a suite part's runs per
	// submission: a test that starts past it is not run, nor any after
	// it, each with a note. Unlike MaxRuns it depends on the machine's
	// speed and load, so the rubric sets it only by choice.
	MaxWall time.Duration
	// RunWall is a run's share of a suite part's default budget of wall
	// time, when MaxWall is not set: the submission's runs may take
	// MaxRuns × RunWall (the rubric's limits.wall + limits.cpu; 0: no
	// default, MaxRuns alone bounds them).
	RunWall time.Duration
	// OwnCode, on a suite part, runs each of the student's tests that was
	// run on the implementations once more on the student's own code
	// (the hand-in's files named as the implementation's), after every
	// test was judged: shown beside the test, never scored, changing no
	// verdict; the runs count in the budget of wall time (MaxWall, or
	// its default), never in MaxRuns.
	OwnCode bool
	// Files matches the base name of a submission's test files ("*.case").
	Files string
	// Bugs names the bugs of the implementations the part uses, in order;
	// nil: every one.
	Bugs []string
	Show Show
	Mode compare.Mode
}

// Part is a tests part, ready to grade submissions.
type Part struct {
	cfg   Config
	impls Implementations
	bugs  []Bug // the bugs used, in the rubric's order
}
