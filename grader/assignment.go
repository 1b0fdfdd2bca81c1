package grader

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"iter"
	"maps"
	"path"
	"slices"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/grader/rubric"
)

// Assignment is a rubric with its cases, loaded and checked.
type Assignment struct {
	Rubric *rubric.Rubric
	// Parts holds each rubric part's cases, in rubric order.
	Parts [][]cases.Case
	// HiddenWeight is, by part ID, the weight of the part's cases this
	// rubric does not hold: a student kit's hidden tests, which the kit
	// counts and weighs but never holds. A case's Points is its share of
	// its whole part, these included.
	HiddenWeight map[string]float64
	// CasesHash identifies the case set (see cases.Hash).
	CasesHash string
	// Reference is the rubric's reference program (reference = ...; see
	// SetReference): the judge of "check: reference" cases, and, when it
	// is a Diagnoser, of every wrong answer's mistakes; nil when the
	// rubric names none.
	Reference  Judge
	judges     map[string]Judge // by a case's check key; "" is the rubric's [judge]
	mode       compare.Mode
	tests      map[string]*mutation.Part      // the tests parts, by part ID
	suiteParts map[string]*mutation.SuitePart // the tests parts of unit-test suites, by part ID
}

// JudgesHash identifies what the assignment's judges decide by beyond the
// rubric and the cases (a checker program's source: see Fingerprinter);
// "" when nothing.
func (a *Assignment) JudgesHash() string {
	keys := slices.Sorted(maps.Keys(a.judges))
	h := sha256.New()
	n := 0
	for _, k := range keys {
		if fp, ok := a.judges[k].(Fingerprinter); ok {
			fmt.Fprintf(h, "%q %q\n", k, fp.Fingerprint())
			n++
		}
	}
	if fp, ok := a.Reference.(Fingerprinter); ok {
		fmt.Fprintf(h, "reference %q\n", fp.Fingerprint())
		n++
	}
	if n == 0 {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

// SetReference gives the assignment a reference program (NewAssignment
// gives it the judge its rubric names; tests give others). It
// fails when a "check: reference" case would have no reference to check it.
func (a *Assignment) SetReference(j Judge) error {
	if j == nil {
		for _, cs := range a.Parts {
			for _, c := range cs {
				if c.Check == cases.CheckReference {
					return fmt.Errorf("%s: check: %s, but the rubric %s names no reference program: %w", c.Path, c.Check, a.Rubric.Path, cases.ErrInvalid)
				}
			}
		}
	}
	a.Reference = j
	return nil
}

// LoadAssignment reads a rubric and the cases of each of its parts; js
// are the judges it may name beside the grader's own (nil: none).
func LoadAssignment(rubricPath string, js Judges) (*Assignment, error) {
	r, err := rubric.Load(rubricPath)
	if err != nil {
		return nil, err
	}
	return NewAssignment(r, js)
}

// NewAssignment loads the cases of a parsed rubric; js are the judges it
// may name beside the grader's own (nil: none).
func NewAssignment(r *rubric.Rubric, js Judges) (*Assignment, error) {
	var parts [][]cases.Case
	for _, p := range r.Parts {
		cs, err := cases.LoadPart(r.CasesDir, p.Cases)
		if err != nil {
			return nil, err
		}
		if len(cs) == 0 && (p.Tests == nil || p.Tests.Folder == "") {
			return nil, fmt.Errorf("%s: part %q has no cases in %s: %w", r.Path, p.ID, path.Join(r.CasesDir, p.Cases), rubric.ErrInvalid)
		}
		parts = append(parts, cs)
	}
	return NewAssignmentOf(r, parts, js)
}

// NewAssignmentOf makes the assignment of a rubric and its parts' cases,
// read elsewhere (package grader/problem reads them from a problem
// package): parts[i] are the cases of r.Parts[i], at least one each; js
// are the judges it may name beside the grader's own (nil: none).
func NewAssignmentOf(r *rubric.Rubric, parts [][]cases.Case, js Judges) (*Assignment, error) {
	if len(parts) != len(r.Parts) {
		return nil, fmt.Errorf("grader: %d parts of cases for the %d parts of %s", len(parts), len(r.Parts), r.Path)
	}
	a := &Assignment{Rubric: r, Parts: parts}
	mode, err := compare.ParseMode(r.Compare.Mode)
	if err != nil {
		return nil, err
	}
	a.mode = mode
	var all []cases.Case
	for _, cs := range parts {
		all = append(all, cs...)
	}
	a.CasesHash = cases.Hash(all)
	if err := a.makeJudges(js); err != nil {
		return nil, err
	}
	if err := a.planSuites(); err != nil {
		return nil, err
	}
	if a.tests, a.suiteParts, err = makeTestParts(r, parts, js, mode); err != nil {
		return nil, err
	}
	return a, nil
}

// makeJudges makes the rubric's judges: its [judge], its reference and
// each one a case's check key names, each one of js or the grader's own.
func (a *Assignment) makeJudges(js Judges) error {
	r := a.Rubric
	a.judges = map[string]Judge{}
	jd, err := js.makeJudge(r.Judge.Name, r)
	if err != nil {
		return fmt.Errorf("%s: judge %q: %v: %w", r.Path, r.Judge.Name, err, rubric.ErrInvalid)
	}
	a.judges[""] = jd
	var ref Judge
	if r.Reference != "" {
		if ref, err = js.makeJudge(r.Reference, r); err != nil {
			return fmt.Errorf("%s: reference %q: %v: %w", r.Path, r.Reference, err, rubric.ErrInvalid)
		}
	}
	if err := a.SetReference(ref); err != nil {
		return err
	}
	for _, cs := range a.Parts {
		for _, c := range cs {
			if _, ok := a.judges[c.Check]; ok || c.Check == cases.CheckReference {
				continue
			}
			if a.judges[c.Check], err = js.makeJudge(c.Check, r); err != nil {
				return fmt.Errorf("%s: check: %s: %v: %w", c.Path, c.Check, err, cases.ErrInvalid)
			}
		}
	}
	return nil
}

// judgeFor returns the judge of case c: its check key's, or the rubric's.
func (a *Assignment) judgeFor(c cases.Case) Judge {
	if c.Check == cases.CheckReference {
		return a.Reference
	}
	return a.judges[c.Check]
}

// find is the assignment's case with that ID and its part's ID, if it
// has one.
func (a *Assignment) find(id string) (c cases.Case, part string, ok bool) {
	for i, cs := range a.Parts {
		for _, c := range cs {
			if c.ID == id {
				return c, a.Rubric.Parts[i].ID, true
			}
		}
	}
	return cases.Case{}, "", false
}

// caseOf is the assignment's case with that ID, if it has one.
func (a *Assignment) caseOf(id string) (cases.Case, bool) {
	c, _, ok := a.find(id)
	return c, ok
}

// caseByID is the assignment's case with that ID, which it has.
func (a *Assignment) caseByID(id string) cases.Case {
	c, ok := a.caseOf(id)
	if !ok {
		panic("grader: unknown case " + id)
	}
	return c
}

func (a *Assignment) Weight(id string) float64 {
	c := a.caseByID(id)
	if w, ok := a.judgeFor(c).(Weigher); ok {
		return w.Weight(c)
	}
	return 1
}

// Weighs reports whether the judge of the case with that ID weighs its
// cases (see Weigher): its cases have Points in a proportional part.
func (a *Assignment) Weighs(id string) bool {
	_, ok := a.judgeFor(a.caseByID(id)).(Weigher)
	return ok
}

// PublicFiles lists the files of the assignment's judges a student may
// see (see PublicFiler), sorted.
func (a *Assignment) PublicFiles() []string {
	return fromJudges(a, PublicFiler.PublicFiles)
}

// HiddenFiles lists the files of the assignment's judges a student must
// never see (see HiddenFiler), sorted.
func (a *Assignment) HiddenFiles() []string {
	return fromJudges(a, HiddenFiler.HiddenFiles)
}

// KitRefusals lists why a student kit may not ship the judges' public
// files (see KitRefuser), sorted; none when it may.
func (a *Assignment) KitRefusals() []string {
	return fromJudges(a, func(kr KitRefuser) []string {
		if r := kr.KitRefusal(); r != "" {
			return []string{r}
		}
		return nil
	})
}

// SetupNotes lists the judges' notes for the TA (see SetupNoter),
// sorted.
func (a *Assignment) SetupNotes() []string {
	return fromJudges(a, SetupNoter.SetupNotes)
}

// fromJudges gathers what list says of each of a's judges that is a T,
// sorted, each once.
func fromJudges[T any](a *Assignment, list func(T) []string) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(a.judges)) {
		if j, ok := a.judges[k].(T); ok {
			out = append(out, list(j)...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Suites reports whether any case of the assignment is a suite's test
// (see Suite): such cases run only in the sandbox, one run per
// submission, never in a warm JVM.
func (a *Assignment) Suites() bool {
	for _, jd := range a.judges {
		if _, ok := jd.(Suite); ok {
			return true
		}
	}
	return false
}

// suiteKey is the key of case c's judge among the assignment's judges:
// its check key ("" for the rubric's [judge]); a "check: reference"
// case's judge, the reference, is none of them.
func suiteKey(c cases.Case) string {
	if c.Check == cases.CheckReference {
		return "\x00reference"
	}
	return c.Check
}

// suites are the assignment's Suite judges by their key (suiteKey), in
// the keys' order.
func (a *Assignment) suites() iter.Seq2[string, Suite] {
	return func(yield func(string, Suite) bool) {
		for _, k := range slices.Sorted(maps.Keys(a.judges)) {
			if s, ok := a.judges[k].(Suite); ok && !yield(k, s) {
				return
			}
		}
	}
}

// planSuites gives each Suite its cases (Suite.Plan).
func (a *Assignment) planSuites() error {
	for k, s := range a.suites() {
		var cs []cases.Case
		for _, part := range a.Parts {
			for _, c := range part {
				if suiteKey(c) == k {
					cs = append(cs, c)
				}
			}
		}
		if err := s.Plan(cs); err != nil {
			return fmt.Errorf("%s: %w", a.Rubric.Path, err)
		}
	}
	return nil
}

// runSuites runs each Suite once for the cases of res that name it, on a
// core of the context's, and returns every such case's outcome; its

// TestsOnly reports whether every part of the assignment grades the tests
// a student writes ([part.tests]): nothing of a submission is built or run.
func (a *Assignment) TestsOnly() bool { return len(a.tests)+len(a.suiteParts) == len(a.Rubric.Parts) }
