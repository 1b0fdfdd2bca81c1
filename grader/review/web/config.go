package web

import (
	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/submission"
)

// Config is what the page shows and where it keeps what TAs do.
type Config struct {
	Dir        string // grade's --out folder
	Assignment *grader.Assignment
	Subs       []submission.Submission // as grade read them
	Version    string                  // the grader's, for the products it writes
	Blind      bool                    // ids hidden, a stable random order
	// Split is how many TAs share the batch (0 or 1: one), By how:
	// "student" (each a share of the submissions) or "part" (each a
	// share of the parts' items, on every submission).
	Split int
	By    string
	// Secret orders blind mode: the batch's secret (grade's), so that
	// the order is the same on every run and tells nothing of the ids.
	Secret []byte
}

// Link is one TA's address into the page.
type Link struct {
	URL string
	TA  string
	// What says what the link covers: "all", "submissions 1, 4, 7, ...",
	// "parts a, c".
	What string
}
