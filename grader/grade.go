package grader

import (
	"context"
	"fmt"
	"math"
	"path"
	"slices"
	"strings"

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
	// Oracle is the rubric's reference program (see SetOracle); nil when
	// the rubric names none.
	Oracle Oracle
	mode   compare.Mode
}

// SetOracle gives the assignment a reference program (NewAssignment
// gives it the registered one its rubric names; tests give others). It
// fails when a "check: reference" case would have no reference to check it.
func (a *Assignment) SetOracle(o Oracle) error {
	if o == nil {
		for _, cs := range a.Parts {
			for _, c := range cs {
				if c.Check != "" {
					return fmt.Errorf("%s: check: %s, but the rubric %s names no reference program: %w", c.Path, c.Check, a.Rubric.Path, cases.ErrInvalid)
				}
			}
		}
	}
	a.Oracle = o
	return nil
}

// LoadAssignment reads a rubric and the cases of each of its parts.
func LoadAssignment(rubricPath string) (*Assignment, error) {
	r, err := rubric.Load(rubricPath)
	if err != nil {
		return nil, err
	}
	return NewAssignment(r)
}

// NewAssignment loads the cases of a parsed rubric.
func NewAssignment(r *rubric.Rubric) (*Assignment, error) {
	a := &Assignment{Rubric: r}
	mode, err := compare.ParseMode(r.Compare.Mode)
	if err != nil {
		return nil, err
	}
	a.mode = mode
	var all []cases.Case
	for _, p := range r.Parts {
		cs, err := cases.LoadPart(r.CasesDir, p.Cases)
		if err != nil {
			return nil, err
		}
		if len(cs) == 0 {
			return nil, fmt.Errorf("%s: part %q has no cases in %s: %w", r.Path, p.ID, path.Join(r.CasesDir, p.Cases), rubric.ErrInvalid)
		}
		a.Parts = append(a.Parts, cs)
		all = append(all, cs...)
	}
	a.CasesHash = cases.Hash(all)
	var o Oracle
	if r.Reference != "" {
		if o, err = lookupOracle(r.Reference); err != nil {
			return nil, fmt.Errorf("%s: reference %q: %v: %w", r.Path, r.Reference, err, rubric.ErrInvalid)
		}
	}
	if err := a.SetOracle(o); err != nil {
		return nil, err
	}
	return a, nil
}

// Options shape one grading run.
type Options struct {
	// Visibility, when set, runs only cases of that visibility ("public"
	// for a student's check).
	Visibility string
	// Timings records each run's wall time in CaseResult.TimeMS.
	Timings bool
}

// Grade builds and runs one submission and scores it. LateDays comes from
// the batch (Canvas markers, a CSV of times); 0 means on time.
func (a *Assignment) Grade(ctx context.Context, run Runner, sub submission.Submission, lateDays int, opt Options) (Result, error) {
	res := a.blank(sub.ID, lateDays, opt)
	res.Provenance = a.provenance(run)
	pct, accepted := a.Rubric.Late.Penalty(lateDays)
	switch {
	case sub.Problem != "":
		a.fail(&res, StatusUnread, Unreadable, sub.Problem)
		return res, nil
	case !accepted:
		a.fail(&res, StatusLate, NotAccepted, fmt.Sprintf("%s late: the late policy accepts at most %d", Days(lateDays), len(a.Rubric.Late.Penalties)))
		return res, nil
	}
	src := a.sources(sub)
	if src.status != "" {
		a.fail(&res, src.status, src.verdict, src.note)
		return res, nil
	}
	files, deduct := src.files, src.deduct
	res.Notes = append(res.Notes, src.notes...)
	b, err := run.Build(ctx, files)
	if err != nil {
		return res, fmt.Errorf("%s: build: %w", sub.ID, err)
	}
	if !b.OK {
		res.BuildLog = b.Log
		a.fail(&res, StatusCompile, CompileError, "")
		return res, nil
	}
	defer b.Program.Close()
	for i := range res.Cases {
		cr := &res.Cases[i]
		c := a.caseByID(cr.ID)
		ex, err := b.Program.Run(ctx, Input{Args: c.Args, Stdin: c.Stdin})
		if err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			return res, fmt.Errorf("%s: case %s: %w", sub.ID, c.ID, err)
		}
		a.judge(cr, c, ex, opt)
	}
	a.diagnoses(&res)
	if n, ok := b.Program.(Noter); ok {
		res.Notes = append(res.Notes, n.Notes()...)
	}
	if f, ok := b.Program.(Flagger); ok {
		res.Flags = append(res.Flags, f.Flags()...)
	}
	a.score(&res, deduct, pct)
	return res, nil
}

// provenance describes what grades with run.
func (a *Assignment) provenance(run Runner) *Provenance {
	l := a.Rubric.Limits
	p := &Provenance{RubricSHA256: a.Rubric.SHA256(), CasesSHA256: a.CasesHash, Reference: a.Rubric.Reference,
		WallMS: l.Wall.Milliseconds(), CPUMS: l.CPU.Milliseconds(), MemoryBytes: l.Memory, OutputBytes: l.Output}
	if d, ok := run.(Describer); ok {
		p.Runtime = d.Runtime()
	}
	return p
}

// sources is what Grade makes of a submission's files before it builds:
// the files to build with the deduction and notes they bring, or, when
// status is set, why nothing is built.
type sources struct {
	files  []submission.File
	deduct float64
	notes  []string

	status  Status
	verdict Verdict
	note    string
}

func (a *Assignment) sources(sub submission.Submission) sources {
	files, missing, ambiguous := a.pickFiles(sub.Files)
	if len(missing) > 0 {
		return sources{status: StatusMissing, verdict: MissingFile, note: "missing " + strings.Join(missing, ", ")}
	}
	var src sources
	if ambiguous != "" {
		src.notes = append(src.notes, ambiguous)
	}
	var dropped []string
	files, dropped = a.dropProducts(files)
	src.notes = append(src.notes, dropped...)
	if found := packageFiles(files); len(found) > 0 {
		switch a.Rubric.Submission.Package {
		case "reject":
			return sources{status: StatusReject, verdict: Rejected, note: fmt.Sprintf("%s has a package statement; the assignment asks for none", strings.Join(found, ", "))}
		case "strip":
			files = stripPackage(files)
			src.deduct = a.Rubric.Submission.PackagePenalty
			src.notes = append(src.notes, fmt.Sprintf("%s has a package statement: removed before building, %s points deducted", strings.Join(found, ", "), formatPoints(src.deduct)))
		default:
			src.notes = append(src.notes, fmt.Sprintf("%s has a package statement; the assignment asks for none", strings.Join(found, ", ")))
		}
	}
	src.files = files
	return src
}

// dropProducts leaves out what a compiler makes (class files, jars, object
// files): a submission is built from its sources alone, whatever it
// brought. Required files and the rubric's submission.allow are kept.
func (a *Assignment) dropProducts(files []submission.File) ([]submission.File, []string) {
	s := a.Rubric.Submission
	var ignored []string
	files = slices.DeleteFunc(slices.Clone(files), func(f submission.File) bool {
		base := path.Base(f.Name)
		if !a.Rubric.Build.Product(f.Name) || slices.Contains(s.Required, base) || slices.Contains(s.Allow, base) {
			return false
		}
		ignored = append(ignored, f.Name)
		return true
	})
	if len(ignored) == 0 {
		return files, nil
	}
	return files, []string{fmt.Sprintf("ignored %s: only sources are built", strings.Join(ignored, ", "))}
}

// BuildFiles returns the files Grade gives the runner's Build for sub,
// nil when it would build nothing (the submission is unreadable, late
// past the policy, missing a file or rejected). A Preparer is given these.
func (a *Assignment) BuildFiles(sub submission.Submission, lateDays int) []submission.File {
	if _, ok := a.Rubric.Late.Penalty(lateDays); !ok || sub.Problem != "" {
		return nil
	}
	src := a.sources(sub)
	if src.status != "" {
		return nil
	}
	return src.files
}

// blank lays out every case the run will judge, in rubric order.
func (a *Assignment) blank(id string, lateDays int, opt Options) Result {
	res := Result{ID: id, MaxScore: a.Rubric.Total, LateDays: lateDays, Status: Graded, Parts: []PartResult{}, Cases: []CaseResult{}}
	for i, p := range a.Rubric.Parts {
		pr := PartResult{ID: p.ID, Name: p.Name, MaxScore: p.Points}
		for _, c := range a.Parts[i] {
			if opt.Visibility != "" && string(c.Visibility) != opt.Visibility {
				continue
			}
			pr.Total++
			res.Cases = append(res.Cases, CaseResult{ID: c.ID, Part: p.ID, Args: c.Args, Visibility: string(c.Visibility)})
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

// fail gives every case the same verdict and the submission a zero.
func (a *Assignment) fail(res *Result, st Status, v Verdict, note string) {
	res.Status = st
	if note != "" {
		res.Notes = append(res.Notes, note)
	}
	for i := range res.Cases {
		res.Cases[i].Verdict = v
	}
	a.score(res, 0, 0)
	if st != Graded {
		res.Score = 0
	}
}

// judge turns one execution into a verdict.
func (a *Assignment) judge(cr *CaseResult, c cases.Case, ex Execution, opt Options) {
	cr.ExitCode, cr.Signal, cr.Limit = ex.ExitCode, ex.Signal, ex.Limit
	cr.Stderr = excerpt(ex.Stderr, 2048)
	if opt.Timings {
		ms := ex.Time.Milliseconds()
		cr.TimeMS = &ms
	}
	switch {
	case ex.Limit == Wall || ex.Limit == CPU:
		cr.Verdict = Timeout
		return
	// The runner reads a program's own report of running out of memory
	// (a JVM's OutOfMemoryError) by its language preset.
	case ex.Limit == Memory:
		cr.Verdict = MemoryLimit
		return
	case ex.Limit == Output:
		cr.Verdict = OutputLimit
		return
	case ex.Limit != None || ex.ExitCode != 0 || ex.Signal != "":
		cr.Verdict = RuntimeError
		return
	}
	part, _ := a.Rubric.Part(cr.Part)
	if c.Check != "" {
		if v := a.Oracle.Check(c.Args, ex.Stdout, part.Readings); v != nil {
			cr.Verdict = WrongAnswer
			cr.Violation = v
			a.diagnose(cr, ex.Stdout, part.Readings)
			return
		}
		cr.Verdict = Pass
		return
	}
	accepted := c.Accepts(part.Readings)
	for _, o := range accepted {
		if compare.Equal(o.Stdout, ex.Stdout, a.mode) {
			cr.Verdict = Pass
			if len(o.Readings) > 0 {
				cr.Reading = strings.Join(o.Readings, ",")
			}
			return
		}
	}
	cr.Verdict = WrongAnswer
	if len(accepted) > 0 {
		m := compare.Explain(accepted[0].Stdout, ex.Stdout, a.mode)
		cr.Mismatch = &Mismatch{Line: m.Line, Expected: m.Expected, Got: m.Got, Diff: m.Diff}
	}
	a.diagnose(cr, ex.Stdout, part.Readings)
}

// diagnoses gathers the cases' mistakes into the result, with hints: the
// mistake that explains the most cases first, and none whose cases are a
// strict part of another's (several mistakes can print the same wrong
// output on some command line; the one that explains more is the likely
// one). Mistakes that explain exactly the same cases are one diagnosis,
// the first named and the others its alternatives.
func (a *Assignment) diagnoses(res *Result) {
	var all []Diagnosis
	for _, cr := range res.Cases {
		for _, name := range cr.Mistakes {
			i := slices.IndexFunc(all, func(d Diagnosis) bool { return d.Mistake == name })
			if i < 0 {
				all = append(all, Diagnosis{Mistake: name})
				i = len(all) - 1
			}
			all[i].Cases = append(all[i].Cases, cr.ID)
		}
	}
	slices.SortStableFunc(all, func(x, y Diagnosis) int { return len(y.Cases) - len(x.Cases) })
	for _, d := range all {
		covered := slices.ContainsFunc(res.Diagnoses, func(k Diagnosis) bool {
			return len(k.Cases) > len(d.Cases) && !slices.ContainsFunc(d.Cases, func(id string) bool { return !slices.Contains(k.Cases, id) })
		})
		if covered {
			continue
		}
		i := slices.IndexFunc(res.Diagnoses, func(k Diagnosis) bool { return slices.Equal(k.Cases, d.Cases) })
		if i < 0 {
			d.Hint = a.Oracle.Hint(d.Mistake)
			res.Diagnoses = append(res.Diagnoses, d)
			continue
		}
		k := &res.Diagnoses[i]
		k.Alternatives = append(k.Alternatives, d.Mistake)
		if h := a.Oracle.Hint(d.Mistake); h != "" && !slices.Contains(strings.Split(k.Hint, "\n\n"), h) {
			k.Hint = strings.TrimPrefix(k.Hint+"\n\n"+h, "\n\n")
		}
	}
}

// diagnose names the known mistakes whose output, under a reading the
// part accepts, is the wrong answer got, as the comparison sees it. A
// seed -1 run is random: a mistake can only be named when its output
// does not depend on the seed.
func (a *Assignment) diagnose(cr *CaseResult, got []byte, readings []string) {
	if a.Oracle == nil {
		return
	}
	for _, m := range a.Oracle.Mistakes(cr.Args, readings) {
		if !slices.Contains(cr.Mistakes, m.Name) && compare.Equal(m.Stdout, got, a.mode) {
			cr.Mistakes = append(cr.Mistakes, m.Name)
		}
	}
}

// score fills the part scores and the total: proportional parts earn
// points x passed / total, all-or-nothing parts all or none; each part's
// score is rounded to two decimals, the total is their sum less deductions,
// never below zero. A late penalty is a percentage of the assignment's
// total points, as in the handout ("10% of the total points ... deducted").
func (a *Assignment) score(res *Result, deduct, latePct float64) {
	total := 0.0
	for i := range res.Parts {
		pr := &res.Parts[i]
		pr.Passed = 0
		for _, c := range res.Cases {
			if c.Part == pr.ID && c.Verdict == Pass {
				pr.Passed++
			}
		}
		p, _ := a.Rubric.Part(pr.ID)
		switch {
		case pr.Total == 0:
			pr.Score = 0
		case p.Scoring == "all-or-nothing":
			if pr.Passed == pr.Total {
				pr.Score = pr.MaxScore
			}
		default:
			pr.Score = round2(pr.MaxScore * float64(pr.Passed) / float64(pr.Total))
		}
		total += pr.Score
	}
	res.Penalty = round2(a.Rubric.Total * latePct / 100)
	res.Score = round2(math.Max(0, total-deduct-res.Penalty))
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

func excerpt(b []byte, n int) string {
	if len(b) <= n {
		return string(b)
	}
	return string(b[:n]) + fmt.Sprintf("\n... (%d more bytes)", len(b)-n)
}

// pickFiles picks the files to build: the folder holding the first required
// file (the shallowest if several) and every file directly in it. Students
// zip folders in many ways (hw4/EightQueen.java, src/...); the required
// names are what anchors the build. When more than one such file is the
// shallowest, the first by name is used and ambiguous is a note naming
// them all.
func (a *Assignment) pickFiles(files []submission.File) (picked []submission.File, missing []string, ambiguous string) {
	req := a.Rubric.Submission.Required
	if len(req) == 0 {
		return files, nil, ""
	}
	var candidates []string // the shallowest files named req[0], by name
	depth := math.MaxInt
	for _, f := range files {
		if path.Base(f.Name) == req[0] {
			switch d := strings.Count(f.Name, "/"); {
			case d < depth:
				candidates, depth = []string{f.Name}, d
			case d == depth:
				candidates = append(candidates, f.Name)
			}
		}
	}
	if len(candidates) == 0 {
		return nil, slices.Clone(req), ""
	}
	slices.Sort(candidates)
	dir := path.Dir(candidates[0])
	if len(candidates) > 1 {
		ambiguous = fmt.Sprintf("%d files named %s at the same depth: built %s, ignored %s",
			len(candidates), req[0], candidates[0], strings.Join(candidates[1:], ", "))
	}
	for _, f := range files {
		if path.Dir(f.Name) == dir {
			picked = append(picked, submission.File{Name: path.Base(f.Name), Data: f.Data})
		}
	}
	for _, r := range req {
		if !slices.ContainsFunc(picked, func(f submission.File) bool { return f.Name == r }) {
			missing = append(missing, r)
		}
	}
	return picked, missing, ambiguous
}

// packageFiles names the Java sources with a package statement (one in a
// comment or a string is none).
func packageFiles(files []submission.File) []string {
	var out []string
	for _, f := range files {
		if _, _, _, ok := submission.JavaPackage(f.Data); ok && strings.HasSuffix(f.Name, ".java") {
			out = append(out, f.Name)
		}
	}
	return out
}

// stripPackage blanks package statements, keeping line numbers and columns
// for javac's messages.
func stripPackage(files []submission.File) []submission.File {
	out := slices.Clone(files)
	for i, f := range out {
		if _, start, end, ok := submission.JavaPackage(f.Data); ok && strings.HasSuffix(f.Name, ".java") {
			data := slices.Clone(f.Data)
			for k := start; k < end; k++ {
				if data[k] != '\n' && data[k] != '\r' {
					data[k] = ' '
				}
			}
			out[i].Data = data
		}
	}
	return out
}
