package warm

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/reference/eightqueen/javasrc"
	"github.com/cs540-tools/autograder/reference/eightqueen/oracle"
	"github.com/cs540-tools/autograder/sandbox"
	"golang.org/x/sync/errgroup"
)

// TestVariants runs every javasrc variant (each reading, each catalogued
// mistake, each quirk) warm on every public case of the repository's
// rubric, and cold on a sample of them, and wants the same exit status,
// signal, limit, stdout and stderr both ways. The sample is two cases per
// variant, one from each half of the public cases, rotating so that every
// case is run cold by some variant; the cold runs use the classes the
// compile service built (TestCompileErrors compares the compilers).
// AUTOGRADER_TEST_ALL_PUBLIC=1 runs every public case cold too.
//
// Limits are ten times what a cold run needs (0.2 s of CPU; a second of
// wall time on a busy 2-core machine) or more, so that no verdict depends
// on the load; the endless variant costs its CPU limit per 5XX case, and
// so runs warm on one of them alone, its sampled one (endlessInputs).
func TestVariants(t *testing.T) {
	requireJDK(t)
	a, err := grader.LoadAssignment("../../rubric.toml", oracle.Judges)
	if err != nil {
		t.Fatal(err)
	}
	a.Rubric.Limits.Wall, a.Rubric.Limits.CPU = time.Minute, 2*time.Second
	inputs := Inputs(a, "public")
	var ids []string
	for _, cs := range a.Parts {
		for _, c := range cs {
			if c.Visibility == cases.Public {
				ids = append(ids, c.ID)
			}
		}
	}
	variants := javasrc.Variants()
	var builds [][]submission.File
	for _, v := range variants {
		builds = append(builds, []submission.File{{Name: javasrc.FileName, Data: []byte(javasrc.Source(v))}})
	}
	ctx := context.Background()
	w, err := New(a.Rubric, inputs, Options{CacheDir: cacheDir})
	if err != nil {
		t.Fatal(err)
	}
	all := os.Getenv("AUTOGRADER_TEST_ALL_PUBLIC") != ""
	// endless: the variant that runs warm on its own inputs, with a
	// runner of its own (which compiles it).
	endless := func(v javasrc.Variant) bool { return v.Extra.Loop && !all }
	var prepare [][]submission.File
	for i, v := range variants {
		if !endless(v) {
			prepare = append(prepare, builds[i])
		}
	}
	if err := w.Prepare(ctx, prepare, sandbox.Hooks{}); err != nil {
		t.Fatal(err)
	}
	covered := make([]bool, len(inputs))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.NumCPU())
	for i, v := range variants {
		sample := sampleOf(i, len(inputs), all)
		if !v.Extra.CompileError {
			for _, k := range sample {
				covered[k] = true
			}
		}
		g.Go(func() error {
			if !endless(v) {
				return compareVariant(gctx, t, w, v, builds[i], inputs, ids, sample)
			}
			in, inIDs, at := endlessInputs(inputs, ids, sample)
			if !slices.ContainsFunc(at, func(k int) bool { return strings.HasPrefix(in[k].Args[0], "5") }) {
				return fmt.Errorf("%s: no 5XX case, where it loops, in its sample", v.Name())
			}
			ew, err := New(a.Rubric, in, Options{CacheDir: cacheDir})
			if err != nil {
				return err
			}
			return compareVariant(gctx, t, ew, v, builds[i], in, inIDs, at)
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	for k, ok := range covered {
		if !ok {
			t.Errorf("no variant ran %s cold", ids[k])
		}
	}
	t.Logf("%d variants x %d public cases warm (%d runs warm, %d cold)",
		len(variants), len(inputs), w.stats.WarmCases.Load(), w.stats.ColdCases.Load())
}

// sampleOf returns the inputs variant i runs cold: all n with all, else
// one from each half of them, so that consecutive variants cover all.
func sampleOf(i, n int, all bool) []int {
	if all {
		out := make([]int, n)
		for k := range out {
			out[k] = k
		}
		return out
	}
	half := n / 2
	return []int{i % half, half + i%(n-half)}
}

// endlessInputs are the inputs the endless variant runs warm, their ids
// and its sample's indexes among them: every public case but the 5XX
// ones outside its sample. It prints line 0 of every 5XX case and then
// loops without output to its CPU limit, alike in each (javasrc's
// Extra.Loop): the others would each cost a CPU limit more and show
// nothing its sampled one does not.
func endlessInputs(inputs []Input, ids []string, sample []int) ([]Input, []string, []int) {
	var in []Input
	var kept []string
	var at []int
	for k := range inputs {
		if slices.Contains(sample, k) {
			at = append(at, len(in))
		} else if strings.HasPrefix(inputs[k].Args[0], "5") {
			continue
		}
		in, kept = append(in, inputs[k]), append(kept, ids[k])
	}
	return in, kept, at
}

// compareVariant builds one variant warm, and runs the sampled inputs
// both ways from the same classes.
// A variant that does not compile must fail to build (TestCompileErrors
// compares the compilers' messages).
func compareVariant(ctx context.Context, t *testing.T, w *Runner, v javasrc.Variant, files []submission.File, inputs []Input, ids []string, sample []int) error {
	name := v.Name()
	b, err := w.Build(ctx, files, sandbox.Hooks{})
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if b.OK == v.Extra.CompileError {
		t.Errorf("%s: built %v, want %v:\n%s", name, b.OK, !v.Extra.CompileError, b.Log)
	}
	if !b.OK {
		return nil
	}
	defer b.Program.Close()
	p := b.Program.(*Program)
	if p.built == nil {
		t.Errorf("%s: the warm build handed back no classes", name)
		return nil
	}
	cold := w.cold.Prebuilt(p.built)
	defer func() {
		// The scan's false positives: no honest variant follows an
		// identity hash code or a lambda's class name.
		for _, f := range p.Flags() {
			if strings.Contains(f, "identity hash codes") || strings.Contains(f, "lambda") {
				t.Errorf("%s: sent cold: %s", name, f)
			}
		}
	}()
	for _, k := range sample {
		in := inputs[k]
		wex, err := p.Run(ctx, grader.Input{Args: in.Args, Stdin: in.Stdin})
		if err != nil {
			return fmt.Errorf("%s %s: warm: %w", name, ids[k], err)
		}
		cex, err := cold.Run(ctx, grader.Input{Args: in.Args, Stdin: in.Stdin})
		if err != nil {
			return fmt.Errorf("%s %s: cold: %w", name, ids[k], err)
		}
		if cex.Limit == grader.CPU || cex.Limit == grader.Wall {
			// Which of the CPU and wall limits a busy loop meets first
			// depends on the load, in either mode: the same verdict.
			if wex.Limit != grader.CPU && wex.Limit != grader.Wall {
				t.Errorf("%s %s: cold hit the %s limit, warm %q", name, ids[k], cex.Limit, wex.Limit)
			}
			wex.Limit, wex.Signal = cex.Limit, cex.Signal
		}
		if d := sameExecution(cex, wex); d != "" {
			t.Errorf("%s %s (java EightQueen %s): cold and warm differ:\n%s", name, ids[k], strings.Join(in.Args, " "), d)
		}
	}
	return nil
}

// TestUnseededRepeated is issue 7's acceptance 3 with real Java: a correct
// EightQueen.java passes every seed -1 case of the repository's rubric in
// 20 separate runs (each a fresh JVM, seeded by its clock), and programs
// that take a move that is not a steepest one, draw with nextInt(8) or
// miscount costs fail them, naming the line and the rule.
func TestUnseededRepeated(t *testing.T) {
	requireJDK(t)
	a, err := grader.LoadAssignment("../../rubric.toml", oracle.Judges)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i, cs := range a.Parts {
		a.Parts[i] = slices.DeleteFunc(slices.Clone(cs), func(c cases.Case) bool { return c.Check == "" })
		for _, c := range a.Parts[i] {
			ids = append(ids, c.ID)
		}
	}
	if len(ids) != 6 {
		t.Fatalf("unseeded cases %q, want three each in parts c and e", ids)
	}
	w, err := New(a.Rubric, Inputs(a, ""), Options{CacheDir: cacheDir})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	// Each run its own source (a comment apart), all compiled ahead by the
	// compile service: 20 builds, 20 JVMs, 20 clock seeds.
	sub := func(name string, run int) submission.Submission {
		v, ok := variantByName(name)
		if !ok {
			t.Fatalf("no javasrc variant %s", name)
		}
		src := fmt.Sprintf("// run %d\n%s", run, javasrc.Source(v))
		return submission.Submission{ID: name, Files: []submission.File{{Name: javasrc.FileName, Data: []byte(src)}}}
	}
	var builds [][]submission.File
	for run := range 20 {
		builds = append(builds, sub("correct", run).Files)
	}
	for _, v := range []string{"mistake-stay-put-successor", "mistake-sa-nextint-8", "mistake-pairs-counted-twice"} {
		builds = append(builds, sub(v, 0).Files)
	}
	if err := w.Prepare(ctx, builds, sandbox.Hooks{}); err != nil {
		t.Fatal(err)
	}
	for run := range 20 {
		res, err := a.Grade(ctx, w, sub("correct", run), 0, grader.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Cases {
			if c.Verdict != grader.Pass {
				t.Errorf("run %d: %s: %s %+v", run+1, c.ID, c.Verdict, c.Violation)
			}
		}
	}
	for _, tt := range []struct {
		variant, part, rule string
	}{
		{"mistake-stay-put-successor", "c", "move"},
		{"mistake-sa-nextint-8", "e", "move"},
		{"mistake-pairs-counted-twice", "c", "cost"},
		{"mistake-pairs-counted-twice", "e", "cost"},
	} {
		res, err := a.Grade(ctx, w, sub(tt.variant, 0), 0, grader.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Cases {
			if c.Part != tt.part {
				continue
			}
			if c.Verdict != grader.WrongAnswer || c.Violation == nil || c.Violation.Rule != tt.rule || c.Violation.Line < 1 || c.Violation.Msg == "" {
				t.Errorf("%s: %s: %s %+v, want a broken %q rule with its line", tt.variant, c.ID, c.Verdict, c.Violation, tt.rule)
			}
		}
	}
}

func variantByName(name string) (javasrc.Variant, bool) {
	for _, v := range javasrc.Variants() {
		if v.Name() == name {
			return v, true
		}
	}
	return javasrc.Variant{}, false
}
