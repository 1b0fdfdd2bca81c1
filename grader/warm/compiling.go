package warm

import (
	"context"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
)

// Compiling is a cold Runner (package grader/runner) that compiles in the
// compile service: for submissions whose runs are cold whatever the mode
// (a unit-test suite's: package grader/unittest), the classes come from
// the service's JVM, which a batch shares (Prepare), rather than from a
// javac of their own, and every run is the cold runner's, in a fresh box
// holding them. The service runs no student code, as a cold javac does
// not; it prints and writes what javac does (Compiler.java), and what it
// cannot compile (files in subfolders, a service that did not answer)
// the cold runner builds itself. So a build's outcome, log and note are
// the cold runner's.
type Compiling struct {
	w *Runner
}

// NewCompiling returns a Compiling for the rubric; it fails, saying why,
// when warm mode's compile service cannot compile this rubric's
// submissions (New), and the caller then uses the cold runner.
func NewCompiling(r *rubric.Rubric, opt Options) (*Compiling, error) {
	w, err := New(r, nil, opt)
	if err != nil {
		return nil, err
	}
	return &Compiling{w: w}, nil
}

// Prepare implements grader.Preparer: the Runner's Prepare.
func (c *Compiling) Prepare(ctx context.Context, builds [][]submission.File, wh sandbox.Hooks) error {
	return c.w.Prepare(ctx, builds, wh)
}

// Build compiles the files in the compile service (what Prepare made of
// them, or a service of their own), and returns the cold runner's
// program of the classes; the cold runner builds what the service does
// not compile.
func (c *Compiling) Build(ctx context.Context, files []submission.File, wh sandbox.Hooks) (grader.Build, error) {
	if !submission.Flat(files) {
		return c.w.cold.Build(ctx, files, wh)
	}
	comp := c.w.takePrepared(ctx, files, wh)
	if comp == nil {
		if ctx.Err() != nil {
			return grader.Build{}, ctx.Err()
		}
		return c.w.cold.Build(ctx, files, wh)
	}
	if comp.rc != 0 {
		return grader.Build{OK: false, Log: comp.log}, nil
	}
	if note := c.w.cold.NoProgram(comp.files); note != "" {
		return grader.Build{OK: false, Log: comp.log, Note: note}, nil
	}
	return grader.Build{OK: true, Log: comp.log, Program: c.w.cold.Prebuilt(comp.files)}, nil
}

// Spec implements what a suite asks of its runner: the cold runner's.
func (c *Compiling) Spec(ctx context.Context, prog grader.Program, in grader.Input) (sandbox.Spec, error) {
	return c.w.cold.Spec(ctx, prog, in)
}

// Tools are the cold runner's tools.
func (c *Compiling) Tools(ctx context.Context) ([]runner.Tool, error) {
	return c.w.cold.Tools(ctx)
}

// Runtime implements grader.Describer, as the cold runner names it.
func (c *Compiling) Runtime() string { return c.w.cold.Runtime() }

// Stack implements grader.StackDescriber, as the cold runner says it.
func (c *Compiling) Stack() string { return c.w.cold.Stack() }

// Key implements grader.Keyer: the cold runner's, whose results these
// are.
func (c *Compiling) Key() string { return c.w.cold.Key() }
