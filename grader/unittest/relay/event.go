package relay

import "github.com/cs540-tools/autograder/sandbox"

// event is what the relay's loop reacts to.
type event struct {
	kind    int
	gen     int // the student box's, for its events
	payload []byte
	why     string
	res     sandbox.Result
	err     error
}

const (
	fromTest = iota
	testBad
	testEnded
	fromStudent
	studentBad
	studentOver // printed past the per-test cap
	studentEnded
)
