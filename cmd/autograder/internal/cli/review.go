package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cs540-tools/autograder/grader/canvas"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/review"
	"github.com/cs540-tools/autograder/grader/review/web"
	"github.com/cs540-tools/autograder/grader/submission"
	ucli "github.com/urfave/cli/v2"
)

func reviewCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "review",
		Usage:     "grade a graded batch by hand in a local web page (rubric items, comments at lines, failure groups)",
		ArgsUsage: "[INPUT...]",
		Description: "Opens the batch that grade wrote into --out as a web page served on 127.0.0.1 only,\n" +
			"and prints its address (with a random token: the address is the key; keep it to\n" +
			"yourself). INPUT is the submissions as given to grade, whose files the page shows\n" +
			"(without it, the page shows the autograded evidence and the rubric, no files).\n" +
			"What TAs do is kept in --out/review/ (a journal per TA, and a snapshot), as text to\n" +
			"keep in git; grade re-run into --out, or the page's button, writes it into\n" +
			"gradebook.csv, parts.csv, results.json, index.html and the reports. Stops on\n" +
			"Ctrl-C. --split N prints N addresses, one per TA, each with its own journal.\n" +
			"The page shows what is still to grade by hand, has a view of each manual part\n" +
			"across the class, and is driven by keys too (? lists them).",
		Flags: []ucli.Flag{
			&ucli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "the batch's `DIR`, as given to grade --out", Required: true},
			rubricFlag(), assignmentFlag(),
			&ucli.BoolFlag{Name: "blind", Usage: "hide the submissions' ids: numbered, in a stable random order"},
			&ucli.IntFlag{Name: "split", Usage: "share the batch among `N` TAs: one address each"},
			&ucli.StringFlag{Name: "by", Value: "student", Usage: "split by `student` (each TA a share of the submissions) or by part (each a share of the parts' items)"},
		},
		Action: runReview,
	}
}

func runReview(c *ucli.Context) error {
	if by := c.String("by"); by != "student" && by != "part" {
		return badInputf("--by must be student or part, not %q", by)
	}
	if n := c.Int("split"); n < 0 || n > 100 {
		return badInputf("--split must be from 1 to 100, not %d", n)
	}
	a, err := loadAssignment(c)
	if err != nil {
		return err
	}
	dir := c.String("out")
	var subs []submission.Submission
	if c.NArg() == 0 {
		fmt.Fprintf(c.App.ErrWriter, "autograder: warning: review: no INPUT given: the page shows no files; give the submissions as given to grade to comment at their lines\n")
	} else if subs, _, err = canvas.Discover(c.Args().Slice(), sourceExts(a), canvas.DefaultLimits); err != nil {
		return badInput(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "results.json")); err != nil {
		return badInputf("review: no results.json in %s (%v): run autograder grade --out %s first", dir, errors.Unwrap(err), dir)
	}
	if _, notes, err := review.Load(dir, a.Rubric); err == nil {
		for _, n := range notes {
			fmt.Fprintf(c.App.ErrWriter, "autograder: warning: review: %s\n", escape.TerminalLine(n))
		}
	}
	var secret []byte
	if c.Bool("blind") {
		if secret, err = batchSecret(a, filepath.Join(dir, ".cache")); err != nil {
			return err
		}
	}
	srv, err := web.New(web.Config{Dir: dir, Assignment: a, Subs: subs, Version: Version, Blind: c.Bool("blind"),
		Split: c.Int("split"), By: c.String("by"), Secret: secret})
	if err != nil {
		return badInput(err)
	}
	l, links, err := srv.Listen()
	if err != nil {
		return err
	}
	for _, k := range links {
		if len(links) == 1 {
			fmt.Fprintln(c.App.Writer, k.URL)
			continue
		}
		fmt.Fprintf(c.App.Writer, "%s (%s): %s\n", k.TA, k.What, k.URL)
	}
	fmt.Fprintf(c.App.ErrWriter, "autograder: reviewing the batch in %s; Ctrl-C stops\n", dir)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(l) }()
	select {
	case err = <-done:
	case <-c.Context.Done():
		l.Close()
		<-done
	}
	if serr := review.Snapshot(dir, a.Rubric); serr != nil {
		fmt.Fprintf(c.App.ErrWriter, "autograder: warning: the snapshot in %s: %v (the journals hold everything)\n", filepath.Join(dir, review.Folder), serr)
	}
	return err
}
