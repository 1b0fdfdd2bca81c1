package web

import (
	"bytes"
	"cmp"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/review"
	"github.com/cs540-tools/autograder/grader/rubric"
)

// request is an action as the page sends it: submissions by number,
// files by their index in the submission (never by path).
type request struct {
	Op     string             `json:"op"`
	Subs   []int              `json:"subs"`
	Group  *int               `json:"group"`
	Item   string             `json:"item"`
	Points float64            `json:"points"`
	Text   string             `json:"text"`
	File   *int               `json:"file"`
	Role   *int               `json:"role"`  // a group's comment: each member's file built as the Role-th of roles()
	Parts  []string           `json:"parts"` // done, undone: the parts (undo's); nil: as Part says
	Line   int                `json:"line"`
	ID     string             `json:"id"`
	New    *rubric.ManualItem `json:"new"`
	// Part is the part in view (its view across the class): a comment
	// or a mark there is of that part; "" is every part the link grades.
	Part string `json:"part"`
}

// badRequest is an action refused: its message goes back to the page.
type badRequest struct{ msg string }

func (e badRequest) Error() string { return e.msg }

func refuse(format string, args ...any) error { return badRequest{fmt.Sprintf(format, args...)} }

// post checks a state-changing request (the session's CSRF token in
// X-CSRF-Token, an Origin of this server's if any, JSON of at most
// maxBody bytes, no unknown field) and answers with what f returns, as
// JSON.
func (s *Server) post(w http.ResponseWriter, r *http.Request, l *link, f func(*link, request) (any, error)) {
	if got := r.Header.Get("X-CSRF-Token"); subtle.ConstantTimeCompare([]byte(got), []byte(s.csrf)) != 1 {
		http.Error(w, "missing or wrong CSRF token: reload the page", http.StatusForbidden)
		return
	}
	if o := r.Header.Get("Origin"); o != "" && !s.hostOK(trimScheme(o)) {
		http.Error(w, "cross-origin request refused", http.StatusForbidden)
		return
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		http.Error(w, "send JSON", http.StatusUnsupportedMediaType)
		return
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	var req request
	if err := dec.Decode(&req); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			http.Error(w, "request too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "bad request: "+err.Error(), http.StatusBadRequest)
		return
	}
	if dec.Decode(&struct{}{}) != io.EOF {
		http.Error(w, "bad request: one JSON object, nothing after it", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	out, err := f(l, req)
	s.mu.Unlock()
	var bad badRequest
	switch {
	case errors.As(err, &bad) || errors.Is(err, review.ErrAction):
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	case err != nil:
		http.Error(w, "the server failed: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(out)
}

func trimScheme(origin string) string {
	for _, p := range []string{"http://", "https://"} {
		if len(origin) > len(p) && origin[:len(p)] == p {
			return origin[len(p):]
		}
	}
	return ""
}

// targets are the submissions a request names, by number or by group,
// each one the link grades.
func (s *Server) targets(l *link, req request) ([]*sub, error) {
	var out []*sub
	if req.Group != nil && len(req.Subs) > 0 {
		return nil, refuse("a group and submissions: name one")
	}
	if req.Group != nil {
		if *req.Group < 0 || *req.Group >= len(s.groups) {
			return nil, refuse("no group %d", *req.Group)
		}
		for _, m := range s.groups[*req.Group].Members {
			if l.subs == nil || l.subs[m.Index] {
				out = append(out, m)
			}
		}
	}
	seen := map[int]bool{}
	for _, i := range req.Subs {
		sb := s.subOf(l, strconv.Itoa(i))
		if sb == nil {
			return nil, refuse("no submission %d in this link", i)
		}
		if seen[i] {
			return nil, refuse("submission %d named twice", i)
		}
		seen[i] = true
		out = append(out, sb)
	}
	if len(out) == 0 || len(out) > review.MaxSubs {
		return nil, refuse("name one or more submissions")
	}
	return out, nil
}

// done is an action's answer: how many actions were journaled, and the
// requests that undo it (none for what cannot be undone).
type done struct {
	Actions int       `json:"actions"`
	Undo    []undoReq `json:"undo"`
}

// undoReq is a request as the page sends it back to undo an action.
type undoReq struct {
	Op    string   `json:"op"`
	Subs  []int    `json:"subs,omitempty"`
	Item  string   `json:"item,omitempty"`
	ID    string   `json:"id,omitempty"`
	Parts []string `json:"parts,omitempty"`
}

// act journals a TA's action, once the state accepts it.
func (s *Server) act(l *link, req request) (any, error) {
	st, err := s.load()
	if err != nil {
		return nil, err
	}
	acts, err := s.actions(l, st, req)
	if err != nil {
		return nil, err
	}
	before := clone(st)
	for i := range acts {
		acts[i].TA = l.ta
		acts[i] = review.Stamp(s.cfg.Assignment.Rubric, st, acts[i])
		if err := st.Do(s.cfg.Assignment.Rubric, acts[i]); err != nil {
			return nil, err
		}
	}
	j, err := review.Open(s.cfg.Dir, l.ta)
	if err != nil {
		return nil, err
	}
	for _, a := range acts {
		if _, err := j.Append(a); err != nil {
			return nil, err
		}
	}
	return done{Actions: len(acts), Undo: s.undo(before, st, acts)}, nil
}

// clone is a copy of what undo compares of a state.
func clone(st *review.State) *review.State {
	c := review.NewState()
	for k, v := range st.Applied {
		c.Applied[k] = slices.Clone(v)
	}
	for k, v := range st.Graded {
		c.Graded[k] = maps.Clone(v)
	}
	return c
}

// undo are the requests that take a state back from after to before for
// what acts changed: items applied or removed, comments made, parts
// marked.
func (s *Server) undo(before, after *review.State, acts []review.Action) []undoReq {
	out := []undoReq{}
	num := func(id string) int {
		return s.subs[slices.IndexFunc(s.subs, func(sb *sub) bool { return sb.Result.ID == id })].Num
	}
	for _, a := range acts {
		switch a.Op {
		case review.OpApply, review.OpRemove:
			var changed []int
			for _, id := range a.Subs {
				if slices.Contains(before.Applied[id], a.Item) != slices.Contains(after.Applied[id], a.Item) {
					changed = append(changed, num(id))
				}
			}
			if len(changed) > 0 {
				op := map[review.Op]string{review.OpApply: "remove", review.OpRemove: "apply"}[a.Op]
				out = append(out, undoReq{Op: op, Subs: changed, Item: a.Item})
			}
		case review.OpComment:
			out = append(out, undoReq{Op: "uncomment", ID: a.ID})
		}
	}
	seen := map[string]bool{}
	for _, a := range acts {
		for _, id := range a.Subs {
			if seen[id] {
				continue
			}
			seen[id] = true
			var marked, unmarked []string
			for p := range after.Graded[id] {
				if _, ok := before.Graded[id][p]; !ok {
					marked = append(marked, p)
				}
			}
			for p := range before.Graded[id] {
				if _, ok := after.Graded[id][p]; !ok {
					unmarked = append(unmarked, p)
				}
			}
			slices.Sort(marked)
			slices.Sort(unmarked)
			if len(marked) > 0 {
				out = append(out, undoReq{Op: "undone", Subs: []int{num(id)}, Parts: marked})
			}
			if len(unmarked) > 0 {
				out = append(out, undoReq{Op: "done", Subs: []int{num(id)}, Parts: unmarked})
			}
		}
	}
	return out
}

// marks are the parts an action marks graded by hand: the part in view,
// or every part the link grades by hand; a part the link does not grade
// is refused.
func (s *Server) marks(l *link, st *review.State, req request) ([]string, error) {
	parts := s.handParts(l, st)
	if req.Part != "" {
		if !slices.Contains(parts, req.Part) {
			return nil, refuse("no part %q to grade by hand in this link", req.Part)
		}
		return []string{req.Part}, nil
	}
	return parts, nil
}

// actions are the journal's actions for a request.
func (s *Server) actions(l *link, st *review.State, req request) ([]review.Action, error) {
	r := s.cfg.Assignment.Rubric
	itemOK := func(id string) error {
		it, ok := st.Item(r, id)
		if !ok {
			return refuse("no item %q", id)
		}
		if l.parts != nil && !l.parts[it.Part] {
			return refuse("item %q is of part %s, which another TA grades", id, it.Part)
		}
		return nil
	}
	parts, err := s.marks(l, st, req)
	if err != nil {
		return nil, err
	}
	switch op := review.Op(req.Op); op {
	case review.OpApply, review.OpRemove:
		subs, err := s.targets(l, req)
		if err != nil {
			return nil, err
		}
		if err := itemOK(req.Item); err != nil {
			return nil, err
		}
		return []review.Action{{Op: op, Subs: ids(subs), Item: req.Item, Group: groupName(req.Group), Was: was(st, r, op, req.Item), Parts: parts}}, nil
	case review.OpDone, review.OpUndone:
		subs, err := s.targets(l, req)
		if err != nil {
			return nil, err
		}
		if req.Parts != nil {
			for _, p := range req.Parts {
				if !slices.Contains(s.handParts(l, st), p) {
					return nil, refuse("no part %q to grade by hand in this link", p)
				}
			}
			parts = req.Parts
		}
		if len(parts) == 0 {
			return nil, refuse("nothing here is graded by hand: the rubric has no manual item or part")
		}
		subs = slices.DeleteFunc(subs, func(sb *sub) bool { return !gradable(sb) })
		if len(subs) == 0 {
			return nil, refuse("a grader failure has no score to grade by hand")
		}
		return []review.Action{{Op: op, Subs: ids(subs), Parts: parts, Group: groupName(req.Group)}}, nil
	case review.OpPoints:
		if err := itemOK(req.Item); err != nil {
			return nil, err
		}
		return []review.Action{{Op: op, Item: req.Item, Points: req.Points}}, nil
	case review.OpItem:
		if req.New == nil || l.parts != nil && !l.parts[req.New.Part] {
			return nil, refuse("an item of a part this link grades")
		}
		return []review.Action{{Op: op, New: req.New}}, nil
	case review.OpUncomment:
		c, ok := st.Comments[req.ID]
		if !ok || s.subOfID(l, c.Sub) == nil {
			return nil, refuse("no comment %q", req.ID)
		}
		return []review.Action{{Op: op, ID: req.ID}}, nil
	case review.OpComment:
		return s.comments(l, st, req, itemOK, parts)
	}
	return nil, refuse("unknown action %q", req.Op)
}

// comments are a comment's actions: one per submission (the file's
// hash differs between them), and the item it attaches, applied.
func (s *Server) comments(l *link, st *review.State, req request, itemOK func(string) error, parts []string) ([]review.Action, error) {
	subs, err := s.targets(l, req)
	if err != nil {
		return nil, err
	}
	if req.Item != "" {
		if err := itemOK(req.Item); err != nil {
			return nil, err
		}
	}
	var acts []review.Action
	var applied []*sub
	var unreached []string
	role := ""
	if req.Role != nil {
		roles := s.roles()
		if *req.Role < 0 || *req.Role >= len(roles) {
			return nil, refuse("no file role %d", *req.Role)
		}
		role = roles[*req.Role]
	} else if req.File == nil {
		return nil, refuse("name the file: by its index (file) or its role (role)")
	}
	for _, sb := range subs {
		name := sb.fileAs(role)
		if req.File != nil {
			if *req.File < 0 || *req.File >= len(sb.Files) {
				return nil, refuse("no file %d", *req.File)
			}
			name = sb.Files[*req.File].Name
		}
		hash, ok := sb.Hashes[name]
		switch {
		case len(subs) == 1 && (!ok || req.Line > lineCount(sb, name)):
			return nil, refuse("no line %d in %s", req.Line, escape.TerminalLine(cmp.Or(name, role)))
		case !ok:
			unreached = append(unreached, sb.Label+" (no file built as "+escape.TerminalLine(role)+")")
			continue
		case req.Line > lineCount(sb, name):
			unreached = append(unreached, fmt.Sprintf("%s (%s has %d lines)", sb.Label, escape.TerminalLine(name), lineCount(sb, name)))
			continue
		}
		acts = append(acts, review.Action{Op: review.OpComment, Subs: []string{sb.Result.ID}, ID: token()[:12], File: name,
			Line: req.Line, SHA256: hash, Text: req.Text, Item: req.Item, Group: groupName(req.Group), Parts: parts})
		applied = append(applied, sb)
	}
	if len(unreached) > 0 {
		shown := unreached[:min(len(unreached), 10)]
		more := ""
		if len(unreached) > 10 {
			more = fmt.Sprintf(" and %d more", len(unreached)-10)
		}
		return nil, refuse("nothing applied: the comment reaches no line %d of %s in %s%s", req.Line, escape.TerminalLine(role), strings.Join(shown, ", "), more)
	}
	if req.Item != "" {
		acts = append(acts, review.Action{Op: review.OpApply, Subs: ids(applied), Item: req.Item, Group: groupName(req.Group),
			Was: was(st, s.cfg.Assignment.Rubric, review.OpApply, req.Item)})
	}
	return acts, nil
}

// was is an applied item as it is now, for the journal: what a later
// rubric change is measured against.
func was(st *review.State, r *rubric.Rubric, op review.Op, id string) *rubric.ManualItem {
	it, ok := st.Item(r, id)
	if op != review.OpApply || !ok {
		return nil
	}
	return &it
}

func (s *Server) subOfID(l *link, id string) *sub {
	i := slices.IndexFunc(s.subs, func(sb *sub) bool { return sb.Result.ID == id })
	if i < 0 {
		return nil
	}
	return s.subOf(l, strconv.Itoa(s.subs[i].Num))
}

func ids(subs []*sub) []string {
	var out []string
	for _, sb := range subs {
		out = append(out, sb.Result.ID)
	}
	return out
}

func groupName(g *int) string {
	if g == nil {
		return ""
	}
	return "group " + strconv.Itoa(*g+1)
}

// change is one submission's total before and after a change of an
// item's points.
type change struct {
	Label string  `json:"label"`
	Old   float64 `json:"old"`
	New   float64 `json:"new"`
}

// preview says which totals an item's new points would change, before
// anything is saved.
func (s *Server) preview(l *link, req request) (any, error) {
	st, err := s.load()
	if err != nil {
		return nil, err
	}
	if _, ok := st.Item(s.cfg.Assignment.Rubric, req.Item); !ok {
		return nil, refuse("no item %q", req.Item)
	}
	before := s.applied(st)
	st.Points[req.Item] = req.Points
	after := s.applied(st)
	out := []change{}
	for _, sb := range s.shown {
		b, a := before[sb.Index], after[sb.Index]
		if b.Score != a.Score {
			out = append(out, change{Label: sb.Label, Old: b.Score, New: a.Score})
		}
	}
	return out, nil
}

// export writes grade's products with the manual grading as it is now,
// as grade re-run would.
func (s *Server) export(l *link, _ request) (any, error) {
	if len(s.cfg.Subs) == 0 {
		return nil, refuse("the page was started without the submissions (INPUT), whose students gradebook.csv names: run autograder grade with the same --out instead")
	}
	st, err := s.load()
	if err != nil {
		return nil, err
	}
	if d := review.Drifts(s.cfg.Assignment.Rubric, st, s.results()); len(d) > 0 {
		return nil, refuse("the rubric changed items applied by hand since (%s, ...): nothing written; run autograder grade, which lists them all, with --accept-rubric-changes to write the new points", escape.TerminalLine(s.label(d[0])))
	}
	a := s.cfg.Assignment
	b := report.NewBatch(a, s.cfg.Version, s.applied(st))
	b.Roster = report.RosterOf("", s.cfg.Subs)
	if done, todo := review.Progress(a.Rubric, st, s.results()); done+todo > 0 {
		b.ByHand = &report.ByHand{Graded: done, ToGrade: todo}
	}
	if err := report.WriteAll(s.cfg.Dir, a, b); err != nil {
		return nil, err
	}
	return map[string]string{"written": "results.json, gradebook.csv, parts.csv, index.html and the reports"}, nil
}

// lineCount is how many lines the submission's file name has.
func lineCount(sb *sub, name string) int {
	for _, f := range sb.Files {
		if f.Name == name {
			return bytes.Count(f.Data, []byte("\n")) + 1
		}
	}
	return 0
}
