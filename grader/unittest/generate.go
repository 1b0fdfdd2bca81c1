package unittest

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/unittest/pybridge"
	"github.com/cs540-tools/autograder/sandbox"
)

// Tooler is what GenerateCases needs of a runner: the preset's tools
// (runner.Sandboxed has them).
type Tooler interface {
	Tools(ctx context.Context) ([]runner.Tool, error)
}

// GenerateCases are the case files of a unit-test assignment's tests, as
// its parts' test files declare them: one per test ("<class>.<method>"
// for JUnit, read from the sources without their comments; for pytest,
// one per collected test, a parametrized test's instances each, as
// pytest --collect-only finds them in a box). A test is hidden when its
// file's name holds "hidden" (any case: FractionHiddenTest.java,
// test_stats_hidden.py), public otherwise. ok is false when the rubric's
// judge is not a unit-test framework. A test the instructor disabled
// (declared.disabled) gets no case: notes says so, one line a test.
func GenerateCases(ctx context.Context, r *rubric.Rubric, run Tooler) (cs []cases.Case, notes []string, ok bool, err error) {
	fw := generatorFor(r)
	if fw == nil {
		return nil, nil, false, nil
	}
	for _, p := range r.Parts {
		j := &Judge{fw: fw, limits: r.Limits}
		if err := j.load(filepath.Join(r.CasesDir, filepath.FromSlash(p.Cases))); err != nil {
			return nil, nil, true, err
		}
		j.link()
		ids, err := j.discover(ctx, r, run)
		if err != nil {
			return nil, nil, true, err
		}
		notes = append(notes, disabledNotes(j.sources)...)
		for _, id := range ids {
			if j.disabled(id) {
				continue
			}
			vis := cases.Public
			if strings.Contains(strings.ToLower(fw.fileOf(id)), "hidden") {
				vis = cases.Hidden
			}
			cs = append(cs, cases.Case{ID: path.Join(p.Cases, id), Part: p.Cases, Visibility: vis, Check: fw.name()})
		}
	}
	return cs, notes, true, nil
}

// disabled reports whether the test id (an instance of a parametrized
// one, too) is one its file disables.
func (j *Judge) disabled(id string) bool {
	for _, s := range j.sources {
		if s.name == j.fw.fileOf(id) {
			return slices.ContainsFunc(s.tests, func(d declared) bool { return d.id == declaredID(id) && d.disabled != "" })
		}
	}
	return false
}

// generatorFor is the framework of a unit-test assignment: the rubric's
// judge ("junit", "pytest"), or its build language's framework when its
// parts' folders hold a file that declares a test (the judge each case
// names is then the framework's). Nil for any other
// assignment.
func generatorFor(r *rubric.Rubric) *framework {
	for _, fw := range frameworks {
		if r.Judge.Name == fw.name() {
			return fw
		}
		if r.Build.Language != fw.tc.Name {
			continue
		}
		j := &Judge{fw: fw}
		for _, p := range r.Parts {
			if j.load(filepath.Join(r.CasesDir, filepath.FromSlash(p.Cases))) != nil {
				return nil
			}
		}
		if slices.ContainsFunc(j.sources, func(s source) bool { return len(s.tests) > 0 }) {
			return fw
		}
	}
	return nil
}

// discover lists the tests of the judge's files, sorted.
func (j *Judge) discover(ctx context.Context, r *rubric.Rubric, run Tooler) ([]string, error) {
	var ids []string
	if j.fw.collects {
		var err error
		if ids, err = j.collect(ctx, r, run); err != nil {
			return nil, err
		}
	} else {
		for _, s := range j.sources {
			for _, d := range s.tests {
				ids = append(ids, d.id)
			}
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids), nil
}

// collect runs pytest --collect-only on the judge's test files in a box:
// the student's modules (the rubric's required files) stand-ins that
// answer nothing, no student box.
func (j *Judge) collect(ctx context.Context, r *rubric.Rubric, run Tooler) ([]string, error) {
	tools, err := run.Tools(ctx)
	if err != nil {
		return nil, err
	}
	py, err := tool(tools, j.fw.tc.Tests.Runner)
	if err != nil {
		return nil, err
	}
	files := append(instructorFiles(j.sources), pybridge.TestFiles(bridgeDir)...)
	files = append(files, sandbox.File{Name: box + "/pytest.ini", Data: []byte(pytestIni)})
	args := []string{"-I", "-B", bridgeDir + "/run.py", "--collect", strings.Join(pybridge.Modules(r.Submission.Required), ","), box,
		"-p", "no:cacheprovider", "-c", box + "/pytest.ini", "--rootdir", box, "--confcutdir", box,
		"--collect-only", "-q", "--color=no"}
	var tests []string
	for _, s := range j.sources {
		if len(s.tests) > 0 {
			tests = append(tests, s.name)
			args = append(args, box+"/"+s.name)
		}
	}
	if len(tests) == 0 {
		return nil, nil
	}
	res, err := sandbox.Run(ctx, sandbox.Spec{Path: py.Path, Args: args, Files: files, Env: []string{"PYTEST_DISABLE_PLUGIN_AUTOLOAD=1"},
		Limits: sandbox.Limits{Wall: r.Limits.BuildWall + r.Limits.Wall, Memory: r.Limits.Memory}})
	if err != nil {
		return nil, err
	}
	if !res.OK() {
		return nil, fmt.Errorf("collecting the tests of %s: pytest ended with status %d:\n%s%s", strings.Join(tests, ", "), res.ExitCode, shorten(string(res.Stdout)), shorten(string(res.Stderr)))
	}
	return collected(res.Stdout), nil
}

// collected reads pytest --collect-only -q's node IDs as test IDs:
// "test_calc.py::TestX::test_y[1-2]" is "test_calc.TestX.test_y[1-2]".
func collected(out []byte) []string {
	var ids []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		file, rest, ok := strings.Cut(line, "::")
		if !ok || !strings.HasSuffix(file, ".py") {
			continue
		}
		mod := strings.TrimSuffix(path.Base(file), ".py")
		ids = append(ids, mod+"."+strings.ReplaceAll(rest, "::", "."))
	}
	return ids
}
