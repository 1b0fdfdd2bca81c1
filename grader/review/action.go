package review

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
)

// Op is what an action does.
type Op string

// The actions a TA takes.
const (
	OpApply     Op = "apply"     // apply Item to Subs
	OpRemove    Op = "remove"    // remove Item from Subs
	OpComment   Op = "comment"   // comment at File:Line of each of Subs
	OpUncomment Op = "uncomment" // remove the comment ID
	OpPoints    Op = "points"    // change Item's points to Points, everywhere
	OpItem      Op = "item"      // add the item New
	// OpAccept accepts a rubric change: Item is now worth Points
	// (0: it is no longer an item, and is taken off every submission).
	OpAccept Op = "accept"
	OpDone   Op = "done"   // mark Subs graded by hand, for Parts
	OpUndone Op = "undone" // mark Subs to grade again, for Parts
)

// Action is one line of a journal.
type Action struct {
	// At orders the actions of several journals: RFC 3339 with
	// nanoseconds, UTC.
	At    string   `json:"at"`
	TA    string   `json:"ta"`
	Op    Op       `json:"op"`
	Subs  []string `json:"subs,omitempty"`
	Group string   `json:"group,omitempty"` // the failure group it was applied to, for the record
	Item  string   `json:"item,omitempty"`
	// Points is OpPoints's new value.
	Points float64 `json:"points,omitempty"`
	// New is OpItem's item.
	New *rubric.ManualItem `json:"new,omitempty"`
	// Was is OpApply's item as it was when applied (its points, its
	// part): what a later rubric change is measured against.
	Was *rubric.ManualItem `json:"was,omitempty"`
	// Parts are the parts an action marks graded by hand (OpDone,
	// OpUndone; OpApply and OpComment mark them too, with the item's),
	// or whose rubric change OpAccept accepts.
	Parts []string `json:"parts,omitempty"`
	// Bounds are the bounds of the parts the action marks graded, as
	// the rubric had them then (Stamp), or as OpAccept accepts them (a
	// part of Parts without one is gone): what a later rubric change of
	// a part is measured against.
	Bounds []Bound `json:"bounds,omitempty"`
	// ID names OpComment's comments (one per submission: ID, ID.2, ...)
	// and OpUncomment's.
	ID     string `json:"id,omitempty"`
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	SHA256 string `json:"sha256,omitempty"` // of the file commented on
	Text   string `json:"text,omitempty"`
}

// Bounds of what an action may carry: a journal line stays small.
const (
	MaxText  = 16 << 10 // a comment's or an item's text
	MaxSubs  = 10000    // submissions an action names
	maxLine  = 1 << 20  // a journal line; longer is refused on load
	maxPoint = 1e6
)

var (
	idRE = regexp.MustCompile(`^[a-z0-9_-]{1,64}$`)
	taRE = regexp.MustCompile(`^[a-z0-9_-]{1,32}$`)
	// ErrAction marks an action the state refuses.
	ErrAction = errors.New("bad action")
)

// Check says what is wrong with an action on its own, nil when nothing.
func (a Action) Check() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrAction, a.Op, fmt.Sprintf(format, args...))
	}
	if !taRE.MatchString(a.TA) {
		return bad("TA %q is not a name of a-z, 0-9, _ and -", a.TA)
	}
	if len(a.Subs) > MaxSubs || len(a.Parts) > MaxSubs || len(a.Text) > MaxText || !utf8.ValidString(a.Text) {
		return bad("too large, or text not UTF-8")
	}
	if len(a.Bounds) > MaxSubs {
		return bad("too many bounds")
	}
	if w := a.Was; w != nil && (w.Points > maxPoint || w.Points < -maxPoint || len(w.Text) > MaxText || len(w.ID) > MaxText) {
		return bad("the item as it was is not an item")
	}
	switch a.Op {
	case OpApply, OpRemove:
		if len(a.Subs) == 0 || a.Item == "" {
			return bad("needs submissions and an item")
		}
	case OpComment:
		if len(a.Subs) == 0 || a.File == "" || a.Line < 1 || strings.TrimSpace(a.Text) == "" || a.ID == "" {
			return bad("needs submissions, a file, a line from 1, an id and text (not only blanks)")
		}
	case OpAccept:
		if (a.Item == "" && len(a.Parts) == 0) || a.Points > maxPoint || a.Points < -maxPoint {
			return bad("needs an item or parts")
		}
	case OpDone, OpUndone:
		if len(a.Subs) == 0 || len(a.Parts) == 0 {
			return bad("needs submissions and parts")
		}
	case OpUncomment:
		if a.ID == "" {
			return bad("needs a comment id")
		}
	case OpPoints:
		if a.Item == "" {
			return bad("needs an item")
		}
		if err := checkPoints(a.Points); err != nil {
			return bad("%v", err)
		}
	case OpItem:
		n := a.New
		if n == nil || !idRE.MatchString(n.ID) || strings.TrimSpace(n.Text) == "" || len(n.Text) > MaxText || n.Part == "" {
			return bad("needs an item with an id of a-z, 0-9, _ and -, text, points and a part")
		}
		if err := checkPoints(n.Points); err != nil {
			return bad("%v", err)
		}
	default:
		return bad("unknown action")
	}
	return nil
}

// checkPoints says what is wrong with an item's points: they are
// scored in hundredths, so they must be a non-zero number of hundredths
// (0.01 to 1000000, either sign).
func checkPoints(x float64) error {
	if math.IsNaN(x) || math.Abs(x) < 0.01 || math.Abs(x) > maxPoint || math.Abs(x*100-float64(grader.Cents(x))) > 1e-6 {
		return fmt.Errorf("points %v: an item is worth 0.01 to 1000000 points, either sign, in hundredths", x)
	}
	return nil
}

// Bound is a part's bounds as the rubric has them: what the hand-given
// points of a part graded by hand depend on besides its items.
type Bound struct {
	Part    string  `json:"part"`
	Points  float64 `json:"points"`
	Start   float64 `json:"start"`
	Floor   float64 `json:"floor"`
	Ceiling float64 `json:"ceiling"`
	Auto    bool    `json:"auto,omitempty"`
}

func boundOf(m rubric.ManualPart) Bound {
	return Bound{Part: m.ID, Points: m.Points, Start: m.Start, Floor: m.Floor, Ceiling: m.Ceiling, Auto: m.Auto}
}
