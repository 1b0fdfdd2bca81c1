package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/cs540-tools/autograder/grader/problem"
	ucli "github.com/urfave/cli/v2"
)

// generatePackage is `cases generate --rubric PACKAGE`: the test data a
// problem package's generators/generators.yaml makes, written into
// --out/data for a TA to read, or, without --out, made in the cache (as
// grading makes it) and its folder named.
func generatePackage(c *ucli.Context, dir string) error {
	if !problem.Generated(dir) {
		return badInputf("%s: no %s: its test data is in data/ already", dir, problem.GeneratorsFile)
	}
	out := c.String("out")
	var err error
	if out == "" {
		out, err = problem.GeneratedData(c.Context, dir, c.App.ErrWriter)
	} else if err = freshFolder(out, c.Bool("force")); err == nil {
		err = problem.Generate(c.Context, dir, out, c.App.ErrWriter)
	}
	switch {
	case errors.Is(err, problem.ErrInvalid):
		return badInput(err)
	case err != nil:
		return err
	}
	data := filepath.Join(out, "data")
	n := 0
	filepath.WalkDir(data, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".in") {
			n++
		}
		return nil
	})
	fmt.Fprintf(c.App.Writer, "%d test cases under %s\n", n, data)
	return nil
}
