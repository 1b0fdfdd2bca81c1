package warm

import (
	"fmt"

	"github.com/cs540-tools/autograder/grader"
)

// answers counts the bytes of stdout and stderr a Program's warm answers
// hold, against a bound (grader.WarmAnswers unless Options say).
type answers struct {
	held, max int64
}

// room is how many bytes more the answers may hold.
func (a *answers) room() int64 { return max(a.max-a.held, 0) }

// admit counts a CASE frame's output when it fits, and returns it; one
// that does not fit is not kept, and becomes a FALLBACK saying why: that
// case and the rest run cold, each judged as it ends.
func (a *answers) admit(f frame) frame {
	if f.Type != frameCase {
		return f
	}
	n := int64(len(f.Out) + len(f.Err))
	if n > a.room() {
		return frame{Type: frameFallback, Index: f.Index, Reason: fmt.Sprintf("it printed more than the %s of answers warm mode holds for a submission", size(a.max))}
	}
	a.held += n
	return f
}

// frameMax bounds one frame of the harness: a case's stdout and stderr,
// each at most the output limit, and a little more.
func frameMax(output int64) int64 { return 2*output + 64<<10 }

// streamMax bounds a harness run's whole stdout (and its stderr, which it
// should not write): what the answers have room for, a frame past it (the
// one that does not fit) and the frames' own bytes.
func streamMax(a *answers, output int64) int64 { return a.room() + 2*frameMax(output) + 4<<20 }

// size shows a byte count as the rubric does: "8 MiB", "512 KiB".
func size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// defaultAnswers is the bound of Options.Answers when it is 0.
const defaultAnswers = grader.WarmAnswers
