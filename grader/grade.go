package grader

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"math"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
)

// Assignment is a rubric with its cases, loaded and checked.
type Assignment struct {
	Rubric *rubric.Rubric
	// Parts holds each rubric part's cases, in rubric order.
	Parts [][]cases.Case
	// CasesHash identifies the case set (see cases.Hash).
	CasesHash string
	// Reference is the rubric's reference program (reference = ...; see
	// SetReference): the judge of "check: reference" cases, and, when it
	// is a Diagnoser, of every wrong answer's mistakes; nil when the
	// rubric names none.
	Reference Judge
	judges    map[string]Judge // by a case's check key; "" is the rubric's [judge]
	mode      compare.Mode
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
		if len(cs) == 0 {
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

// Options shape one grading run.
type Options struct {
	// Visibility, when set, runs only cases of that visibility ("public"
	// for a student's check).
	Visibility string
	// Timings records each run's wall time in CaseResult.TimeMS.
	Timings bool
	// Cases, when set, runs only the cases with these IDs.
	Cases []string
	// KeepStdout keeps each run's whole stdout in CaseResult.Stdout.
	KeepStdout bool
	// Secret is the batch's secret (grade keeps one per --out): a
	// repeated case's runs start their clocks at times drawn from it (see
	// Input.Secret), which no program can know ahead. nil (check, whose
	// cases are public) draws them from the case IDs alone.
	Secret []byte
	// Progress, when set, hears of each case judged, one call at a time,
	// in the order they finish (check's progress line); it must not
	// change the result it is shown.
	Progress func(CaseEvent)
	// outcomes are the suite cases' outcomes (see Suite), by case ID.
	outcomes map[string]Outcome
}

// CaseEvent reports one case of a submission judged, for progress output.
type CaseEvent struct {
	Done, Total int // cases judged so far, of all
	Case        CaseResult
}

// Grade builds and runs one submission and scores it. LateDays comes from
// the batch (Canvas markers, a CSV of times); 0 means on time.
func (a *Assignment) Grade(ctx context.Context, run Runner, sub submission.Submission, lateDays int, opt Options) (Result, error) {
	res := a.blank(sub.ID, lateDays, opt)
	res.Provenance = a.provenance(run)
	pct, accepted := a.Rubric.Late.Penalty(lateDays)
	switch {
	case sub.Problem != "":
		a.fail(&res, StatusUnread, sub.Problem)
		return res, nil
	case !accepted:
		a.fail(&res, StatusLate, fmt.Sprintf("%s late: the late policy accepts at most %d", Days(lateDays), len(a.Rubric.Late.Penalties)))
		return res, nil
	}
	src := a.sources(sub)
	if src.status != "" {
		a.fail(&res, src.status, src.note)
		return res, nil
	}
	files, deduct := src.files, src.deduct
	res.Notes = append(res.Notes, sub.Skipped...)
	res.Notes = append(res.Notes, src.notes...)
	cores := coresOf(ctx)
	if cores == nil {
		cores = NewCores(1)
		ctx = WithCores(ctx, cores)
	}
	b, err := build(ctx, cores, run, files)
	if err != nil {
		return res, fmt.Errorf("%s: build: %w", sub.ID, err)
	}
	if b.Runtime != "" {
		res.Provenance.Runtime = b.Runtime
	}
	if !b.OK {
		res.BuildLog = b.Log
		a.fail(&res, StatusCompile, b.Note)
		return res, nil
	}
	defer b.Program.Close()
	if opt.outcomes, err = a.runSuites(ctx, run, b.Program, &res); err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		return res, fmt.Errorf("%s: %w", sub.ID, err)
	}
	if err := a.runCases(ctx, b.Program, res.Cases, opt); err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		return res, fmt.Errorf("%s: %w", sub.ID, err)
	}
	a.diagnoses(&res)
	boundEvidence(&res)
	for _, cr := range res.Cases {
		if cr.Verdict == GraderFailure {
			res.Flags = append(res.Flags, fmt.Sprintf("case %s: the judge failed, regrade: %s", cr.ID, cr.JudgeLog))
		}
	}
	if f, ok := b.Program.(Flagger); ok {
		res.Flags = append(res.Flags, f.Flags()...)
	}
	a.score(&res, deduct, pct)
	unjudged(&res)
	return res, nil
}

// unjudged makes a result with a case the grader failed to judge (a
// checker that crashed) a grader failure: never a score, which would
// count the grader's failure against the student. Its cases keep their
// verdicts, as evidence; its score and its parts' scores are 0, and a
// note says which cases were not judged.
func unjudged(res *Result) {
	var ids []string
	for _, cr := range res.Cases {
		if cr.Verdict == GraderFailure {
			ids = append(ids, cr.ID)
		}
	}
	if len(ids) == 0 {
		return
	}
	res.Status, res.Score, res.Penalty = StatusFailed, 0, 0
	for i := range res.Parts {
		res.Parts[i].Score = 0
	}
	what := "case " + ids[0]
	if len(ids) > 1 {
		what = fmt.Sprintf("%d cases (%s)", len(ids), strings.Join(ids, ", "))
	}
	res.Notes = append(res.Notes, fmt.Sprintf("not graded: the grader failed to judge %s, which says nothing of the program; it is to be regraded", what))
}

// build builds the files on a core of cores.
func build(ctx context.Context, cores *Cores, run Runner, files []submission.File) (Build, error) {
	ctx, done, err := cores.take(ctx)
	if err != nil {
		return Build{}, err
	}
	defer done()
	return run.Build(ctx, files)
}

// runCases runs and judges the cases into crs, side by side as far as the
// context's Cores allow (each run takes a core, see runOnce); each case
// writes only its own CaseResult, so the order they finish in changes
// nothing. The error is the first case's, in case order.
func (a *Assignment) runCases(ctx context.Context, prog Program, crs []CaseResult, opt Options) error {
	errs := make([]error, len(crs))
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done int
	)
	for i := range crs {
		wg.Go(func() {
			c := a.caseByID(crs[i].ID)
			if err := a.runCase(ctx, prog, &crs[i], c, opt); err != nil {
				errs[i] = fmt.Errorf("case %s: %w", c.ID, err)
				return
			}
			if opt.Progress != nil {
				mu.Lock()
				defer mu.Unlock()
				done++
				opt.Progress(CaseEvent{Done: done, Total: len(crs), Case: crs[i]})
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// provenance describes what grades with run.
func (a *Assignment) provenance(run Runner) *Provenance {
	l := a.Rubric.Limits
	p := &Provenance{RubricSHA256: a.Rubric.SHA256(), CasesSHA256: a.CasesHash, JudgeSHA256: a.JudgesHash(), Reference: a.Rubric.Reference,
		WallMS: l.Wall.Milliseconds(), CPUMS: l.CPU.Milliseconds(), MemoryBytes: l.Memory, OutputBytes: l.Output}
	if d, ok := run.(Describer); ok {
		p.Runtime = d.Runtime()
	}
	return p
}

// blank lays out every case the run will judge, in rubric order.
func (a *Assignment) blank(id string, lateDays int, opt Options) Result {
	res := Result{ID: id, MaxScore: a.Rubric.Total, LateDays: lateDays, Status: Graded, Parts: []PartResult{}, Cases: []CaseResult{}}
	for i, p := range a.Rubric.Parts {
		pr := PartResult{ID: p.ID, Name: p.Name, MaxScore: p.Points}
		for _, c := range a.Parts[i] {
			if opt.Visibility != "" && string(c.Visibility) != opt.Visibility || opt.Cases != nil && !slices.Contains(opt.Cases, c.ID) {
				continue
			}
			pr.Total++
			res.Cases = append(res.Cases, CaseResult{ID: c.ID, Part: p.ID, Args: c.Args, Visibility: c.Visibility})
		}
		res.Parts = append(res.Parts, pr)
	}
	return res
}

func (a *Assignment) caseByID(id string) cases.Case {
	for _, cs := range a.Parts {
		for _, c := range cs {
			if c.ID == id {
				return c
			}
		}
	}
	panic("grader: unknown case " + id)
}

// fail gives the submission status st and a zero, and every case st's
// verdict.
func (a *Assignment) fail(res *Result, st Status, note string) {
	res.Status = st
	if note != "" {
		res.Notes = append(res.Notes, note)
	}
	for i := range res.Cases {
		res.Cases[i].Verdict = st.Verdict()
	}
	a.score(res, 0, 0)
	if st != Graded {
		res.Score = 0
	}
}

// score fills the part scores and the total: proportional parts earn
// points x credit / cases (a passed case is worth 1, one a judge gave
// partial credit its score; each times its weight, see Weigher, over
// the cases' total weight), all-or-nothing parts all or none, min parts
// points x the least credit of a case; each part's
// score is rounded to two decimals, the total is their sum less deductions,
// never below zero. A late penalty is a percentage of the assignment's
// total points, as in the handout ("10% of the total points ... deducted").
func (a *Assignment) score(res *Result, deduct, latePct float64) {
	total := 0.0
	for i := range res.Parts {
		pr := &res.Parts[i]
		pr.Passed = 0
		credit, weight := 0.0, 0.0 // passed cases, and the partial credit judges gave; of what weight
		for _, c := range res.Cases {
			if c.Part != pr.ID {
				continue
			}
			if c.Verdict == Pass {
				pr.Passed++
			}
			w := a.Weight(c.ID)
			credit += caseCredit(c) * w
			weight += w
		}
		p, _ := a.Rubric.Part(pr.ID)
		switch {
		case pr.Total == 0:
			pr.Score = 0
		case p.Scoring == rubric.AllOrNothing:
			if pr.Passed == pr.Total {
				pr.Score = pr.MaxScore
			}
		case p.Scoring == rubric.Min:
			pr.Score = round2(pr.MaxScore * a.least(res, pr.ID))
		default:
			pr.Score = round2(pr.MaxScore * credit / weight)
			a.casePoints(res, pr.ID, pr.MaxScore, weight)
		}
		total += pr.Score
	}
	res.Penalty = round2(a.Rubric.Total * latePct / 100)
	res.Score = round2(math.Max(0, total-deduct-res.Penalty))
}

// casePoints sets the points each case of a proportional part is worth,
// for the cases a Weigher judges: so that a part's "9 / 10 passed" and its
// score reconcile, case by case.
func (a *Assignment) casePoints(res *Result, part string, max, weight float64) {
	for i := range res.Cases {
		c := &res.Cases[i]
		if c.Part != part || weight <= 0 {
			continue
		}
		if _, ok := a.judgeFor(a.caseByID(c.ID)).(Weigher); ok {
			pts := round2(max * a.Weight(c.ID) / weight)
			c.Points = &pts
		}
	}
}

// least is the smallest credit of a part's cases: 1 for a pass, a
// judge's partial credit, 0 for any other verdict.
func (a *Assignment) least(res *Result, part string) float64 {
	least := 1.0
	for _, c := range res.Cases {
		switch {
		case c.Part != part:
		case c.Score != nil:
			least = min(least, *c.Score)
		case c.Verdict != Pass:
			least = 0
		}
	}
	return least
}

// Days writes a count of days as a sentence does: "1 day", "3 days".
func Days(n int) string {
	if n == 1 {
		return "1 day"
	}
	return fmt.Sprintf("%d days", n)
}

// round2 rounds half away from zero to two decimals.
func round2(x float64) float64 { return math.Round(x*100) / 100 }

func formatPoints(x float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", x), "0"), ".")
}
