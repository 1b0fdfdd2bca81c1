package grader

import (
	"context"
	"fmt"
	"slices"

	"github.com/cs540-tools/autograder/grader/submission"
)

// Grade builds and runs one submission and scores it, stage by stage:
// sources (what of it is built, sources.go), run (the build, the suites,
// each case's runs, each run decided as it ends: run.go, decide.go),
// diagnose (the catalogued mistakes behind its failures, diagnose.go),
// score (score.go). A submission that goes no further than a stage (an
// unreadable archive, a missing file, a failed build) has that stage's
// status and a zero. LateDays comes from the batch (Canvas markers, a CSV
// of times); 0 means on time.
func (a *Assignment) Grade(ctx context.Context, run Runner, sub submission.Submission, lateDays int, opt Options) (Result, error) {
	return a.grade(ctx, run, sub.ID, a.sources(sub, lateDays), lateDays, opt)
}

// grade is Grade of the submission id whose sources stage made src: a
// batch makes it once, for its Preparer and for the grading.
func (a *Assignment) grade(ctx context.Context, run Runner, id string, src sources, lateDays int, opt Options) (Result, error) {
	res := a.blank(id, lateDays, opt)
	res.Provenance = a.provenance(run)
	res.Files = src.handed
	if src.status != "" {
		a.fail(&res, src.status, src.note)
		return res, nil
	}
	res.Notes = append(res.Notes, src.notes...)
	if opt.Cores == nil {
		opt.Cores = NewCores(1)
	}
	st, err := runStage{built: true}, error(nil)
	if !a.TestsOnly() {
		st, err = a.run(ctx, run, src.files, &res, opt)
	}
	if err == nil && st.built {
		err = gradeTests(ctx, a.tests, a.suiteParts, src.all, &res, opt.Secret)
	}
	switch {
	case ctx.Err() != nil:
		return res, ctx.Err()
	case err != nil:
		return res, fmt.Errorf("%s: %w", id, err)
	case !st.built:
		a.fail(&res, StatusCompile, st.note)
		return res, nil
	}
	a.diagnoses(&res)
	boundEvidence(&res)
	res.Flags = append(append(res.Flags, judgeFailures(res.Cases)...), st.flags...)
	pct, _ := a.Rubric.Late.Penalty(lateDays)
	a.score(&res, src.deduct, pct)
	unjudged(&res)
	return res, nil
}

// provenance describes what grades with run.
func (a *Assignment) provenance(run Runner) *Provenance {
	l := a.Rubric.Limits
	p := &Provenance{RubricSHA256: a.Rubric.SHA256(), CasesSHA256: a.CasesHash, JudgeSHA256: a.JudgesHash(), Reference: a.Rubric.Reference,
		WallMS: l.Wall.Milliseconds(), CPUMS: l.CPU.Milliseconds(), MemoryBytes: l.Memory, OutputBytes: l.Output}
	if d, ok := run.(Describer); ok {
		p.Runtime = d.Runtime()
	}
	if d, ok := run.(StackDescriber); ok {
		p.Stack = d.Stack()
	}
	return p
}

// blank lays out every case the run will judge, in rubric order.
func (a *Assignment) blank(id string, lateDays int, opt Options) Result {
	res := Result{ID: id, MaxScore: a.Rubric.Total, LateDays: lateDays, Status: Graded, Parts: []PartResult{}, Cases: []CaseResult{}}
	for i, p := range a.Rubric.Parts {
		pr := PartResult{ID: p.ID, Name: p.Name, MaxScore: p.Points}
		for _, c := range a.Parts[i] {
			if p.Tests != nil { // the instructor's own cases: never run on a submission
				break
			}
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

// fail gives the submission status st and a zero, and every case st's
// verdict.
func (a *Assignment) fail(res *Result, st Status, note string) {
	res.Status = st
	if note != "" {
		res.Notes = append(res.Notes, note)
	}
	res.Notes = append(res.Notes, a.testsNotJudged(st)...)
	for i := range res.Cases {
		res.Cases[i].Verdict = st.Verdict()
	}
	a.score(res, 0, 0)
	if st != Graded {
		res.Score = 0
	}
}

// testsNotJudged says, for each tests part, why a submission of status st
// (not graded) has no tests judged: the status scores the whole
// submission 0, the tests part with it, though the part's tests depend on
// no program.
func (a *Assignment) testsNotJudged(st Status) []string {
	var notes []string
	for _, p := range a.Rubric.Parts {
		if p.Tests != nil && st != Graded {
			notes = append(notes, fmt.Sprintf("part %s: your tests were not judged: %s, which scores the whole submission 0, this part included", p.ID, st.Describe()))
		}
	}
	return notes
}
