package cli

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/warm"
	ucli "github.com/urfave/cli/v2"
)

// spotCheckFlag is the --spot-check flag of grade and bench.
func spotCheckFlag() ucli.Flag {
	return &ucli.IntFlag{Name: "spot-check", Usage: "in warm mode, also run `N` cases of each submission cold to check the warm answers " +
		"(default: the rubric's build.spot_check, 2; 0: none)"}
}

// setSpotCheck applies --spot-check, when given, over the rubric's value.
func setSpotCheck(c *ucli.Context, a *grader.Assignment) error {
	if !c.IsSet("spot-check") {
		return nil
	}
	n := c.Int("spot-check")
	if n < 0 {
		return badInputf("--spot-check must not be negative, got %d", n)
	}
	a.Rubric.Build.SpotCheck = n
	return nil
}

// modeFlag is the --mode flag of check and grade.
func modeFlag() ucli.Flag {
	return &ucli.StringFlag{Name: "mode", Value: "auto", Usage: "run Java submissions `warm` (one JVM per submission), " +
		"`cold` (one JVM per case) or auto (warm when a JDK 17 to 23 is on PATH)"}
}

// runnerFor picks the runner of the --mode flag: visibility is the cases
// the runs will be ("public" for check, "" for all), which a warm runner
// runs ahead. In auto mode, when warm mode is unavailable, it says why on
// errw and runs cold.
func runnerFor(mode string, a *grader.Assignment, visibility string, handOff time.Duration, errw io.Writer) (grader.Runner, error) {
	return runnerWith(mode, a, visibility, warm.Options{HandOff: handOff}, errw)
}

// runnerWith is runnerFor with a warm runner's options (grade's secret);
// the spot checks are the rubric's, decided by the assignment's judges.
func runnerWith(mode string, a *grader.Assignment, visibility string, opt warm.Options, errw io.Writer) (grader.Runner, error) {
	opt.SpotCheck, opt.Decider = a.Rubric.Build.SpotCheck, a
	switch mode {
	case "cold":
		return runner.New(a.Rubric), nil
	case "warm", "auto", "":
		if a.Suites() { // a test suite runs in the sandbox, once per submission
			if mode == "warm" {
				return nil, badInputf("--mode warm: %s is graded by unit tests, which run cold", a.Rubric.Path)
			}
			return suiteRunner(a), nil
		}
		if !warm.Supports(a.Rubric) && mode != "warm" {
			return runner.New(a.Rubric), nil
		}
		w, err := warm.New(a.Rubric, warm.Inputs(a, visibility), opt)
		if err == nil {
			return w, nil
		}
		if mode == "warm" {
			return nil, badInput(err)
		}
		fmt.Fprintf(errw, "autograder: %v; running cold\n", err)
		return runner.New(a.Rubric), nil
	}
	return nil, checkMode(mode)
}

// suiteRunner is the runner of an assignment graded by unit tests, whose
// runs are cold: a Java submission compiled in warm mode's compile
// service, which a batch shares (warm.Compiling: the same classes and
// messages as a compiler of its own, a JVM start and a cold compiler
// less a submission), where this machine's JDK has one; a Python one's syntax
// check made with a chunk of the batch's in one box
// (runner.PyChecked: the same messages, an interpreter start less a
// submission); else the cold runner.
func suiteRunner(a *grader.Assignment) grader.Runner {
	if warm.Supports(a.Rubric) {
		if c, err := warm.NewCompiling(a.Rubric, warm.Options{}); err == nil {
			return c
		}
	}
	cold := runner.New(a.Rubric)
	if p := runner.NewPyChecked(cold); p != nil {
		return p
	}
	return cold
}

// checkMode checks a --mode flag's value: bad input unless warm, cold or
// auto.
func checkMode(mode string) error {
	switch mode {
	case "warm", "cold", "auto", "":
		return nil
	}
	return badInputf("--mode must be warm, cold or auto, not %q", mode)
}

// handOff is how much CPU time a case of check, ci or grade may use in a
// warm JVM before it and the cases after it of its part run cold, side by
// side on the cores the batch has idle (see warm.Options.HandOff): the
// same verdicts, sooner, for a program that loops or is slow; a correct
// Eight Queens case uses a few milliseconds.
const handOff = 500 * time.Millisecond

// jobsFlag is --jobs, for the commands that grade many submissions at once.
func jobsFlag() ucli.Flag {
	return &ucli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "grade `N` submissions at once, their builds and runs sharing N cores (a run that waits gives its core back)", DefaultText: "the number of cores plus one"}
}

// jobsOr is --jobs, or its default: one more than the machine's cores.
// Each job leaves its core idle for moments (a box's set-up and
// tear-down wait for the kernel; a warm JVM and the grader wait for each
// other between cases), and one job more fills them: measured on 2 cores,
// a warm batch 5% and a cold one 9% sooner (docs/performance.md). No
// verdict depends on it: CPU limits count CPU time, and a run sharing a
// core with half another still gets two thirds of one, within a wall
// limit of twice its CPU limit.
func jobsOr(c *ucli.Context) int {
	if jobs := c.Int("jobs"); jobs > 0 {
		return jobs
	}
	return runtime.NumCPU() + 1
}
