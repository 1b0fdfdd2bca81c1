package cli

import (
	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/canvas"
	"github.com/cs540-tools/autograder/grader/submission"
)

// gradeJob is what grade was asked to grade: the assignment, the
// submissions of this shard (of all found), their days late, where the
// files go.
type gradeJob struct {
	a    *grader.Assignment
	subs []submission.Submission
	all  int
	sh   shard
	late canvas.Late
	out  outDir
}
