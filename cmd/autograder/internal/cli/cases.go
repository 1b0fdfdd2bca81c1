package cli

import (
	"fmt"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/reference/casegen"
	ucli "github.com/urfave/cli/v2"
)

func casesCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "cases",
		Usage: "make and check the Eight Queens case set",
		Subcommands: []*ucli.Command{
			{
				Name:  "generate",
				Usage: "write the default Eight Queens cases from the reference and print the kill matrix",
				Description: "Writes the 24 handout examples as public cases and hidden cases chosen so that\n" +
					"every catalogued mistake fails at least one hidden case of each part it concerns,\n" +
					"and no hidden case depends on how the handout's open points are read. The same\n" +
					"command always writes the same files.",
				Flags: []ucli.Flag{
					&ucli.StringFlag{Name: "out", Aliases: []string{"o"}, Value: "cases", Usage: "write the case files under `DIR`"},
				},
				Action: func(c *ucli.Context) error {
					if c.NArg() > 0 {
						return badInputf("cases generate takes no arguments, got %q", c.Args().Slice())
					}
					cs, rep := casegen.Generate()
					if err := cases.Write(c.String("out"), cs); err != nil {
						return err
					}
					fmt.Fprint(c.App.Writer, rep.Format())
					fmt.Fprintf(c.App.ErrWriter, "wrote %d cases under %s\n", len(cs), c.String("out"))
					if u := rep.Uncaught(); len(u) > 0 {
						return failed(fmt.Errorf("%d (mistake, part) pairs are caught by no hidden case", len(u)))
					}
					return nil
				},
			},
			{
				Name:      "verify",
				Usage:     "check that every case's expected output is what the reference prints",
				ArgsUsage: "[DIR]",
				Action: func(c *ucli.Context) error {
					dir := "cases"
					if c.NArg() > 0 {
						dir = c.Args().First()
					}
					cs, err := cases.Load(dir)
					if err != nil {
						return badInput(err)
					}
					if len(cs) == 0 {
						return badInputf("%s: no case files", dir)
					}
					if err := casegen.Check(cs); err != nil {
						return failed(err)
					}
					fmt.Fprintf(c.App.Writer, "%d cases agree with the reference\n", len(cs))
					return nil
				},
			},
		},
	}
}
