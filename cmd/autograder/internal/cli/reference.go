package cli

import (
	"fmt"
	"strings"

	"github.com/cs540-tools/autograder/reference/eightqueen"
	ucli "github.com/urfave/cli/v2"
)

func referenceCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "reference",
		Usage:     "print exactly what a correct `java EightQueen FLAG [SEED] BOARD` prints",
		ArgsUsage: "FLAG [SEED] BOARD",
		Description: "FLAG is 100, 200, 3XX, 4XX or 5XX (XX = 00-99); SEED is given for 3XX and 5XX only\n" +
			"(-1: unseeded); BOARD is eight digits 0-7. Readings (--reading, repeatable or comma-separated):\n" +
			readingHelp(),
		Flags: []ucli.Flag{
			&ucli.StringSliceFlag{Name: "reading", Usage: "answer an open point of the handout `NAME` (see below)"},
			&ucli.StringFlag{Name: "mistake", Usage: "print what the catalogued wrong program `NAME` prints instead"},
			&ucli.BoolFlag{Name: "trace", Usage: "explain each step on stderr"},
			&ucli.BoolFlag{Name: "agree", Usage: "also say on stderr whether every reading prints the same output"},
		},
		Action: func(c *ucli.Context) error {
			cmd, err := eightqueen.ParseArgs(c.Args().Slice())
			if err != nil {
				return badInput(err)
			}
			r, err := eightqueen.ParseReading(c.StringSlice("reading"))
			if err != nil {
				return badInput(err)
			}
			opt := eightqueen.Options{Reading: r}
			if name := c.String("mistake"); name != "" {
				k, err := eightqueen.LookupMistake(name)
				if err != nil {
					return badInput(err)
				}
				opt.Mistakes = []eightqueen.Mistake{k}
			}
			errw := c.App.ErrWriter
			if c.Bool("trace") {
				opt.Trace = func(s eightqueen.Step) { fmt.Fprintln(errw, s) }
			}
			if err := eightqueen.Run(c.App.Writer, cmd, opt); err != nil {
				return err
			}
			if c.Bool("agree") {
				outs := eightqueen.Outcomes(cmd, nil)
				if len(outs) == 1 {
					fmt.Fprintf(errw, "all readings agree on %s\n", cmd)
				} else {
					fmt.Fprintf(errw, "readings disagree on %s: %d different outputs\n", cmd, len(outs))
					for i, o := range outs {
						names := make([]string, len(o.Readings))
						for j, r := range o.Readings {
							names[j] = r.String()
						}
						fmt.Fprintf(errw, "  output %d (%d lines) from: %s\n", i+1, strings.Count(string(o.Output), "\n"), strings.Join(names, " | "))
					}
				}
			}
			return nil
		},
	}
}

func readingHelp() string {
	var b strings.Builder
	for _, c := range eightqueen.ReadingChoices() {
		def := ""
		if c.Default {
			def = " (default)"
		}
		fmt.Fprintf(&b, "  %-20s %s%s\n", c.Name, c.Summary, def)
	}
	return b.String()
}
