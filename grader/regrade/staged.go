package regrade

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/cs540-tools/autograder/grader"
)

// StagedFile is the file, in a batch's output folder, where grade
// --preview stages a regrade: the hash of the set it showed (which
// --apply writes only if it is still the same) on the first line, then
// the changes as JSON, for review's page to show with its own labels.
const StagedFile = ".preview"

// EncodeStaged is a StagedFile's content: the hash line, then the
// changes with only what Text shows (ids, verdicts, totals, parts).
func EncodeStaged(hash string, changes []Change) ([]byte, error) {
	slim := make([]Change, len(changes))
	for i, c := range changes {
		c.Old, c.New = slimResult(c.Old), slimResult(c.New)
		slim[i] = c
	}
	data, err := json.Marshal(slim)
	if err != nil {
		return nil, err
	}
	return append([]byte(hash+"\n"), append(data, '\n')...), nil
}

func slimResult(r *grader.Result) *grader.Result {
	if r == nil {
		return nil
	}
	return &grader.Result{ID: r.ID, Status: r.Status, Score: r.Score}
}

// DecodeStaged reads a StagedFile's content: its hash and changes.
func DecodeStaged(data []byte) (hash string, changes []Change, err error) {
	h, rest, ok := bytes.Cut(data, []byte("\n"))
	if !ok {
		return "", nil, errors.New("no changes after the hash")
	}
	if err := json.Unmarshal(rest, &changes); err != nil {
		return "", nil, err
	}
	for _, c := range changes {
		if c.Old == nil && c.New == nil {
			return "", nil, errors.New("a change with neither an old nor a new result")
		}
	}
	return string(h), changes, nil
}
