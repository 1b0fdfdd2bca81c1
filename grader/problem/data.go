package problem

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"go.yaml.in/yaml/v3"
)

// pkg is a package read: its rubric and each part's cases.
type pkg struct {
	rubric *rubric.Rubric
	parts  [][]cases.Case
}

// read reads the package in dir; its test data is generated (into the
// cache) when generators/generators.yaml says how. warn gets what a TA
// should be told.
func read(ctx context.Context, dir string, warn io.Writer) (*pkg, error) {
	file := filepath.Join(dir, File)
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	m, err := parseMeta(file, raw)
	if err != nil {
		return nil, err
	}
	content := &bytes.Buffer{}
	fmt.Fprintf(content, "%s\n%s", File, raw)
	if !m.timeSet {
		if m.limits.CPU, m.timeSet, err = givenTimelimit(dir, m); err != nil {
			return nil, err
		}
	}
	m.timeLimit()
	data := dir // the folder holding data/
	if Generated(dir) {
		if data, err = GeneratedData(ctx, dir, warn); err != nil {
			return nil, err
		}
	}
	if err := unsupportedFolders(dir, data); err != nil {
		return nil, err
	}
	include, err := readInclude(filepath.Join(dir, "include"), m.constants, content)
	if err != nil {
		return nil, err
	}
	root, err := groupSettings(filepath.Join(data, "data"), "", m, defaults, content)
	if err != nil {
		return nil, err
	}
	var groups []group
	for _, top := range []string{"sample", "secret"} {
		gs, err := walk(data, top, m, root, content)
		if err != nil {
			return nil, err
		}
		groups = append(groups, gs...)
	}
	sampleOnly, err := samplesAlone(data, groups, warn)
	if err != nil {
		return nil, err
	}
	var parts []rubric.Part
	if m.final {
		if groups, err = finalGroups(data, groups, m.scoring); err != nil {
			return nil, err
		}
		secret, err := groupSettings(filepath.Join(data, "data", "secret"), "secret", m, root, &bytes.Buffer{})
		if err != nil {
			return nil, err
		}
		if parts, err = finalParts(data, m, groups, secret); err != nil {
			return nil, err
		}
	}
	j, err := judge(dir, data, m, groups, content)
	if err != nil {
		return nil, err
	}
	r := &rubric.Rubric{
		Name: m.name, Path: file, CasesDir: filepath.Join(data, "data"),
		Submission: rubric.Submission{Package: rubric.PackageReport},
		Build:      rubric.Build{Language: rubric.Auto, Languages: m.languages, Include: include, Main: pythonEntry, Runtime: rubric.JudgesRuntime},
		Limits:     m.limits, Compare: rubric.Compare{Mode: "lines"}, Judge: j,
		Report: rubric.Report{Hidden: rubric.HiddenVerdict, Gradescope: rubric.GradescopeAfterDueDate},
	}
	p := &pkg{rubric: r}
	for i, g := range groups {
		part := partOf(g, m.scoring)
		if m.final {
			part = parts[i]
		}
		if sampleOnly {
			part = sampleGraded(part, len(g.cases))
		}
		r.Parts = append(r.Parts, part)
		r.Total += part.Points
		p.parts = append(p.parts, g.cases)
	}
	if r.Total <= 0 {
		return nil, badf(file, "the secret groups are worth no points")
	}
	r.SetContent(content.Bytes())
	return p, nil
}

// pythonEntry is the format's entry point of a Python submission of
// several files (__main__.py), as a rubric's Build.Main names it.
const pythonEntry = "__main__"

// walk reads the group data/rel and the groups below it, in name order.
// parent is the settings the group inherits; content gathers the files
// that shape grading, for the rubric's hash.
func walk(dir, rel string, m meta, parent settings, content *bytes.Buffer) ([]group, error) {
	folder := filepath.Join(dir, "data", filepath.FromSlash(rel))
	entries, err := os.ReadDir(folder)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	set, err := groupSettings(folder, rel, m, parent, content)
	if err != nil {
		return nil, err
	}
	g := group{path: rel, set: set}
	var sub []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case e.IsDir():
			sub = append(sub, name)
		case strings.HasSuffix(name, ".in"):
			c, err := readCase(folder, rel, strings.TrimSuffix(name, ".in"), m, set, content)
			if err != nil {
				return nil, err
			}
			g.cases = append(g.cases, c)
		}
	}
	var out []group
	if len(g.cases) > 0 {
		out = append(out, g)
	}
	for _, s := range sub {
		gs, err := walk(dir, path.Join(rel, s), m, set, content)
		if err != nil {
			return nil, err
		}
		out = append(out, gs...)
	}
	return out, nil
}

// readCase reads the case NAME.in, NAME.ans of a group's folder, and its
// NAME.yaml if there is one: its command line (args) and its output
// validator's arguments, else the group's (set); content gathers the
// yaml for the rubric's hash.
func readCase(folder, rel, name string, m meta, set settings, content *bytes.Buffer) (cases.Case, error) {
	in, err := os.ReadFile(filepath.Join(folder, name+".in"))
	if err != nil {
		return cases.Case{}, err
	}
	c := cases.Case{ID: partID(rel) + "/" + name, Part: partID(rel), Stdin: in, Visibility: cases.Hidden,
		Path: filepath.Join(folder, name+".in")}
	if strings.HasPrefix(rel, "sample") {
		c.Visibility = cases.Public
	}
	ans, err := os.ReadFile(filepath.Join(folder, name+".ans"))
	switch {
	case err == nil:
		c.Outputs = []cases.Output{{Stdout: ans}}
	case errors.Is(err, os.ErrNotExist) && m.interactive:
	case errors.Is(err, os.ErrNotExist):
		return cases.Case{}, badf(filepath.Join(folder, name+".in"), "no answer file %s.ans beside it", name)
	default:
		return cases.Case{}, err
	}
	if isDir(filepath.Join(folder, name+".files")) {
		return cases.Case{}, badf(filepath.Join(folder, name+".files"),
			"the grader does not copy a test case's files into the program's folder; give the data on standard input")
	}
	if set, err = caseSettings(filepath.Join(folder, name+".yaml"), path.Join(rel, name+".yaml"), set, content); err != nil {
		return cases.Case{}, err
	}
	c.Args = slices.Clone(set.args)
	if set.flagsSet {
		c.JudgeArgs = append(slices.Clone(m.flags), set.flags...)
		if c.JudgeArgs == nil {
			c.JudgeArgs = []string{}
		}
	}
	return c, nil
}

// partOf makes a group's rubric part: see the package documentation.
func partOf(g group, scoring bool) rubric.Part {
	p := rubric.Part{ID: partID(g.path), Name: g.path, Cases: g.path, Scoring: rubric.Proportional}
	n := float64(len(g.cases))
	switch {
	case !scoring:
		p.Points = n
		if g.set.onReject == "break" {
			p.Scoring, p.StopAtReject = rubric.AllOrNothing, true
		}
	case strings.HasPrefix(g.path, "sample"):
		// Samples are judged and shown, worth nothing, as in the formats.
	default:
		p.Points = g.set.acceptScore * n
		switch g.set.aggregation {
		case "min":
			p.Points, p.Scoring = g.set.acceptScore, rubric.Min
		case "pass-fail":
			p.Scoring = rubric.AllOrNothing
		}
		if g.set.score != nil {
			p.Points = *g.set.score
		}
	}
	return p
}

// judge makes the rubric's [judge]: the package's output validator, or
// the default one ("tokens"), with problem.yaml's validator_flags; a case
// whose group or own yaml gives the validator arguments has them in its
// JudgeArgs (checked here for the default validator).
func judge(dir, data string, m meta, groups []group, content *bytes.Buffer) (rubric.Judge, error) {
	j := rubric.Judge{Name: "tokens", Flags: m.flags}
	if m.modern && (isDir(filepath.Join(dir, "output_validator")) || isDir(filepath.Join(dir, "output_validators"))) {
		m.custom = true // 2023-07 has no validation key: the program is the sign
	}
	if !m.custom {
		return j, tokenArgs(data, groups)
	}
	checker, err := validator(dir, m)
	if err != nil {
		return j, err
	}
	if err := hashProgram(checker, content); err != nil {
		return j, err
	}
	j.Name, j.Checker, j.Interactive, j.Constants = "checker", checker, m.interactive, m.constants
	j.MultiplierOnly, j.JudgeErrors = m.final, true
	if m.multipass {
		j.Passes = m.passes
	}
	j.CheckerCPU, j.CheckerWall = checkerCPU, checkerWall
	if m.validation > 0 {
		j.CheckerCPU = m.validation
	}
	if m.interactive {
		// It talks with the program as long as the program runs, which
		// cases verify may give the margin of time_limit_to_tle.
		j.CheckerWall += m.limits.Wall + tleMargin(m, m.limits.CPU)
	}
	return j, nil
}

// tokenArgs checks the cases' own arguments of the default validator.
func tokenArgs(dir string, groups []group) error {
	for _, g := range groups {
		for _, c := range g.cases {
			if c.JudgeArgs == nil {
				continue
			}
			if _, err := compare.ParseValidatorFlags(c.JudgeArgs); err != nil {
				return badf(filepath.Join(dir, "data", filepath.FromSlash(g.path)), "case %s: output validator arguments: %v", c.ID, err)
			}
		}
	}
	return nil
}

// validator finds the output validator program: output_validator/
// (2023-07 and 2025-09) or output_validators/ (legacy; 2023-07 drafts
// read either). As problemtools loads them, a program there is a single
// file or a folder of its own: output_validator/ is the program when it
// holds its files, or the one program it holds (a file or a folder, as
// Kattis' guess example ships output_validator/guess_validator/);
// output_validators/ holds one program.
func validator(dir string, m meta) (string, error) {
	file := filepath.Join(dir, File)
	for _, name := range []string{"output_validator", "output_validators"} {
		folder := filepath.Join(dir, name)
		if !isDir(folder) {
			continue
		}
		prog, err := programIn(folder, name == "output_validator")
		if err != nil {
			return "", err
		}
		return prog, nil
	}
	if m.modern {
		return "", badf(file, "the problem needs a custom output validator, but output_validator/ holds none")
	}
	return "", badf(file, "validation is custom, but output_validators/ holds no validator")
}

// programIn finds the one program in folder: a file or a folder of its
// own; when whole, a folder holding files directly is itself the program.
func programIn(folder string, whole bool) (string, error) {
	entries, err := os.ReadDir(folder)
	if err != nil {
		return "", err
	}
	var files, dirs []string
	for _, e := range entries {
		switch n := e.Name(); {
		case strings.HasPrefix(n, "."):
		case e.IsDir():
			dirs = append(dirs, n)
		default:
			files = append(files, n)
		}
	}
	switch {
	case len(files)+len(dirs) == 0:
		return "", badf(folder, "no output validator here")
	case whole && len(dirs) == 0:
		return folder, nil
	case len(files)+len(dirs) == 1:
		return filepath.Join(folder, slices.Concat(files, dirs)[0]), nil
	case whole && len(dirs) == 1 && len(files) > 0:
		return "", badf(folder, "both files (%s) and a folder (%s): hold one program, its files here or in the folder", strings.Join(files, ", "), dirs[0])
	}
	// Beside others, a file in no language is no program, as problemtools
	// finds them (BAPCtools' skeleton leaves validate.ctd.template there).
	files = slices.DeleteFunc(files, func(n string) bool { return toolchain.ByExt(filepath.Ext(n)) == nil })
	if len(files)+len(dirs) == 1 {
		return filepath.Join(folder, slices.Concat(files, dirs)[0]), nil
	}
	all := slices.Concat(dirs, files)
	slices.Sort(all)
	return "", badf(folder, "%d output validators (%s): the grader runs one", len(all), strings.Join(all, ", "))
}

// hashProgram adds a program's files (a file, or a folder's regular
// files and links to regular files: submission.ProgramFile) to content;
// a link that leads nowhere or to a folder is an error naming it.
func hashProgram(p string, content *bytes.Buffer) error {
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real // a validator that is a link to its folder
	}
	return filepath.WalkDir(p, func(f string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if file, err := submission.ProgramFile(filepath.Dir(f), d); err != nil || !file {
			return err
		}
		data, err := os.ReadFile(f)
		if err == nil {
			rel, _ := filepath.Rel(p, f)
			fmt.Fprintf(content, "\n%s %d\n%s", filepath.ToSlash(rel), len(data), data)
		}
		return err
	})
}

// groupSettings reads a group's testdata.yaml (or test_group.yaml), or
// inherits parent's: see the package documentation.
func groupSettings(folder, rel string, m meta, parent settings, content *bytes.Buffer) (settings, error) {
	set := parent
	switch {
	case m.final:
		finalDefaults(rel, &set)
	case m.modern:
		set.score, set.aggregation = nil, "sum"
		if rel != "secret" {
			set.aggregation = parent.aggregation
		}
	}
	for _, name := range []string{"testdata.yaml", "test_group.yaml"} {
		file := filepath.Join(folder, name)
		data, err := os.ReadFile(file)
		if errors.Is(err, os.ErrNotExist) {
			continue
		} else if err != nil {
			return set, err
		}
		fmt.Fprintf(content, "\n%s %d\n%s", path.Join(rel, name), len(data), data)
		data = m.constants.Replace(data)
		if !m.modern {
			set = defaults // a legacy group's file replaces its ancestor's
		}
		if m.final {
			var raw map[string]any
			if yaml.Unmarshal(data, &raw) == nil {
				if err := finalKeys(file, rel, raw, m.scoring); err != nil {
					return set, err
				}
			}
		}
		return parseSettings(file, data, set)
	}
	return set, nil
}

// samplesAlone says whether the package is graded on its samples alone:
// data/secret holds no case (or is absent), as BAPCtools and DOMjudge
// grade such a package, with a warning to warn. No case at all is an
// error.
func samplesAlone(data string, groups []group, warn io.Writer) (bool, error) {
	secret := filepath.Join(data, "data", "secret")
	if slices.ContainsFunc(groups, func(g group) bool { return strings.HasPrefix(g.path, "secret") }) {
		return false, nil
	}
	if len(groups) == 0 {
		return false, badf(secret, "no test case (NAME.in) here, in a group below, or in data/sample")
	}
	if warn != nil {
		fmt.Fprintf(warn, "warning: %s: no test case: the samples alone are graded, each worth a point\n", secret)
	}
	return true, nil
}

// sampleGraded makes a sample part of a sample-only package count: a
// point a case, proportional.
func sampleGraded(p rubric.Part, n int) rubric.Part {
	p.Points, p.Scoring = float64(n), rubric.Proportional
	return p
}
