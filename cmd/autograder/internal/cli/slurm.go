package cli

import (
	"fmt"
	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/textfmt"
	ucli "github.com/urfave/cli/v2"
)

// The script `autograder slurm` writes is generated, not kept as a file to
// edit, because its parts must agree: every shard and the finishing job
// need the same rubric, inputs, mode and late-day flags (they are part of
// each result's cache key: a finishing job that differs regrades the whole
// batch), the same absolute paths on every node, and memory that follows
// the rubric's limits.

// slurmHeadroom is the memory a task asks for beyond its runs' limits: the
// grader itself and the compile service's JVMs.
const slurmHeadroom = 1 << 30

// slurmDefaultJobs is --jobs when not given: the cores a task asks for.
const slurmDefaultJobs = 2

// slurmForwarded are the grade flags the slurm command takes and passes on
// to every job, in this order; paths among them are made absolute.
var slurmForwarded = []string{"rubric", "assignment", "mode", "timings", "timestamp", "late-csv", "late-days-default", "canvas-assignment-id"}

var slurmPathFlags = []string{"rubric", "late-csv"}

func slurmCommand() *ucli.Command {
	flags := []ucli.Flag{
		&ucli.IntFlag{Name: "shards", Usage: "grade the batch in `N` shards, one Slurm array task each", Required: true},
		&ucli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: slurmDefaultJobs, Usage: "grade `N` submissions at once in a task: the cores each task asks for"},
		&ucli.StringFlag{Name: "partition", Usage: "submit to Slurm partition `NAME` (default: the cluster's default)"},
		&ucli.StringFlag{Name: "time", Usage: "each job's time limit, in Slurm's `FORMAT` (e.g. 2:00:00; default: the partition's)"},
		&ucli.StringFlag{Name: "autograder", Usage: "the autograder binary's `PATH` on the cluster's nodes (default: this binary)"},
	}
	for _, f := range gradeCommand().Flags {
		if name := f.Names()[0]; name == "out" || slices.Contains(slurmForwarded, name) {
			flags = append(flags, f)
		}
	}
	return &ucli.Command{
		Name:      "slurm",
		Usage:     "write a Slurm job script that grades a batch in shards on a cluster",
		ArgsUsage: "INPUT...",
		Description: "Prints a bash script that submits, with sbatch, an array job of N tasks, each\n" +
			"running `autograder grade --shard K/N` into --out/.cache, and a job that starts\n" +
			"once they all succeeded and writes results.json and the other class-wide files.\n" +
			"Paths are made absolute: --out, the inputs and the rubric must be on a\n" +
			"filesystem every node shares.",
		Flags:  flags,
		Action: slurmAction,
	}
}

func slurmAction(c *ucli.Context) error {
	if c.NArg() == 0 {
		return badInputf("slurm: no INPUT given: name a folder or zip of submissions")
	}
	n, jobs := c.Int("shards"), c.Int("jobs")
	if n < 1 {
		return badInputf("--shards must be 1 or more, not %d", n)
	}
	if jobs < 1 {
		return badInputf("--jobs must be 1 or more, not %d", jobs)
	}
	a, err := loadAssignment(c)
	if err != nil {
		return err
	}
	if _, err := lateDays(c, a); err != nil {
		return err
	}
	inputs, err := slurmInputs(c.Args().Slice())
	if err != nil {
		return err
	}
	bin := c.String("autograder")
	if bin == "" {
		if bin, err = os.Executable(); err != nil {
			return fmt.Errorf("slurm: finding this binary: %w (name it with --autograder PATH)", err)
		}
	}
	s := slurmScript{
		Shards: n, Jobs: jobs, Bin: bin, Grade: slurmGradeArgs(c, a, jobs, inputs), Out: absOr(c.String("out")),
		MemoryMiB: (int64(jobs)*a.Rubric.Limits.Memory + slurmHeadroom + 1<<20 - 1) >> 20,
		RunMiB:    (a.Rubric.Limits.Memory + 1<<20 - 1) >> 20,
		Partition: c.String("partition"), Time: c.String("time"),
	}
	_, err = fmt.Fprint(c.App.Writer, s.String())
	return err
}

// slurmInputs makes the inputs absolute, checking that they exist.
func slurmInputs(args []string) ([]string, error) {
	var out []string
	for _, in := range args {
		if _, err := os.Stat(in); err != nil {
			return nil, badInputf("%s: %w", in, submission.ErrNotFound)
		}
		out = append(out, absOr(in))
	}
	return out, nil
}

func absOr(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}

// slurmGradeArgs are the grade command's arguments every job shares,
// after "grade" and before the inputs.
func slurmGradeArgs(c *ucli.Context, a *grader.Assignment, jobs int, inputs []string) []string {
	args := []string{fmt.Sprintf("--jobs=%d", jobs), "--out=" + absOr(c.String("out"))}
	for _, name := range slurmForwarded {
		v := c.String(name)
		switch {
		case name == "rubric":
			if _, builtIn := bundle.Name(a.Rubric.Path); builtIn {
				continue
			}
			v = a.Rubric.Path
		case name == "assignment":
			builtIn := false
			if v, builtIn = bundle.Name(a.Rubric.Path); !builtIn {
				continue
			}
		case !c.IsSet(name):
			continue
		}
		if slices.Contains(slurmPathFlags, name) {
			v = absOr(v)
		}
		if name == "timings" || name == "timestamp" {
			if c.Bool(name) {
				args = append(args, "--"+name)
			}
			continue
		}
		args = append(args, "--"+name+"="+v)
	}
	return append(append(args, "--"), inputs...)
}

// slurmScript is the job script.
type slurmScript struct {
	Shards, Jobs      int
	Bin               string
	Grade             []string // grade's arguments but --shard
	Out               string
	MemoryMiB, RunMiB int64
	Partition, Time   string
}

func (s slurmScript) String() string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	p("#!/usr/bin/env bash")
	p("# Grades a batch on a Slurm cluster in %d shards. Written by `autograder slurm`;", s.Shards)
	p("# submit it from a login node: bash THIS-FILE")
	p("#")
	p("# An array job of %d tasks runs `autograder grade --shard K/%d`, K the task's", s.Shards, s.Shards)
	p("# index, each writing its results into %s/.cache; a finishing job starts", s.Out)
	p("# once every task succeeded, finds every result there and writes results.json,")
	p("# gradebook.csv, parts.csv, reports/ and index.html. Logs: autograder-*.log in")
	p("# the folder this is submitted from. If a task fails or is killed, the")
	p("# finishing job is cancelled: run this again, and only what is left is graded.")
	p("#")
	p("# Each job asks for --cpus-per-task=%d (--jobs: submissions graded at once) and", s.Jobs)
	p("# --mem=%dM: %d x %d MiB (the rubric's [limits] memory, for each run at once)", s.MemoryMiB, s.Jobs, s.RunMiB)
	p("# + %d MiB for the grader and its compiler JVMs.", slurmHeadroom>>20)
	p("# Every node needs the autograder binary below, a JDK 17 or newer on PATH, and")
	p("# the inputs, the rubric and --out on a filesystem all nodes share.")
	p("set -euo pipefail")
	p("")
	opts := fmt.Sprintf("--cpus-per-task=%d --mem=%dM", s.Jobs, s.MemoryMiB)
	if s.Partition != "" {
		opts += " --partition=" + textfmt.ShellQuote(s.Partition)
	}
	if s.Time != "" {
		opts += " --time=" + textfmt.ShellQuote(s.Time)
	}
	grade := func(shard string) string {
		words := []string{"exec", textfmt.ShellQuote(s.Bin), "grade"}
		if shard != "" {
			words = append(words, shard)
		}
		for _, a := range s.Grade {
			words = append(words, textfmt.ShellQuote(a))
		}
		return strings.Join(words, " ")
	}
	p("shards=$(sbatch --parsable --job-name=autograder-shard --array=1-%d \\", s.Shards)
	p("  %s --output=autograder-shard-%%A_%%a.log <<'EOF'", opts)
	p("#!/usr/bin/env bash")
	p("%s", grade(fmt.Sprintf(`--shard="$SLURM_ARRAY_TASK_ID/%d"`, s.Shards)))
	p("EOF")
	p(")")
	p("shards=${shards%%%%;*}")
	p("")
	p("finish=$(sbatch --parsable --job-name=autograder-finish \\")
	p("  --dependency=afterok:\"$shards\" --kill-on-invalid-dep=yes \\")
	p("  %s --output=autograder-finish-%%j.log <<'EOF'", opts)
	p("#!/usr/bin/env bash")
	p("%s", grade(""))
	p("EOF")
	p(")")
	p("finish=${finish%%%%;*}")
	p("")
	p(`echo "autograder: submitted array job $shards (%d shard tasks) and job $finish, which writes the class-wide files once they succeed"`, s.Shards)
	return b.String()
}
