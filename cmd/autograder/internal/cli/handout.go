package cli

import (
	"os"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
	ucli "github.com/urfave/cli/v2"
)

func handoutCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "handout",
		Usage:     "print the assignment's handout (Markdown): what to write, how it runs, how it is graded",
		ArgsUsage: " ",
		Flags:     []ucli.Flag{rubricFlag(), assignmentFlag()},
		Action: func(c *ucli.Context) error {
			if c.NArg() > 0 {
				return badInputf("handout takes no arguments; name the assignment with --assignment NAME or --rubric FILE")
			}
			a, err := loadAssignment(c)
			if err != nil {
				return err
			}
			var text []byte
			if name, ok := bundle.Name(a.Rubric.Path); ok {
				text, err = bundle.Handout(name)
			} else if a.Rubric.Handout != "" {
				text, err = os.ReadFile(a.Rubric.Handout)
			}
			if err != nil {
				return err
			}
			if text == nil {
				return badInputf("%s names no handout (the rubric's handout key)", a.Rubric.Path)
			}
			_, err = c.App.Writer.Write(text)
			return err
		},
	}
}
