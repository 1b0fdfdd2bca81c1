package problem

import (
	"regexp"
	"strings"

	"github.com/cs540-tools/autograder/grader/cases"
)

// group is a test group that holds cases.
type group struct {
	path  string // under data, slash-separated: "secret/group1"
	cases []cases.Case
	set   settings
}

var unsafeID = regexp.MustCompile(`[^a-z0-9_-]+`)

// partID is a group's part id: its path, lower-cased, "/" and other bytes
// a part id cannot hold written "-".
func partID(rel string) string { return unsafeID.ReplaceAllString(strings.ToLower(rel), "-") }
