package review

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
)

// Hashes are the SHA-256 sums (hex) of a submission's files, by name.
type Hashes map[string]string

// HashFiles hashes each file of a submission.
func HashFiles(files []submission.File) Hashes {
	h := Hashes{}
	for _, f := range files {
		sum := sha256.Sum256(f.Data)
		h[f.Name] = hex.EncodeToString(sum[:])
	}
	return h
}

// Apply returns results with the state's manual grading counted: each
// result's applied items and comments in Manual, the parts the items
// name rescored within their bounds, the manual parts added after the
// autograded ones, and the total changed by as much (never below 0).
// files are the submissions' file hashes by id, to flag a comment on a
// file that has changed since; a submission missing from it has none
// flagged. A grader failure has no score and is left as it is; so is a
// submission with no manual grading when the rubric has no manual part.
// results is not changed.
func Apply(r *rubric.Rubric, s *State, results []grader.Result, files map[string]Hashes) []grader.Result {
	return applyWith(r, s, s.Items(r), results, files)
}

// applyWith is Apply with the items worth what items says.
func applyWith(r *rubric.Rubric, s *State, items []rubric.ManualItem, results []grader.Result, files map[string]Hashes) []grader.Result {
	out := slices.Clone(results)
	for i, res := range out {
		res = res.Autograded(r)
		out[i] = res
		if res.Status == grader.StatusFailed {
			continue
		}
		var applied []rubric.ManualItem
		for _, id := range s.Applied[res.ID] {
			if j := slices.IndexFunc(items, func(x rubric.ManualItem) bool { return x.ID == id }); j >= 0 {
				applied = append(applied, items[j])
			}
		}
		comments := s.CommentsOf(res.ID)
		if len(applied) == 0 && len(comments) == 0 && !hasManualPart(r) {
			continue
		}
		out[i] = applyOne(unstarted(r, s, res), res, applied, comments, files[res.ID])
	}
	return out
}

// unstarted is r as it scores res: for a submission with no program
// that ran (a compile error, a missing file, an unreadable archive, ...),
// each manual part no TA has graded by hand on it starts at 0, not at
// its start: start points are for a program a TA looked at, and what
// nobody graded gets none.
func unstarted(r *rubric.Rubric, s *State, res grader.Result) *rubric.Rubric {
	if res.Status == grader.Graded {
		return r
	}
	c := *r
	c.ManualParts = slices.Clone(r.ManualParts)
	for i, m := range c.ManualParts {
		if _, graded := s.Graded[res.ID][m.ID]; !m.Auto && !graded {
			c.ManualParts[i].Start = 0
		}
	}
	return &c
}

func hasManualPart(r *rubric.Rubric) bool {
	return slices.ContainsFunc(r.ManualParts, func(m rubric.ManualPart) bool { return !m.Auto })
}

// applyOne counts one submission's items and comments.
func applyOne(r *rubric.Rubric, res grader.Result, applied []rubric.ManualItem, comments []Comment, hashes Hashes) grader.Result {
	m := &grader.Manual{Auto: res.Score}
	for _, it := range applied {
		m.Items = append(m.Items, grader.ManualItem{ID: it.ID, Text: it.Text, Points: it.Points, Part: it.Part})
	}
	for _, c := range comments {
		mc := grader.ManualComment{File: c.File, Line: c.Line, SHA256: c.SHA256, Text: c.Text, Item: c.Item}
		if h, ok := hashes[c.File]; hashes != nil && (!ok || h != c.SHA256) {
			mc.Changed = true
		}
		m.Comments = append(m.Comments, mc)
	}
	auto := map[string]float64{}
	for _, p := range res.Parts {
		auto[p.ID] = p.Score
	}
	ps := PartScores(r, auto, applied)
	res.Parts = slices.Clone(res.Parts)
	for _, p := range ps {
		m.Parts = append(m.Parts, grader.ManualPart{ID: p.ID, Auto: p.Auto, Score: p.Score})
		if j := slices.IndexFunc(res.Parts, func(x grader.PartResult) bool { return x.ID == p.ID }); j >= 0 {
			res.Parts[j].Score = p.Score
			continue
		}
		res.Parts = append(res.Parts, grader.PartResult{ID: p.ID, Name: p.Name, Score: p.Score, MaxScore: p.Max})
	}
	res.Score = grader.Round2(max(0, res.Score+Delta(ps)))
	res.Manual = m
	return res
}

// Unknown are notes, one line each, on what the state names that the
// batch lacks (a journal edited by hand, or of another batch): a
// submission not among results, a comment on a file its submission does
// not have (files: by submission, as Apply's; one missing from it is not
// checked). show is how a submission's id is shown.
func Unknown(s *State, results []grader.Result, files map[string]Hashes, show func(string) string) []string {
	in := map[string]bool{}
	for _, r := range results {
		in[r.ID] = true
	}
	var notes []string
	for _, sub := range slices.Sorted(maps.Keys(s.Applied)) {
		if !in[sub] {
			notes = append(notes, fmt.Sprintf("items applied to %s, not in the batch: not counted", show(sub)))
		}
	}
	for _, id := range slices.Sorted(maps.Keys(s.Comments)) {
		c := s.Comments[id]
		h, checked := files[c.Sub]
		switch {
		case !in[c.Sub]:
			notes = append(notes, fmt.Sprintf("comment %s on %s, not in the batch: not shown", c.ID, show(c.Sub)))
		case checked:
			if _, ok := h[c.File]; !ok {
				notes = append(notes, fmt.Sprintf("comment %s on %s's file %q, which it does not have", c.ID, show(c.Sub), c.File))
			}
		}
	}
	return notes
}
