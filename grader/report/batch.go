package report

import (
	"github.com/cs540-tools/autograder/grader"
)

// Batch is what results.json holds.
type Batch struct {
	Assignment    string          `json:"assignment"`
	RubricSHA256  string          `json:"rubric_sha256"`
	CasesSHA256   string          `json:"cases_sha256"`
	GraderVersion string          `json:"grader_version"`
	GradedAt      string          `json:"graded_at,omitempty"` // only when asked for
	Submissions   []grader.Result `json:"submissions"`
	// Roster says who the submissions belong to, for gradebook.csv.
	Roster Roster `json:"-"`
	// Similar is each submission's most similar other (grade
	// --similarity), for index.html's column; nil: no column.
	Similar map[string]Similar `json:"-"`
	// ByHand is how far grading by hand has come (autograder review);
	// nil when the rubric has nothing graded by hand.
	ByHand *ByHand `json:"by_hand,omitempty"`
}

// ByHand counts the submissions graded by hand and those still to grade.
type ByHand struct {
	Graded  int `json:"graded"`
	ToGrade int `json:"to_grade"`
}

// Similar is a submission's most similar other in the batch: its ID, the
// pair's score (0 to 1) and a link to the pair in similarity.html.
type Similar struct {
	Other string
	Score float64
	Link  string
}

// Roster says who each submission belongs to, for the gradebook.
type Roster struct {
	// AssignmentID is the assignment's id in Canvas (the number in its
	// address, .../assignments/<id>); empty when unknown.
	AssignmentID string
	// Students are by submission ID; a submission missing from it is shown
	// by its ID alone.
	Students map[string]Student
}

// Student is who a submission belongs to.
type Student struct {
	Name   string // shown in the gradebook's Student column
	UserID string // Canvas's user id, which its import matches rows by
}
