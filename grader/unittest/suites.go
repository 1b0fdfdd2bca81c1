package unittest

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader/clip"
	"github.com/cs540-tools/autograder/grader/mutation"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/unittest/pybridge"
	"github.com/cs540-tools/autograder/grader/unittest/relay"
	"github.com/cs540-tools/autograder/sandbox"
)

// Students' pytest suites graded against the instructor's
// implementations (package grader/mutation's suite parts): the roles of a
// unit-test run reversed. The test box holds pytest, the bridge's test
// side and the student's test file, hostile code; the implementation box
// holds one implementation (the correct one or a bug) and the bridge's
// server, and no file of the student's. Both run with the same
// deterministic settings, and nothing that tells one implementation from
// another crosses but its behaviour: every implementation's files have
// the same names, an exception crosses without its trace, and the test
// box's environment and arguments are the same for every run. The relay
// keeps a transcript of what crossed, from which package mutation decides.

// The implementations folder of a suite part: the correct implementation
// in correct/ (more in correct-NAME/), each bug in bugs/NAME/, a bug's
// one-line hint in its folder's hint.txt.
const (
	correctDir = "correct"
	bugsDir    = "bugs"
	hintFile   = "hint.txt"
)

// determinism is the environment of both boxes of a suite run: a fixed
// hash seed, no bytecode written.
var determinism = []string{"PYTHONHASHSEED=0", "PYTEST_DISABLE_PLUGIN_AUTOLOAD=1", "PYTHONDONTWRITEBYTECODE=1"}

// pySuites runs a student's pytest files against implementations.
type pySuites struct {
	py      string
	modules []string                  // the implementations' module names
	impls   map[string][]sandbox.File // by name
	limits  rubric.Limits
	clock   func(*sandbox.Spec) // fixes the test box's clock; nil when this machine cannot
	setarch string              // util-linux's setarch, which turns address randomisation off; "" when none
	helpers []submission.File   // the submission's Python files (For)
	// The student's own code (For; mutation.OwnCoder): the files named as
	// the implementation's, the student's other Python files, or why the
	// hand-in has none.
	own, ownOthers []sandbox.File
	ownWhy         string
	// The bridge's modules compiled (pybridge.Compiled) for the test box
	// and the implementation's; none when that failed (each box then
	// compiles them at its start, as it would without).
	testPyc, implPyc []sandbox.File
}

// For implements mutation.HelperRunner: the student's Python files
// beside a test file (conftest.py's fixtures and hooks, a helpers.py of
// builders: the student's test code) go in the test box of each of its
// test files in the same folder, never in the implementation's box. A
// file named as one of the implementation's modules stays out: the
// stand-in is what a test imports by that name.
func (s *pySuites) For(files []submission.File) mutation.SuiteRunner {
	t := *s
	t.helpers = nil
	for _, f := range files {
		mod := strings.TrimSuffix(path.Base(f.Name), ".py")
		if path.Ext(f.Name) == ".py" && !slices.Contains(s.modules, mod) {
			t.helpers = append(t.helpers, f)
		}
	}
	var names []string
	for _, impl := range s.impls { // every one's files are named alike
		names = sortedBase(impl)
		break
	}
	t.own, t.ownOthers, t.ownWhy = ownCode(files, names, ".py")
	return &t
}

// OwnCodeMissing implements mutation.OwnCoder: why this submission's
// own code cannot run (For's), "" when it can.
func (s *pySuites) OwnCodeMissing() string { return ownMissing(s.own, s.ownWhy) }

// implFiles are the files of the implementation impl's box: the
// instructor's, or the student's own (mutation.OwnCodeImpl).
func (s *pySuites) implFiles(impl string) ([]sandbox.File, bool) {
	if impl == mutation.OwnCodeImpl {
		return slices.Concat(s.own, s.ownOthers), len(s.own) > 0
	}
	files, ok := s.impls[impl]
	return files, ok
}

// pytestSuites implements mutation.SuiteProvider for pytest: the
// implementations in folder, each a folder of Python files named alike.
func (j *Judge) pytestSuites(ctx context.Context, folder string) (mutation.Suites, error) {
	b, err := rubric.Preset(j.fw.tc.Name, []string{"x.py"})
	if err != nil {
		return mutation.Suites{}, err
	}
	tools, err := runner.New(&rubric.Rubric{Build: b, Limits: j.limits}).Tools(ctx)
	if err != nil {
		return mutation.Suites{}, err
	}
	py, err := tool(tools, j.fw.tc.Tests.Runner)
	if err != nil {
		return mutation.Suites{}, err
	}
	out, err := readSuites(folder, py.Path, j.limits)
	if s, ok := out.Runner.(*pySuites); ok && err == nil {
		s.testPyc, s.implPyc = pybridge.Compiled(ctx, py.Path, bridgeDir, studentDir, sandbox.Spec{Env: slices.Clone(determinism),
			Limits: sandbox.Limits{Wall: j.limits.BuildWall, CPU: j.limits.BuildWall, Memory: j.limits.Memory, Output: 1 << 20}})
	}
	return out, err
}

// readSuites reads the implementations folder.
func readSuites(folder, py string, limits rubric.Limits) (mutation.Suites, error) {
	s := &pySuites{py: py, impls: map[string][]sandbox.File{}, limits: limits, clock: fixedClock(), setarch: setarch()}
	out := mutation.Suites{Runner: s}
	entries, err := os.ReadDir(folder)
	if err != nil {
		return out, fmt.Errorf("implementations: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() && (e.Name() == correctDir || strings.HasPrefix(e.Name(), correctDir+"-")) {
			if err := s.read(filepath.Join(folder, e.Name()), e.Name()); err != nil {
				return out, err
			}
			out.Correct = append(out.Correct, e.Name())
		}
	}
	if len(out.Correct) == 0 {
		return out, fmt.Errorf("implementations %s: no folder %s/", folder, correctDir)
	}
	bugs, err := os.ReadDir(filepath.Join(folder, bugsDir))
	if err != nil {
		return out, fmt.Errorf("implementations: %w", err)
	}
	for _, e := range bugs {
		if e.Type()&fs.ModeSymlink != 0 {
			return out, fmt.Errorf("implementations %s: bugs/%s is a link: give the folder itself", folder, e.Name())
		}
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(folder, bugsDir, e.Name())
		if err := s.read(dir, e.Name()); err != nil {
			return out, err
		}
		hint, _ := os.ReadFile(filepath.Join(dir, hintFile))
		first, _, _ := strings.Cut(strings.TrimSpace(string(hint)), "\n")
		out.Bugs = append(out.Bugs, mutation.Bug{Name: e.Name(), Hint: first})
	}
	var names []string
	for _, f := range s.impls[out.Correct[0]] {
		names = append(names, f.Name)
	}
	s.modules = pybridge.Modules(names)
	for name, files := range s.impls {
		var these []string
		for _, f := range files {
			these = append(these, f.Name)
		}
		if !slices.Equal(these, names) {
			return out, fmt.Errorf("implementations %s: %s holds %s, %s holds %s: every implementation's files must be named alike", folder, name, strings.Join(these, ", "), out.Correct[0], strings.Join(names, ", "))
		}
	}
	return out, nil
}

// read reads one implementation's Python files (its hint left out). A
// .py name that is not a regular file (a link, which may lead out of the
// folder) is refused.
func (s *pySuites) read(dir, name string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("implementation %s: %w", name, err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".py") {
			continue
		}
		if !e.Type().IsRegular() {
			return fmt.Errorf("implementation %s: %s is not a regular file (a link or a folder): give the file itself", name, e.Name())
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return err
		}
		s.impls[name] = append(s.impls[name], sandbox.File{Name: e.Name(), Data: data})
	}
	if len(s.impls[name]) == 0 {
		return fmt.Errorf("implementation %s: no .py file in %s", name, dir)
	}
	return nil
}

// studentTest is where a student's test file sits in the test box: by its
// base name, which the pattern the rubric gives matched.
func studentTest(f submission.File) string { return box + "/" + path.Base(f.Name) }

// seedPlugin seeds Python's random before each test, so that a test's
// "random" values are the same in every run, and turns the cyclic garbage
// collector off, whose timing follows allocations that vary with the
// machine (durations pytest formats): a stand-in in a cycle (a
// pytest.raises traceback's) would be let go, its handle freed, at
// another call from one run to the next.
const seedPlugin = `import gc
import random

gc.disable()


def pytest_runtest_setup(item):
    random.seed(0)
`

// testBox is the test box of a run of the student's file: pytest with the
// bridge (only collecting, or relayed), args after the common ones.
func (s *pySuites) testBox(f submission.File, lim sandbox.Limits, collect bool, args ...string) sandbox.Spec {
	files := append(append(pybridge.TestFiles(bridgeDir), s.testPyc...),
		sandbox.File{Name: bridgeDir + "/autograder_seed.py", Data: []byte(seedPlugin)},
		sandbox.File{Name: box + "/pytest.ini", Data: []byte(pytestIni)},
		sandbox.File{Name: studentTest(f), Data: f.Data})
	for _, h := range s.helpers {
		if path.Dir(h.Name) == path.Dir(f.Name) && h.Name != f.Name {
			files = append(files, sandbox.File{Name: studentTest(h), Data: h.Data})
		}
	}
	all := []string{"-I", "-B", bridgeDir + "/run.py"}
	if collect {
		all = append(all, "--collect")
	}
	all = append(all, strings.Join(s.modules, ","), box, "-p", "autograder_seed",
		"-p", "no:cacheprovider", "-c", box+"/pytest.ini", "--rootdir", box, "--confcutdir", box, "-q", "--color=no")
	all = append(all, args...)
	spec := sandbox.Spec{Path: s.py, Args: all, Files: files, Env: append(slices.Clone(determinism), "AUTOGRADER_BRIDGE_SUITE=1"), Limits: lim}
	if s.clock != nil {
		s.clock(&spec)
	}
	fixAddresses(s.setarch, &spec)
	return spec
}

// fixAddresses makes spec's addresses the same in every run, with
// setarch (util-linux's, "" when this machine has none): with address
// randomisation on, a default repr() or id() differs from one run to the
// next, in either box.
func fixAddresses(setarch string, spec *sandbox.Spec) {
	if setarch == "" {
		return
	}
	spec.Args = append([]string{archName(), "-R", spec.Path}, spec.Args...)
	spec.Path = setarch
}

// archName is the machine's name as setarch takes it (uname -m).
func archName() string {
	if n, ok := map[string]string{"amd64": "x86_64", "arm64": "aarch64", "386": "i686"}[runtime.GOARCH]; ok {
		return n
	}
	return runtime.GOARCH
}

// setarch is util-linux's setarch, every link resolved; "" when this
// machine has none.
func setarch() string {
	p, err := exec.LookPath("setarch")
	if err != nil {
		return ""
	}
	if p, err = filepath.EvalSymlinks(p); err != nil {
		return ""
	}
	return p
}

// pytestNoTests is pytest's exit status when it collected no test.
const pytestNoTests = 5

// maxCollected bounds the bytes of a collection's listing kept.
const maxCollected = 4 << 20

// Collect implements mutation.SuiteRunner: pytest --collect-only in a
// box, the implementation's modules stand-ins that answer nothing.
func (s *pySuites) Collect(ctx context.Context, f submission.File) ([]string, string, error) {
	l := s.limits
	// A file that loops at import is stopped at the CPU limit.
	lim := sandbox.Limits{Wall: l.BuildWall + l.Wall, CPU: l.CPU + collectCPU, Memory: l.Memory, Output: maxCollected}
	spec := s.testBox(f, lim, true, "--collect-only", studentTest(f))
	res, err := sandbox.Run(ctx, spec)
	if err != nil {
		return nil, "", err
	}
	if res.ExitCode == pytestNoTests && res.Limit == sandbox.None && res.Signal == "" {
		return nil, "", nil
	}
	if !res.OK() {
		if res.Limit != sandbox.None {
			return nil, fmt.Sprintf("collecting its tests was stopped at the %s limit", res.Limit), nil
		}
		return nil, "pytest cannot collect its tests: " + asHandedIn(pytestErrors(res.Stdout, res.Stderr)), nil
	}
	var ids []string
	prefix := path.Base(f.Name) + "::"
	sc := bufio.NewScanner(bytes.NewReader(res.Stdout))
	sc.Buffer(nil, maxCollected)
	for sc.Scan() {
		if line := sc.Text(); strings.HasPrefix(line, prefix) {
			ids = append(ids, strings.TrimPrefix(line, prefix))
		}
	}
	return ids, "", nil
}

// asHandedIn is a message of the runs of a student's suite with its
// files named as the student handed them in ("test_cart.py", not the test
// box's "_instructor/test_cart.py": the folder is the unit-test room's,
// where the tests are the instructor's).
func asHandedIn(msg string) string { return strings.ReplaceAll(msg, box+"/", "") }

// pytestErrors is what a failed pytest run says, its error lines first.
func pytestErrors(stdout, stderr []byte) string {
	var keep []string
	for _, line := range strings.Split(string(stdout)+string(stderr), "\n") {
		if strings.HasPrefix(line, "E ") || strings.HasPrefix(line, "ERROR") {
			keep = append(keep, strings.TrimSpace(line))
		}
	}
	if len(keep) == 0 {
		keep = append(keep, strings.TrimSpace(string(stdout)+string(stderr)))
	}
	return clip.Excerpt([]byte(strings.Join(keep, "\n")), 300, 300)
}

// Run implements mutation.SuiteRunner: test id of the file alone, in a
// fresh test box, its calls relayed to a fresh box of the implementation
// impl, with the relay's transcript.
func (s *pySuites) Run(ctx context.Context, f submission.File, id, impl string) (mutation.TestRun, error) {
	files, ok := s.implFiles(impl)
	if !ok {
		return mutation.TestRun{}, fmt.Errorf("no implementation %s", impl)
	}
	l := s.limits
	lim := sandbox.Limits{Wall: 2*l.Wall + l.BuildWall, CPU: 2*l.CPU + l.BuildWall, Memory: l.Memory, Output: 1 << 20}
	sel, selArg := pybridge.SelectFile(bridgeDir, studentTest(f)+"::"+id)
	test := s.testBox(f, studentTestBox(lim, l, collectCPU), false, "-p", pybridge.Plugin, "-p", "pytest_timeout",
		"--junitxml", box+"/report.xml", "-o", "junit_family=xunit1",
		"--timeout", pytestTimeout(perTestSuite(l).Wall), selArg)
	test.Files = append(test.Files, sel)
	test.Collect = []string{box + "/report.xml"}
	errs := clip.New(keepPrinted, keepPrinted)
	test.StderrTo = errs
	student := sandbox.Spec{Path: s.py, Args: []string{"-I", "-B", studentDir + "/server.py"},
		Files: slices.Concat(files, pybridge.StudentFiles(studentDir), s.implPyc),
		Env:   append(slices.Clone(determinism), "AUTOGRADER_BRIDGE_INSTRUCTOR=1"), Limits: lim}
	fixAddresses(s.setarch, &student)
	return suiteRun(ctx, test, student, l, false)
}

// suiteRun relays a run of a student's test (the box test) to a box of
// an implementation (impl) and reads its outcome (runOutcome, many as
// it says).
func suiteRun(ctx context.Context, test, impl sandbox.Spec, l rubric.Limits, many bool) (mutation.TestRun, error) {
	out, err := relay.Run(ctx, relay.Config{Test: test, Student: func() sandbox.Spec { return impl },
		PerTest: perTestSuite(l), Transcript: true})
	if errors.Is(err, relay.ErrProtocol) {
		// The test box runs the student's code: its broken frames are
		// the student's failure, not the grader's.
		return mutation.TestRun{Why: "the test broke the bridge's protocol", Transcript: "broken:" + out.Transcript, Steps: steps(out.Steps)}, nil
	} else if err != nil {
		return mutation.TestRun{}, err
	}
	r := runOutcome(out, many)
	r.Why = asHandedIn(r.Why)
	return r, nil
}

// studentTestBox bounds the box of a student's test in a suite run: the
// implementation box's limits box but for its CPU time, the test's CPU
// limit (the relay's, over both boxes once the test called the
// implementation) and start (the runner's start and collection), so a
// test that loops on its own, never calling the implementation, costs
// that much and not the implementation box's whole allowance.
func studentTestBox(box sandbox.Limits, l rubric.Limits, start time.Duration) sandbox.Limits {
	box.CPU = l.CPU + start
	return box
}

// collectCPU is the CPU time a test box may spend on pytest's start and
// collecting a file beyond its tests' own: pytest collects 10,000 tests
// in about a second.
const collectCPU = 5 * time.Second

// perTestSuite bounds a test of a students' suite run: limits.cpu of
// CPU time (both boxes', once the test called the implementation), which
// stops a loop alike in every run; the wall time far above it
// (limits.wall + limits.build_wall), so that a loaded machine does not
// stop one run of a test and not the other.
func perTestSuite(l rubric.Limits) relay.Limits {
	return relay.Limits{CPU: l.CPU, Wall: l.Wall + l.BuildWall, Printed: maxPrinted, Keep: keepPrinted}
}

// steps are the relay's steps of a transcript as the rules read them.
func steps(b []byte) []mutation.Step {
	out := make([]mutation.Step, 0, len(b)/relay.StepSize)
	for ; len(b) >= relay.StepSize; b = b[relay.StepSize:] {
		out = append(out, mutation.Step{FromTest: b[0] == '>', Sum: binary.BigEndian.Uint64(b[1:relay.StepSize])})
	}
	return out
}

// runOutcome reads a run's outcome from its reports and the relay's
// record: one report of one test (pytest's), or, many set, the reports
// of one test's invocations (JUnit's: a parameterized test reports each),
// passing when every one passed and the run ended as a passing run ends.
func runOutcome(out relay.Result, many bool) mutation.TestRun {
	r := mutation.TestRun{Transcript: out.Transcript, Steps: steps(out.Steps)}
	var reps []Reported
	for _, f := range out.Test.Files {
		rs, err := Parse(f.Data)
		if err != nil {
			r.Why = "the run wrote no readable report: " + boxEnd(out.Test)
			return died(r, out)
		}
		reps = append(reps, rs...)
	}
	switch {
	case len(out.Test.Files) == 0 || !many && len(out.Test.Files) != 1:
		r.Why = "the run wrote no report: " + boxEnd(out.Test)
	case len(reps) == 0 || !many && len(reps) != 1:
		r.Why = fmt.Sprintf("the run reported %d tests, not one", len(reps))
	default:
		r.Passed = true
		for _, rep := range reps {
			if rep.Status != Passed {
				r.Passed, r.Why = false, rep.Message
				if rep.Status == Skipped {
					// JUnit writes a skip's reason as the element's text
					r.Why = "skipped: " + cmp.Or(rep.Message, strings.TrimSpace(rep.Trace))
				}
				break
			}
		}
		if r.Passed && !out.Test.OK() {
			r.Passed, r.Why = false, "the run "+boxEnd(out.Test)
		}
	}
	return died(r, out)
}

// died fails a run in which the implementation's process ended: its own
// end is its behaviour, in the transcript; the test fails whatever it
// reports.
func died(r mutation.TestRun, out relay.Result) mutation.TestRun {
	for _, t := range out.Tests {
		if t.Died != nil {
			r.Passed, r.Why = false, implementationDied(t.Died)
		}
	}
	return r
}

// implementationDied says how the implementation's box ended in a test,
// in the relay's words of a student's box, which here is the
// implementation's.
func implementationDied(d *relay.Died) string {
	why := strings.ReplaceAll(d.Why, "the student's process", "the implementation's process")
	why = strings.ReplaceAll(why, "the student's code", "the implementation")
	if d.Limit != "" {
		why += " (a test that keeps it busy that long never ends)"
	}
	return why
}

// boxEnd says how a test box's run ended.
func boxEnd(res sandbox.Result) string {
	switch {
	case res.Limit != sandbox.None:
		return fmt.Sprintf("stopped at the %s limit", res.Limit)
	case res.Signal != "":
		return "killed by a signal (" + res.Signal + ")"
	}
	return fmt.Sprintf("ended with status %d", res.ExitCode)
}

// fixedClock fixes a box's clock at one second for every run, with
// libfaketime where this machine has it (nil when not): a test cannot
// tell its runs apart by the time.
func fixedClock() func(*sandbox.Spec) {
	return runner.FixClock(time.Date(2024, 1, 1, 12, 0, 0, 0, time.UTC))
}

// loadCheck imports the implementation's modules, its folder on the path
// as the bridge's server puts it.
const loadCheck = "import importlib, os, sys\nsys.path.append(os.getcwd())\nfor m in sys.argv[1].split(','):\n    importlib.import_module(m)\n"

// Load implements mutation.Loader: the implementation's modules imported
// in a box of their own, with the limits of a test's run; why is the
// error's last line (a syntax error, a failing import, a limit).
func (s *pySuites) Load(ctx context.Context, impl string) (string, error) {
	files, ok := s.impls[impl]
	if !ok {
		return "", fmt.Errorf("no implementation %s", impl)
	}
	l := s.limits
	spec := sandbox.Spec{Path: s.py, Args: []string{"-I", "-B", "-c", loadCheck, strings.Join(s.modules, ",")},
		Files: slices.Clone(files), Env: slices.Clone(determinism),
		Limits: sandbox.Limits{Wall: l.Wall + l.BuildWall, CPU: l.CPU, Memory: l.Memory, Output: 1 << 20}}
	res, err := sandbox.Run(ctx, spec)
	switch {
	case err != nil:
		return "", err
	case res.Limit != sandbox.None:
		return fmt.Sprintf("importing it was stopped at the %s limit", res.Limit), nil
	case !res.OK():
		return lastLine(res.Stderr, boxEnd(res)), nil
	}
	return "", nil
}

// lastLine is the last line of text that is not blank ("" when none:
// otherwise).
func lastLine(text []byte, otherwise string) string {
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	if last := strings.TrimSpace(lines[len(lines)-1]); last != "" {
		return clip.Excerpt([]byte(last), 150, 150)
	}
	return otherwise
}
