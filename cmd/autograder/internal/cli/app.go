// Package cli is the autograder command line: one file per command, each a
// thin layer that parses flags, calls the packages that do the work and maps
// their errors to exit statuses in one place (Main).
//
// Main and the list of commands are app.go's, the generated manual
// manual.go's. Beneath the commands that use them lie what they share:
// the exit statuses and the errors that carry them (exit.go), the version
// (version.go), the assignment a command loads (assignment.go), how it
// runs submissions (mode.go: --mode, --spot-check, --jobs), its words
// (text.go), grade's parts (gradejob.go, preview.go, manual_grading.go,
// shard.go, out.go, secret.go). The files stand in layers, each using
// only files of lower ones: manual; app; slurm; ci and grade; check and
// preview; bench, cases, gradescope, kit, similarity, explain and
// manual_grading; benchwait, doctor, genpackage, gradejob, handout,
// review and text; assignment, mode, examples, out, reference, secret,
// shard, version and tty; exit, rss and the terminal's system call
// (tty_linux, tty_bsd). No file refers to one that refers back to it,
// however far round (TestFilesInLayers).
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	ucli "github.com/urfave/cli/v2"
)

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
