// Package report writes a batch's results: results.json for programs,
// gradebook.csv for spreadsheets, one Markdown report per submission for
// students, and the plain-text table printed on a terminal. Every writer is
// deterministic: the same results give the same bytes.
package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/store"
)

// Batch is what results.json holds.
type Batch struct {
	Assignment    string          `json:"assignment"`
	RubricSHA256  string          `json:"rubric_sha256"`
	CasesSHA256   string          `json:"cases_sha256"`
	GraderVersion string          `json:"grader_version"`
	GradedAt      string          `json:"graded_at,omitempty"` // only when asked for
	Submissions   []grader.Result `json:"submissions"`
}

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

// Gradebook is gradebook.csv: one row per submission with its total and
// each part's score.
func Gradebook(a *grader.Assignment, results []grader.Result) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	head := []string{"id", "status", "score", "max_score", "late_days", "penalty"}
	for _, p := range a.Rubric.Parts {
		head = append(head, fmt.Sprintf("part %s (%s)", p.ID, num(p.Points)))
	}
	w.Write(head)
	for _, r := range results {
		row := []string{r.ID, string(r.Status), num(r.Score), num(r.MaxScore), strconv.Itoa(r.LateDays), num(r.Penalty)}
		for _, p := range a.Rubric.Parts {
			cell := ""
			for _, pr := range r.Parts {
				if pr.ID == p.ID {
					cell = num(pr.Score)
				}
			}
			row = append(row, cell)
		}
		w.Write(row)
	}
	w.Flush()
	return buf.Bytes()
}

// num prints a score without trailing zeros: 60, 7.5, 3.33.
func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// WriteAll writes results.json, gradebook.csv and reports/<id>.md under dir,
// each file atomically.
func WriteAll(dir string, a *grader.Assignment, b Batch) error {
	if err := os.MkdirAll(filepath.Join(dir, "reports"), 0o755); err != nil {
		return err
	}
	data, err := b.JSON()
	if err != nil {
		return err
	}
	if err := store.WriteFile(filepath.Join(dir, "results.json"), data); err != nil {
		return err
	}
	if err := store.WriteFile(filepath.Join(dir, "gradebook.csv"), Gradebook(a, b.Submissions)); err != nil {
		return err
	}
	for _, r := range b.Submissions {
		if err := store.WriteFile(filepath.Join(dir, "reports", r.ID+".md"), Markdown(a, r)); err != nil {
			return err
		}
	}
	return nil
}
