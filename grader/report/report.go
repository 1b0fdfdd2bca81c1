// Package report writes a batch's results: results.json for programs,
// gradebook.csv for Canvas's gradebook import, parts.csv (every part's
// score) for spreadsheets, index.html (one self-contained page) for the
// TA, one Markdown report per submission for students,
// and the plain-text table printed on a terminal. Every writer is
// deterministic: the same results give the same bytes, and writes what a
// student controls escaped for its medium (package escape). Why a case
// failed is worded once, by grader.Explain: the writers lay its words
// out, each its own way, but never word it themselves.
package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/internal/atomicfile"
)

// NewBatch describes results graded against a.
func NewBatch(a *grader.Assignment, version string, results []grader.Result) Batch {
	return Batch{
		Assignment:    a.Rubric.Name,
		RubricSHA256:  a.Rubric.SHA256(),
		CasesSHA256:   a.CasesHash,
		GraderVersion: version,
		Submissions:   results,
	}
}

// Stamp sets the one timestamp field.
func (b *Batch) Stamp(t time.Time) { b.GradedAt = t.UTC().Format(time.RFC3339) }

// JSON is results.json's content.
func (b Batch) JSON() ([]byte, error) {
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// RosterOf is the roster of subs, as their download names the students
// (submission.Submission's Student and UserID).
func RosterOf(assignmentID string, subs []submission.Submission) Roster {
	r := Roster{AssignmentID: assignmentID, Students: map[string]Student{}}
	for _, s := range subs {
		if s.Student != "" || s.UserID != "" {
			r.Students[s.ID] = Student{Name: s.Student, UserID: s.UserID}
		}
	}
	return r
}

// GradebookHeader is the start of gradebook.csv's header: the student
// columns of Canvas's gradebook, Section last.
var GradebookHeader = []string{"Student", "ID", "SIS User ID", "SIS Login ID", "Section"}

// Gradebook is gradebook.csv, in the form Canvas's gradebook import takes
// (Grades > Import): the columns Student, ID, SIS User ID, SIS Login ID and
// Section, then one column for the assignment, "<title> (<assignment id>)"
// (the rubric's name; the title alone when the roster has no id, which
// Canvas imports as a new assignment); a first row "Points Possible" with
// the rubric's total; then one row per result, in order, with the
// student's name and Canvas user id (blank when unknown: Canvas cannot
// match such a row) and the total score. A result the grader failed on has
// a blank score, which Canvas leaves unchanged. No cell starts a formula
// (escape.CSV): a name such as =HYPERLINK(...) is text.
func Gradebook(a *grader.Assignment, results []grader.Result, roster Roster) []byte {
	column := a.Rubric.Name
	if roster.AssignmentID != "" {
		column += " (" + roster.AssignmentID + ")"
	}
	blank := make([]string, len(GradebookHeader)-1)
	rows := [][]string{
		append(slices.Clone(GradebookHeader), column),
		append(append([]string{"Points Possible"}, blank...), num(a.Rubric.Total)),
	}
	for _, r := range results {
		st, ok := roster.Students[r.ID]
		if !ok || st.Name == "" {
			st.Name = escape.ID(r.ID)
		}
		score := num(r.Score)
		if r.Status == grader.StatusFailed {
			score = ""
		}
		rows = append(rows, []string{st.Name, st.UserID, "", "", "", score})
	}
	return escape.CSV(rows)
}

// Parts is parts.csv: one row per submission with its status, total, late
// days, penalty and each part's score, no cell a formula (escape.CSV); a
// result the grader failed on has its total and parts' scores blank.
func Parts(a *grader.Assignment, results []grader.Result) []byte {
	head := []string{"id", "status", "score", "max_score", "late_days", "penalty"}
	for _, p := range columns(a) {
		head = append(head, fmt.Sprintf("part %s (%s)", p.ID, num(p.Points)))
	}
	rows := [][]string{head}
	for _, r := range results {
		// A grader failure has no score: its score and parts are blank.
		failed := r.Status == grader.StatusFailed
		score := num(r.Score)
		if failed {
			score = ""
		}
		row := []string{escape.ID(r.ID), string(r.Status), score, num(r.MaxScore), strconv.Itoa(r.LateDays), num(r.Penalty)}
		for _, p := range columns(a) {
			cell := ""
			for _, pr := range r.Parts {
				if pr.ID == p.ID && !failed {
					cell = num(pr.Score)
				}
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	return escape.CSV(rows)
}

// ReportNames are the names of the submissions' reports under reports/,
// in the order of results: each id as a safe file name, distinct from the
// others' (escape.FileNames), with ".md".
func ReportNames(results []grader.Result) []string {
	ids := make([]string, len(results))
	for i, r := range results {
		ids[i] = r.ID
	}
	names := escape.FileNames(ids)
	for i := range names {
		names[i] += ".md"
	}
	return names
}

// WriteAll writes results.json, gradebook.csv, index.html, parts.csv and
// the reports (reports/<id>.md, the id as a safe file name: ReportNames)
// under dir, each file atomically. A report that cannot be written stops
// no other: the error names every one that failed.
func WriteAll(dir string, a *grader.Assignment, b Batch) error {
	if err := os.MkdirAll(filepath.Join(dir, "reports"), 0o755); err != nil {
		return err
	}
	data, err := b.JSON()
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, "results.json"), data); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, "gradebook.csv"), Gradebook(a, b.Submissions, b.Roster)); err != nil {
		return err
	}
	page, err := Page(a, b)
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, "index.html"), page); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, "parts.csv"), Parts(a, b.Submissions)); err != nil {
		return err
	}
	var errs []error
	for i, name := range ReportNames(b.Submissions) {
		if err := atomicfile.WriteFile(filepath.Join(dir, "reports", name), Markdown(a, b.Submissions[i])); err != nil {
			errs = append(errs, fmt.Errorf("the report of %s: %w", escape.ID(b.Submissions[i].ID), err))
		}
	}
	return errors.Join(errs...)
}
