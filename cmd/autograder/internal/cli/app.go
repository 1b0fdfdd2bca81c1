// Package cli is the autograder command line: one file per command, each a
// thin layer that parses flags, calls the packages that do the work and maps
// their errors to exit statuses in one place (Main).
package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"

	"github.com/cs540-tools/autograder/grader/escape"
	ucli "github.com/urfave/cli/v2"
)

// Exit statuses, the same for every command.
const (
	ExitOK       = 0 // the command did what was asked and everything passed
	ExitFailed   = 1 // the command ran, and a program it judged failed
	ExitBadInput = 2 // the command line, a rubric, a case or an archive is wrong
	ExitInternal = 3 // the grader itself failed (I/O, sandbox, a bug)
	// ExitIncomplete is a command that judged what it could, but not
	// everything: the grader failed on a submission or a case (a checker
	// that crashed), which is left ungraded, to be run again.
	ExitIncomplete = 4
	// ExitWrongRubric is a batch graded, most of whose submissions miss
	// the rubric's required files: almost surely the wrong rubric, unless
	// grade's --allow-missing says it is meant.
	ExitWrongRubric = 5
	// ExitRubricChanged is grade refusing to write: the rubric changed
	// items a TA applied by hand since (dropped, renamed, other points),
	// which --accept-rubric-changes accepts.
	ExitRubricChanged = 6
	// ExitInterrupted is a command stopped by SIGINT or SIGTERM (128 +
	// SIGINT, as shells report Ctrl-C).
	ExitInterrupted = 130
)

// Version is the grader's version, set at build time with -ldflags "-X".
var Version = "0.1.0-dev"

// buildVersion is Version, and for a development build (a version ending
// "-dev") a hash of this executable after a "+": every result's key holds
// it, so that a batch graded again by another build of the same version
// regrades rather than takes the other build's results from its store.
var buildVersion = sync.OnceValue(func() string {
	if !strings.HasSuffix(Version, "-dev") {
		return Version
	}
	exe, err := os.Executable()
	if err != nil {
		return Version
	}
	f, err := os.Open(exe)
	if err != nil {
		return Version
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return Version
	}
	return Version + "+" + hex.EncodeToString(h.Sum(nil))[:12]
})

// exitError carries an exit status up to Main.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// badInput marks err as the user's input being wrong (exit 2).
func badInput(err error) error { return &exitError{ExitBadInput, err} }

// badInputf is badInput with formatting.
func badInputf(format string, a ...any) error { return badInput(fmt.Errorf(format, a...)) }

// failed is the exit status 1 with a message (or none when err is nil).
func failed(err error) error { return &exitError{ExitFailed, err} }

// errResume is how a command whose work is kept (grade) says it was
// interrupted.
var errResume = &exitError{ExitInterrupted, errors.New("interrupted: run the same command again to resume")}

// Main runs the command line args (args[0] is the program name) and returns
// the exit status. Errors are printed as one line on stderr. When ctx is
// cancelled (the signal handler of main) the command stops, whatever it
// failed with then, as interrupted: exit status 130.
func Main(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	err := app.RunContext(ctx, args)
	if err == nil {
		return ExitOK
	}
	var stopped *exitError // a command that says how it was interrupted
	if ctx.Err() != nil && !(errors.As(err, &stopped) && stopped.code == ExitInterrupted) {
		err = &exitError{ExitInterrupted, errors.New("interrupted")}
	}
	code := ExitInternal
	var ee *exitError
	var ce ucli.ExitCoder
	switch {
	case errors.As(err, &ee):
		code = ee.code
	case isUsage(err): // before ExitCoder: the library exits 3 for "No help topic"
		code = ExitBadInput
	case errors.As(err, &ce):
		code = ce.ExitCode()
	}
	var lines interface{ Lines() []string } // several problems, a line each (a rubric's)
	if msg := err.Error(); msg != "" && errors.As(err, &lines) {
		for _, l := range strings.Split(strings.TrimSpace(msg), "\n") {
			fmt.Fprintf(stderr, "autograder: %s\n", oneLine(l))
		}
	} else if msg != "" {
		fmt.Fprintf(stderr, "autograder: %s\n", oneLine(msg))
	}
	return code
}

// isUsage recognises the command-line parser's own errors.
func isUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"flag provided but not defined", "flag needs an argument", "invalid value", "Required flag", "No help topic"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

// oneLine is a message on one line of a terminal: its lines joined by
// "; ", tabs as spaces, any other control character in it (from a file
// name, say) shown (escape.TerminalLine).
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	return escape.TerminalLine(strings.NewReplacer("\n", "; ", "\t", " ").Replace(s))
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *ucli.App {
	app := &ucli.App{
		Name:      "autograder",
		Usage:     "grade programming assignments against a reference",
		Version:   Version,
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		// Exit statuses are decided in Main, never inside the library.
		ExitErrHandler:  func(*ucli.Context, error) {},
		HideHelpCommand: false,
		// A first argument that is no command (a typo) is bad input.
		Action: func(c *ucli.Context) error {
			if c.NArg() > 0 {
				return badInputf("%q is not a command: run 'autograder help' for the commands", c.Args().First())
			}
			return ucli.ShowAppHelp(c)
		},
		Commands: []*ucli.Command{
			versionCommand(),
			checkCommand(),
			handoutCommand(),
			gradeCommand(),
			referenceCommand(),
			casesCommand(),
			doctorCommand(),
			benchCommand(),
			gradescopeCommand(),
			ciCommand(),
			kitCommand(),
			slurmCommand(),
			similarityCommand(),
			reviewCommand(),
		},
		OnUsageError: func(_ *ucli.Context, err error, _ bool) error { return badInput(err) },
	}
	for _, c := range app.Commands {
		if c.OnUsageError == nil {
			c.OnUsageError = app.OnUsageError
		}
	}
	return app
}

func versionCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "version",
		Usage: "print the grader's version (also: --version)",
		Action: func(c *ucli.Context) error {
			if c.NArg() > 0 {
				return badInputf("version takes no arguments")
			}
			ucli.ShowVersion(c)
			return nil
		},
	}
}

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
