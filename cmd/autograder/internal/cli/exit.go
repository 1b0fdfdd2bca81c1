package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cs540-tools/autograder/grader/escape"
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

// oneLine is a message on one line of a terminal: its lines joined by
// "; ", tabs as spaces, any other control character in it (from a file
// name, say) shown (escape.TerminalLine).
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	return escape.TerminalLine(strings.NewReplacer("\n", "; ", "\t", " ").Replace(s))
}
