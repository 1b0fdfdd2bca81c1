package cli

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/grader/warm"
	"github.com/cs540-tools/autograder/sandbox"
	ucli "github.com/urfave/cli/v2"
)

func doctorCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "doctor",
		Usage: "say how submissions will be contained on this machine and which languages work in the sandbox",
		Action: func(c *ucli.Context) error {
			w := c.App.Writer
			t := sandbox.Detect()
			fmt.Fprintf(w, "sandbox tier: %s\n  why: %s\n", t, sandbox.Reason())
			if warn := t.Warning(); warn != "" {
				fmt.Fprintf(w, "  WARNING: %s\n", warn)
			}
			fmt.Fprintln(w, "languages (a hello-world built and run in the sandbox):")
			for _, lang := range rubric.Presets() {
				fmt.Fprintf(w, "  %-7s %s\n", lang, hello(c.Context, lang))
			}
			if j, err := warm.FindJDK(""); err != nil {
				fmt.Fprintf(w, "warm mode: unavailable (%v); Java runs cold, one JVM per case\n", err)
			} else {
				fmt.Fprintf(w, "warm mode: ready (java %s at %s)\n", j.Version, j.Java)
			}
			fmt.Fprintf(w, "repeated runs: %s\n", clock(c.Context))
			for _, tc := range toolchain.Frameworks() {
				if missing := tc.Tests.Missing(); missing != "" {
					fmt.Fprintf(w, "unit tests, %s: unavailable: %s\n", tc.Tests.Name, missing)
				} else {
					fmt.Fprintf(w, "unit tests, %s: ready\n", tc.Tests.Name)
				}
			}
			return nil
		},
	}
}

// hello says whether a language's preset works here, with what.
func hello(ctx context.Context, lang rubric.Language) string {
	tools, runtime, err := runner.Hello(ctx, lang)
	if err != nil {
		return "does not work: " + err.Error()
	}
	var where []string
	for _, t := range tools {
		where = append(where, t.Name+" = "+t.Path)
	}
	return fmt.Sprintf("works: %s (%s)", runtime, strings.Join(where, ", "))
}

// clock says whether the runs of a repeated case get clocks of their own.
func clock(ctx context.Context) string {
	lib, saw, want, err := runner.CheckClock(ctx)
	if d := saw.Sub(want); err == nil && (d < 0 || d > time.Minute) {
		err = fmt.Errorf("a box's clock read %s with %s, not %s", saw.Format(time.DateTime), lib, want.Format(time.DateTime))
	}
	if err != nil {
		return "the clock is not moved (" + err.Error() + "): a program seeding its generator from the clock in seconds " +
			"may repeat itself across a repeated case's runs; install libfaketime (Debian's package libfaketime)"
	}
	return fmt.Sprintf("each run's clock starts at its own time with %s (run 1 of a case %q read %s UTC)", lib, "doctor", saw.Format(time.DateTime))
}

// sourceExts are the file endings that make a loose file in a batch folder
// a submission of its own.
func sourceExts(a *grader.Assignment) []string {
	b := a.Rubric.Build
	switch b.Language {
	case rubric.Raw:
	case rubric.Auto:
		var out []string
		for _, l := range b.Languages {
			out = append(out, rubric.SourceExts(l)...)
		}
		return out
	default:
		return rubric.SourceExts(b.Language)
	}
	var out []string
	for _, r := range a.Rubric.Submission.Required {
		if i := strings.LastIndex(r, "."); i > 0 {
			out = append(out, r[i:])
		}
	}
	return out
}
