package unittest

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
)

// A student's own code (mutation.OwnCoder): where a suite part's rubric
// asks (own_code), the student's tests also run on the hand-in's files
// named as the implementation's, in the box an implementation runs in.
// Both boxes then hold the student's code alone: the implementation's
// box holds the student's files and the bridge's server, never an
// implementation of the instructor's.

// ownCode picks, among a submission's files that are no test files,
// those named as the implementation's (names: base names): own, each
// by its base name, and why it cannot ("" when it can): a name the
// hand-in lacks, or holds in two places. others are the rest of the
// files with the extension ext, each base name once (the first, in
// name order), for an implementation of the student's that imports
// modules of its own.
func ownCode(files []submission.File, names []string, ext string) (own, others []sandbox.File, why string) {
	var lacks, twice []string
	for _, n := range names {
		var at []string
		for _, f := range files {
			if path.Base(f.Name) == n {
				at = append(at, f.Name)
				if len(at) == 1 {
					own = append(own, sandbox.File{Name: n, Data: f.Data})
				}
			}
		}
		switch {
		case len(at) == 0:
			lacks = append(lacks, n)
		case len(at) > 1:
			twice = append(twice, fmt.Sprintf("%s (%s)", n, strings.Join(at, ", ")))
		}
	}
	switch {
	case len(lacks) > 0:
		return nil, nil, "the hand-in has no " + strings.Join(lacks, ", ")
	case len(twice) > 0:
		return nil, nil, "the hand-in holds more than one file named " + strings.Join(twice, "; ") + ": keep one"
	}
	seen := map[string]bool{}
	for _, n := range names {
		seen[n] = true
	}
	for _, f := range files {
		if b := path.Base(f.Name); path.Ext(b) == ext && !seen[b] {
			seen[b] = true
			others = append(others, sandbox.File{Name: b, Data: f.Data})
		}
	}
	return own, others, ""
}

// ownMissing is why a runner cannot run on the student's own code, given
// what For found (own, why): "" when it can.
func ownMissing(own []sandbox.File, why string) string {
	if why == "" && len(own) == 0 {
		return "the hand-in holds no file of the implementation's"
	}
	return why
}

// sortedBase are the base names of files, sorted.
func sortedBase(files []sandbox.File) []string {
	var out []string
	for _, f := range files {
		out = append(out, path.Base(f.Name))
	}
	slices.Sort(out)
	return out
}
