package grader

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/rubric"
)

// errNotRun is runOnce's word that its case was not run: its part had
// stopped (stops).
var errNotRun = errors.New("not run: its part had stopped")

// stops keeps, for one submission's runCases, the parts that stop at
// their first rejected case (rubric.Part.StopAtReject on an
// all-or-nothing part, a contest's on_reject: break) and the first
// rejected case of each so far. A case after such a case in case order,
// not yet started, is not run (NotRun): its part earns nothing whatever
// it does. A case before it always runs, so the part's first rejected
// case in case order is the same as when every case runs, whichever
// order the cases take their cores in. A nil *stops stops nothing.
type stops struct {
	mu    sync.Mutex
	place map[string]int    // a stopping part's case run once → its place in case order
	part  map[string]string // such a case → its part
	first map[string]int    // a part → the place of its first rejected case so far
}

// newStops makes runCases' stops for crs, the cases of one submission,
// or nil when no part of a's rubric stops.
func newStops(a *Assignment, crs []CaseResult) *stops {
	rub := a.Rubric
	if rub == nil {
		return nil
	}
	s := &stops{place: map[string]int{}, part: map[string]string{}, first: map[string]int{}}
	for i, cr := range crs {
		p, ok := rub.Part(cr.Part)
		if !ok || !p.StopAtReject || p.Scoring != rubric.AllOrNothing || a.caseByID(cr.ID).Repeated() {
			continue
		}
		s.place[cr.ID], s.part[cr.ID] = i, cr.Part
	}
	if len(s.place) == 0 {
		return nil
	}
	return s
}

// stops reports whether the case with that ID is of a part that stops.
func (s *stops) stops(id string) bool {
	if s == nil {
		return false
	}
	_, ok := s.place[id]
	return ok
}

// parts lists, per part that stops, the places of its cases in case
// order (they never change: no lock).
func (s *stops) parts() [][]int {
	if s == nil {
		return nil
	}
	byPart, order := map[string][]int{}, []string{}
	for id, i := range s.place {
		p := s.part[id]
		if byPart[p] == nil {
			order = append(order, p)
		}
		byPart[p] = append(byPart[p], i)
	}
	slices.Sort(order)
	out := make([][]int, 0, len(order))
	for _, p := range order {
		slices.Sort(byPart[p])
		out = append(out, byPart[p])
	}
	return out
}

// skips reports whether the case with that ID is not to run: a case of
// its part before it was rejected.
func (s *stops) skips(id string) bool {
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	i, ok := s.place[id]
	if !ok {
		return false
	}
	f, stopped := s.first[s.part[id]]
	return stopped && f < i
}

// judged records cr, a case that ran: a rejection that stands stops its
// part for the cases after it. A grader failure does not (the result is
// to be graded again), nor a run stopped on the wall clock that will be
// run again (rerunWaited), whose second run may pass.
func (s *stops) judged(cr *CaseResult) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	i, ok := s.place[cr.ID]
	if !ok || cr.Verdict == Pass || cr.Verdict == GraderFailure || cr.Verdict == NotRun || cr.Waited && !cr.uncrowded {
		return
	}
	if f, stopped := s.first[cr.Part]; !stopped || i < f {
		s.first[cr.Part] = i
	}
}

// settle makes crs, once every case has run, what stopping gives
// whatever order the cases took their cores in: per part that stops, its
// first rejected case in case order, from the final verdicts (a rerun
// included), is the one it stopped at, and every case after it is not
// run, even one that started before the rejection was known. The same
// inputs then give the same results, and no score changes (the part is
// all or nothing).
func (s *stops) settle(crs []CaseResult) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.first)
	for _, places := range s.parts() {
		stopped := false
		for _, i := range places {
			cr := &crs[i]
			if stopped {
				*cr = CaseResult{ID: cr.ID, Part: cr.Part, Args: cr.Args, Visibility: cr.Visibility, RunResult: RunResult{Verdict: NotRun}}
				continue
			}
			if v := cr.Verdict; v != Pass && v != GraderFailure && v != NotRun {
				s.first[cr.Part], stopped = i, true
			}
		}
	}
}

// notes says, per part that stopped with cases not run, how many and why.
func (s *stops) notes(crs []CaseResult) []string {
	if s == nil {
		return nil
	}
	count, order := map[string]int{}, []string{}
	for _, cr := range crs {
		if cr.Verdict != NotRun {
			continue
		}
		if count[cr.Part] == 0 {
			order = append(order, cr.Part)
		}
		count[cr.Part]++
	}
	var out []string
	for _, p := range order {
		first := "case " + crs[s.first[p]].ID
		if crs[s.first[p]].Visibility == cases.Hidden { // the notes are the student's too
			first = "a hidden case"
		}
		out = append(out, fmt.Sprintf("part %s: %d cases not run after %s was rejected: the part is all or nothing, and a contest's judge stops at its first rejected case (on_reject: break)", p, count[p], first))
	}
	return out
}
