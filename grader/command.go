package grader

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/cs540-tools/autograder/grader/rubric"
)

// stdinShown is how much of a case's stdin a command shows.
const stdinShown = 80

// Command renders how a case is run, as every report shows it: see
// CommandLine. A case the assignment does not have shows no stdin.
func (a *Assignment) Command(c CaseResult) string {
	var stdin []byte
	for _, cs := range a.Parts {
		for _, k := range cs {
			if k.ID != c.ID {
				continue
			}
			if cm, ok := a.judgeFor(k).(Commander); ok {
				return cm.Command(k)
			}
			stdin = k.Stdin
		}
	}
	return CommandLine(a.Rubric.Build, c.Args, stdin)
}

// RunCommand renders a failing run of a repeated case as Command does,
// with the args and stdin it was given ({run} and {seed} replaced, as
// the batch's secret drew them).
func (a *Assignment) RunCommand(f Attempt) string {
	return CommandLine(a.Rubric.Build, f.Args, []byte(f.Stdin))
}

// CommandLine renders a run as a student would type it (b.Command:
// "./main 3"), then, when there is stdin, what the program reads, Go-quoted on the same line:
// `./sum < stdin: "3 4\n"`. Stdin longer than 80 bytes is cut, and its
// size given: `< stdin: "1 2\n3 4\n..."... (1200 bytes)`.
func CommandLine(b rubric.Build, args []string, stdin []byte) string {
	cmd := b.Command(args)
	if len(stdin) == 0 {
		return cmd
	}
	if len(stdin) <= stdinShown {
		return cmd + " < stdin: " + strconv.Quote(string(stdin))
	}
	cut := stdinShown
	for cut > stdinShown-utf8.UTFMax && !utf8.RuneStart(stdin[cut]) {
		cut--
	}
	return fmt.Sprintf("%s < stdin: %s... (%d bytes)", cmd, strconv.Quote(string(stdin[:cut])), len(stdin))
}

// CaseNote is what the case's file says of it (its note: line), for
// every report that shows the case; "" when it says nothing.
func (a *Assignment) CaseNote(id string) string {
	c, _ := a.caseOf(id)
	return c.Note
}

// MaxInputShown bounds the input FullInput gives a report.
const MaxInputShown = 64 << 10

// FullInput is the whole of what case c's program reads (its stdin) when
// Command shows only its start, for a report to show below the command:
// a public case's input is the student's to see in full. It is cut at
// MaxInputShown bytes, with cut true. Nil when Command shows it all, and
// for a repeated case (each run's own input is shown with the run).
func (a *Assignment) FullInput(c CaseResult) (in []byte, cut bool) {
	k, ok := a.caseOf(c.ID)
	if !ok || k.Runs > 0 || len(k.Stdin) <= stdinShown {
		return nil, false
	}
	if _, isCmd := a.judgeFor(k).(Commander); isCmd {
		return nil, false
	}
	if len(k.Stdin) > MaxInputShown {
		return k.Stdin[:MaxInputShown], true
	}
	return k.Stdin, false
}
