package review

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
)

// State is the manual grading of a batch, folded from its journals.
type State struct {
	// Added are the items added by TAs, by id.
	Added map[string]rubric.ManualItem `json:"added"`
	// Points are the items' points as TAs changed them, by item id.
	Points map[string]float64 `json:"points"`
	// Applied is, by submission id, the ids of the items applied to it.
	Applied map[string][]string `json:"applied"`
	// Comments are by id.
	Comments map[string]Comment `json:"comments"`
	// Seen are the items as the journals last knew them (when applied,
	// added, their points changed, a rubric change accepted), by id:
	// what a later change of the rubric is measured against.
	Seen map[string]rubric.ManualItem `json:"seen,omitempty"`
	// Graded says, by submission and part, who marked it graded by
	// hand and when; a part not in it is still to grade.
	Graded map[string]map[string]Mark `json:"graded,omitempty"`
	// SeenParts are the bounds of the parts graded by hand as the
	// journals last knew them (when marked, a rubric change accepted),
	// by part id: what a later change of a part is measured against.
	SeenParts map[string]Bound `json:"seen_parts,omitempty"`
}

// Mark is who graded a part of a submission by hand, and when.
type Mark struct {
	TA string `json:"ta"`
	At string `json:"at"`
}

// Comment is a TA's comment at a line of a submission's file.
type Comment struct {
	ID     string `json:"id"`
	Sub    string `json:"sub"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	SHA256 string `json:"sha256"` // the file's, when commented on
	Text   string `json:"text"`
	Item   string `json:"item,omitempty"` // the item it explains, if any
	TA     string `json:"ta"`
}

// NewState is an empty state.
func NewState() *State {
	return &State{Added: map[string]rubric.ManualItem{}, Points: map[string]float64{},
		Applied: map[string][]string{}, Comments: map[string]Comment{},
		Seen: map[string]rubric.ManualItem{}, Graded: map[string]map[string]Mark{}, SeenParts: map[string]Bound{}}
}

// Items are the rubric's manual items and those added, with their
// points as last changed, rubric items first, then the added ones by id.
func (s *State) Items(r *rubric.Rubric) []rubric.ManualItem {
	items := slices.Clone(r.Manual)
	var added []rubric.ManualItem
	for _, it := range s.Added {
		if !slices.ContainsFunc(items, func(x rubric.ManualItem) bool { return x.ID == it.ID }) {
			added = append(added, it)
		}
	}
	slices.SortFunc(added, func(x, y rubric.ManualItem) int { return strings.Compare(x.ID, y.ID) })
	items = append(items, added...)
	for i := range items {
		if p, ok := s.Points[items[i].ID]; ok {
			items[i].Points = p
		}
	}
	return items
}

// Item is the item with the id, as Items has it.
func (s *State) Item(r *rubric.Rubric, id string) (rubric.ManualItem, bool) {
	i := slices.IndexFunc(s.Items(r), func(x rubric.ManualItem) bool { return x.ID == id })
	if i < 0 {
		return rubric.ManualItem{}, false
	}
	return s.Items(r)[i], true
}

// Do applies one action to the state. An action that names an item the
// state does not know, or a part the rubric lacks, is refused: the state
// is unchanged.
func (s *State) Do(r *rubric.Rubric, a Action) error { return s.do(r, a, true) }

// replay applies a journal's action: as Do, but an item the rubric no
// longer has is applied, removed and commented as the journal says
// (Drifts then names it), so that the state is the same whether it was
// folded before the rubric changed (a snapshot) or after.
func (s *State) replay(r *rubric.Rubric, a Action) error { return s.do(r, a, false) }

func (s *State) do(r *rubric.Rubric, a Action, strict bool) error {
	if err := a.Check(); err != nil {
		return err
	}
	known := func(id string) error {
		if _, ok := s.Item(r, id); !ok && strict {
			return fmt.Errorf("%w: %s: no item %q", ErrAction, a.Op, id)
		}
		return nil
	}
	switch a.Op {
	case OpApply, OpRemove:
		if err := known(a.Item); err != nil {
			return err
		}
		if a.Op == OpApply && a.Was != nil && a.Was.ID == a.Item {
			s.Seen[a.Item] = *a.Was
		}
		for _, sub := range a.Subs {
			s.set(sub, a.Item, a.Op == OpApply)
		}
		s.mark(r, a, s.partOf(r, a.Item))
	case OpPoints:
		if err := known(a.Item); err != nil {
			return err
		}
		s.Points[a.Item] = a.Points
		it, _ := s.Item(r, a.Item)
		it.ID, it.Points = a.Item, a.Points
		s.Seen[a.Item] = it
	case OpItem:
		if _, ok := s.Item(r, a.New.ID); ok {
			return fmt.Errorf("%w: item: %q is already an item", ErrAction, a.New.ID)
		}
		if _, ok := r.ManualPart(a.New.Part); !ok {
			return fmt.Errorf("%w: item: no part %q", ErrAction, a.New.Part)
		}
		s.Added[a.New.ID] = *a.New
		s.Seen[a.New.ID] = *a.New
	case OpComment:
		if a.Item != "" {
			if err := known(a.Item); err != nil {
				return err
			}
		}
		for i, sub := range a.Subs {
			id := a.ID
			if i > 0 {
				id = fmt.Sprintf("%s.%d", a.ID, i+1)
			}
			s.Comments[id] = Comment{ID: id, Sub: sub, File: a.File, Line: a.Line, SHA256: a.SHA256, Text: a.Text, Item: a.Item, TA: a.TA}
		}
		s.mark(r, a, s.partOf(r, a.Item))
	case OpUncomment:
		delete(s.Comments, a.ID)
	case OpAccept:
		if a.Item != "" {
			s.accept(r, a)
		}
		s.acceptParts(a)
	case OpDone:
		s.mark(r, a, "")
	case OpUndone:
		for _, sub := range a.Subs {
			for _, p := range a.Parts {
				delete(s.Graded[sub], p)
			}
			if len(s.Graded[sub]) == 0 {
				delete(s.Graded, sub)
			}
		}
	}
	return nil
}

// accept takes a rubric change as the journals' own: the item is worth
// a.Points from now on, or, at 0, is taken off every submission.
func (s *State) accept(r *rubric.Rubric, a Action) {
	if a.Points == 0 {
		delete(s.Seen, a.Item)
		for sub := range s.Applied {
			s.set(sub, a.Item, false)
		}
		return
	}
	if it, ok := s.Item(r, a.Item); ok {
		it.Points = a.Points
		s.Seen[a.Item] = it
	}
}

// acceptParts takes the rubric's changes of parts as the journals' own:
// each part of the action bounded as it says, or (none given) gone.
func (s *State) acceptParts(a Action) {
	for _, p := range a.Parts {
		i := slices.IndexFunc(a.Bounds, func(b Bound) bool { return b.Part == p })
		if i < 0 {
			delete(s.SeenParts, p)
			continue
		}
		s.SeenParts[p] = a.Bounds[i]
	}
}

// partOf is the part of an item: as the state knows it, else as the
// journals last saw it; "" for none.
func (s *State) partOf(r *rubric.Rubric, id string) string {
	if id == "" {
		return ""
	}
	if it, ok := s.Item(r, id); ok {
		return it.Part
	}
	return s.Seen[id].Part
}

// mark marks the action's submissions graded by hand, for its parts
// and the part given (if any).
func (s *State) mark(r *rubric.Rubric, a Action, part string) {
	parts := a.Parts
	if part != "" && !slices.Contains(parts, part) {
		parts = append(slices.Clone(parts), part)
	}
	for _, sub := range a.Subs {
		for _, p := range parts {
			// A part the rubric lacks now is marked when the action
			// says it had it then (a part removed since: a drift).
			if _, ok := r.ManualPart(p); !ok && !slices.ContainsFunc(a.Bounds, func(b Bound) bool { return b.Part == p }) {
				continue
			}
			if s.Graded[sub] == nil {
				s.Graded[sub] = map[string]Mark{}
			}
			s.Graded[sub][p] = Mark{TA: a.TA, At: a.At}
		}
	}
	for _, b := range a.Bounds {
		if slices.Contains(parts, b.Part) {
			s.SeenParts[b.Part] = b
		}
	}
}

// set applies or removes an item of a submission, keeping ids sorted.
func (s *State) set(sub, item string, on bool) {
	ids := s.Applied[sub]
	i, found := slices.BinarySearch(ids, item)
	switch {
	case on && !found:
		ids = slices.Insert(ids, i, item)
	case !on && found:
		ids = slices.Delete(ids, i, i+1)
	}
	if len(ids) == 0 {
		delete(s.Applied, sub)
		return
	}
	s.Applied[sub] = ids
}

// CommentsOf are a submission's comments, by file, line and id.
func (s *State) CommentsOf(sub string) []Comment {
	var cs []Comment
	for _, c := range s.Comments {
		if c.Sub == sub {
			cs = append(cs, c)
		}
	}
	slices.SortFunc(cs, func(x, y Comment) int {
		if c := strings.Compare(x.File, y.File); c != 0 {
			return c
		}
		if x.Line != y.Line {
			return x.Line - y.Line
		}
		return strings.Compare(x.ID, y.ID)
	})
	return cs
}

// Pool is the texts of the batch's comments, most used first, each once:
// what a TA reuses with one click.
func (s *State) Pool() []PoolEntry {
	n := map[string]int{}
	for _, c := range s.Comments {
		n[c.Text]++
	}
	var pool []PoolEntry
	for text, uses := range n {
		pool = append(pool, PoolEntry{Text: text, Uses: uses})
	}
	slices.SortFunc(pool, func(x, y PoolEntry) int {
		if x.Uses != y.Uses {
			return y.Uses - x.Uses
		}
		return strings.Compare(x.Text, y.Text)
	})
	return pool
}

// PoolEntry is a comment's text and how many comments use it.
type PoolEntry struct {
	Text string
	Uses int
}

// HandParts are the parts a TA grades by hand: each part graded by hand
// alone ([[manual_part]]) and each part a manual item names (the
// rubric's or an added one), autograded parts first, in the rubric's
// order.
func (s *State) HandParts(r *rubric.Rubric) []string {
	named := map[string]bool{}
	for _, it := range s.Items(r) {
		named[it.Part] = true
	}
	var out []string
	for _, p := range r.Parts {
		if named[p.ID] {
			out = append(out, p.ID)
		}
	}
	for _, m := range r.ManualParts {
		if !m.Auto && !slices.Contains(out, m.ID) {
			out = append(out, m.ID)
		}
	}
	return out
}

// ToGrade are those of parts that no TA has marked graded by hand on the
// submission yet.
func (s *State) ToGrade(sub string, parts []string) []string {
	var out []string
	for _, p := range parts {
		if _, ok := s.Graded[sub][p]; !ok {
			out = append(out, p)
		}
	}
	return out
}

// Progress counts the results graded by hand (every hand part marked)
// and those still to grade; a grader failure is neither. Both are 0
// when the rubric has nothing to grade by hand.
func Progress(r *rubric.Rubric, s *State, results []grader.Result) (graded, toGrade int) {
	parts := s.HandParts(r)
	if len(parts) == 0 {
		return 0, 0
	}
	for _, res := range results {
		switch {
		case res.Status == grader.StatusFailed:
		case len(s.ToGrade(res.ID, parts)) == 0:
			graded++
		default:
			toGrade++
		}
	}
	return graded, toGrade
}

// Clone is a copy of the state that shares nothing it may change.
func (s *State) Clone() *State {
	c := &State{Added: maps.Clone(s.Added), Points: maps.Clone(s.Points), Applied: make(map[string][]string, len(s.Applied)),
		Comments: maps.Clone(s.Comments), Seen: maps.Clone(s.Seen), SeenParts: maps.Clone(s.SeenParts), Graded: make(map[string]map[string]Mark, len(s.Graded))}
	for k, v := range s.Applied {
		c.Applied[k] = slices.Clone(v)
	}
	for k, v := range s.Graded {
		c.Graded[k] = maps.Clone(v)
	}
	fill(c)
	return c
}

// Stamp is the action with the bounds of the parts it marks graded by
// hand (its parts and its item's), as the rubric has them now.
func Stamp(r *rubric.Rubric, s *State, a Action) Action {
	if a.Op != OpApply && a.Op != OpRemove && a.Op != OpComment && a.Op != OpDone {
		return a
	}
	parts := slices.Clone(a.Parts)
	if p := s.partOf(r, a.Item); p != "" && !slices.Contains(parts, p) {
		parts = append(parts, p)
	}
	a.Bounds = nil
	for _, p := range parts {
		if m, ok := r.ManualPart(p); ok {
			a.Bounds = append(a.Bounds, boundOf(m))
		}
	}
	return a
}

// fill makes a decoded state's nil maps empty.
func fill(s *State) {
	e := NewState()
	if s.Added == nil {
		s.Added = e.Added
	}
	if s.Points == nil {
		s.Points = e.Points
	}
	if s.Applied == nil {
		s.Applied = e.Applied
	}
	if s.Comments == nil {
		s.Comments = e.Comments
	}
	if s.Seen == nil {
		s.Seen = e.Seen
	}
	if s.Graded == nil {
		s.Graded = e.Graded
	}
	if s.SeenParts == nil {
		s.SeenParts = e.SeenParts
	}
}
