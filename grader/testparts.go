package grader

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
)

// Tests parts ([part.tests], package grader/mutation): a part that grades
// the tests a student writes. Its cases are the instructor's own; the
// student's case files are data, never built or run.

// makeTestParts makes each tests part of r (by part ID), its
// implementations from the judge of js its rubric names, and checks it
// against the part's own cases (parts[i] are r.Parts[i]'s): a line of the
// error per problem, each naming the rubric and the part. A part with an
// implementations folder is a suite part (suites).
func makeTestParts(r *rubric.Rubric, parts [][]cases.Case, js Judges, mode compare.Mode) (map[string]*mutation.Part, map[string]*mutation.SuitePart, error) {
	out, suites := map[string]*mutation.Part{}, map[string]*mutation.SuitePart{}
	var lines []string
	for i, p := range r.Parts {
		if p.Tests == nil {
			continue
		}
		pre := fmt.Sprintf("%s: part %q: ", r.Path, p.ID)
		jd, err := js.makeJudge(p.Tests.Implementations, r)
		if err != nil {
			lines = append(lines, fmt.Sprintf("%simplementations %q: %v", pre, p.Tests.Implementations, err))
			continue
		}
		t := p.Tests
		cfg := mutation.Config{PerBug: t.PerBug, Ceiling: t.Ceiling, MaxTests: t.MaxTests, MaxRuns: t.MaxRuns, MaxWall: t.MaxWall, MaxBytes: t.MaxBytes,
			RunWall: r.Limits.Wall + r.Limits.CPU, OwnCode: t.OwnCode,
			Files: t.Files, Bugs: t.Bugs, Show: mutation.Show(t.Show), Mode: mode}
		if fp, ok := jd.(mutation.FolderProvider); ok && t.Folder != "" {
			mp, err := programsPart(r, t, fp, cfg, parts[i])
			if err != nil {
				for _, l := range strings.Split(err.Error(), "\n") {
					lines = append(lines, pre+l)
				}
				continue
			}
			out[p.ID] = mp
			continue
		}
		if t.Folder != "" {
			sp, err := suitePart(r, t, jd, cfg)
			if err != nil {
				for _, l := range strings.Split(err.Error(), "\n") {
					lines = append(lines, pre+l)
				}
				continue
			}
			suites[p.ID] = sp
			continue
		}
		prov, ok := jd.(mutation.Provider)
		if !ok {
			lines = append(lines, fmt.Sprintf("%simplementations %q: that judge provides no implementations", pre, p.Tests.Implementations))
			continue
		}
		mp, err := mutation.NewPart(context.Background(), cfg, prov.Implementations(), parts[i])
		if err != nil {
			for _, l := range strings.Split(err.Error(), "\n") {
				lines = append(lines, pre+l)
			}
			continue
		}
		out[p.ID] = mp
	}
	if len(lines) > 0 {
		return nil, nil, problems(lines)
	}
	return out, suites, nil
}

// programsPart makes a tests part of case files whose implementations
// are the programs of the part's folder (fp builds them), checked on the
// part's own cases as any such part's are.
func programsPart(r *rubric.Rubric, t *rubric.Tests, fp mutation.FolderProvider, cfg mutation.Config, own []cases.Case) (*mutation.Part, error) {
	if t.Own != "" {
		return nil, fmt.Errorf("own: the implementations %q are programs judged by their output: the part's own tests are its cases", t.Implementations)
	}
	if t.OwnCode {
		return nil, fmt.Errorf("own_code: the implementations %q are programs judged by their output: a student's tests are case files, not code", t.Implementations)
	}
	ctx := context.Background()
	impls, err := fp.Programs(ctx, filepath.Join(r.CasesDir, filepath.FromSlash(t.Folder)))
	if err != nil {
		return nil, err
	}
	return mutation.NewPart(ctx, cfg, impls, own)
}

// suitePart makes a suite part of the judge jd (a SuiteProvider) and the
// part's implementations folder.
func suitePart(r *rubric.Rubric, t *rubric.Tests, jd Judge, cfg mutation.Config) (*mutation.SuitePart, error) {
	prov, ok := jd.(mutation.SuiteProvider)
	if !ok {
		return nil, fmt.Errorf("implementations %q: that judge runs no students' test suites", t.Implementations)
	}
	s, err := prov.Suites(context.Background(), filepath.Join(r.CasesDir, filepath.FromSlash(t.Folder)))
	if err != nil {
		return nil, err
	}
	return mutation.NewSuitePart(cfg, s)
}

// problems are a rubric's problems, a line each (Lines): the command line
// prints each on a line of its own. It wraps rubric.ErrInvalid.
type problems []string

func (p problems) Error() string   { return strings.Join(p, "\n") }
func (p problems) Lines() []string { return p }
func (p problems) Unwrap() error   { return rubric.ErrInvalid }

// gradeTests grades each tests part of res on the submission's files;
// secret orders a suite part's runs.
func gradeTests(ctx context.Context, tp map[string]*mutation.Part, sp map[string]*mutation.SuitePart, files []submission.File, res *Result, secret []byte) error {
	for i := range res.Parts {
		var (
			tr  mutation.Result
			err error
		)
		if mp, ok := tp[res.Parts[i].ID]; ok {
			tr, err = mp.Grade(ctx, files)
		} else if s, ok := sp[res.Parts[i].ID]; ok {
			tr, err = s.Grade(ctx, files, secret)
		} else {
			continue
		}
		if err != nil {
			return fmt.Errorf("part %s: %w", res.Parts[i].ID, err)
		}
		res.Parts[i].Tests = &tr
		if n := tr.IgnoredNote(); n != "" {
			res.Notes = append(res.Notes, fmt.Sprintf("part %s: %s", res.Parts[i].ID, n))
		}
	}
	return nil
}
