package rubric

import (
	"crypto/sha256"
	"encoding/hex"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/internal/textfmt"
)

// Rubric is an assignment's rubric, checked, with every default filled in.
type Rubric struct {
	Name     string
	Total    float64 // the sum of the parts' points
	Path     string  // the file as named to Load or Parse; messages name it so
	CasesDir string  // absolute folder holding the parts' case folders
	// Reference names the assignment's reference program, which diagnoses
	// wrong outputs and checks "check: reference" cases ("eightqueen");
	// empty when there is none.
	Reference string
	// Handout is the assignment's handout for students, a file beside the
	// rubric (absolute path; `autograder handout` prints it); empty when
	// the rubric names none.
	Handout    string
	Submission Submission
	Build      Build
	Limits     Limits
	Compare    Compare
	Judge      Judge
	Late       Late
	Report     Report
	Parts      []Part // at least one, in file order
	// ManualParts are the parts graded by hand and the bounds of the
	// manual items of autograded parts ([[manual_part]]), in file order.
	ManualParts []ManualPart
	// Manual are the rubric items a TA applies by hand ([[manual]]).
	Manual []ManualItem
	sum    [sha256.Size]byte
}

// Submission says what a submission must contain.
type Submission struct {
	Required       []string      // file names (no folders) a submission must contain
	Allow          []string      // build products (see Build.Product) kept anyway, by file name
	Package        PackagePolicy // what a package statement in a Java source costs
	PackagePenalty float64       // points deducted when Package is PackageStrip
	// RenamePenalty is deducted when a required file is missing and the
	// grader builds, under the required name, the one file that must be
	// it (see package grader).
	RenamePenalty float64
}

// PackagePolicy says what to do with a Java source that has a package
// statement.
type PackagePolicy string

// The package policies.
const (
	PackageReport PackagePolicy = "report" // build as it is, mention it in the report
	PackageStrip  PackagePolicy = "strip"  // remove the statement, deduct PackagePenalty points
	PackageReject PackagePolicy = "reject" // verdict rejected, score 0
)

// Language names a build preset: a toolchain's name (package
// grader/toolchain, whose type it is), Raw or Auto.
type Language = toolchain.Name

// Raw is no preset: the rubric gives the commands. Auto is a preset chosen
// per submission, by its files, among Build.Languages.
const (
	Raw  Language = "raw"
	Auto Language = "auto"
)

// Some toolchains' presets by name, for code that must name one (tests,
// built-in assignments). A rubric knows every toolchain by its name alone.
var (
	Java   = toolchain.Java.Name
	C      = toolchain.C.Name
	CPP    = toolchain.CPP.Name
	Python = toolchain.Python.Name
)

// Build says how a submission is built and run.
type Build struct {
	Language Language
	// Languages are the presets a submission may pick when Language is
	// Auto, in the order the rubric lists them; nil otherwise.
	Languages []Language
	// Main is what the toolchain runs: a class (Java), the program the
	// compiler writes (C), the file run (Python). Empty for Raw. Under
	// Auto, the name (without extension) that picks the class or file to
	// run among several; empty when the rubric names none.
	Main string
	// Sources are the required files the preset compiles (or, for an
	// interpreter, may import), in rubric order. Empty for Raw and Auto.
	Sources []string
	// Include are files added to a submission before it builds under
	// Auto (a problem package's include/), by the language picked, with
	// the files for every language without its own under "": each by its
	// name, in the folder of the submission's sources, replacing a file
	// of that name. Nil for a rubric.toml.
	Include Included
	// SpotCheck is how many of a submission's warm-mode answers also run
	// cold, to check them (0: none).
	SpotCheck int
	// Runtime is whose runtime a language runs with: "grader" (the
	// default: the grader's own choice, for short runs of course
	// assignments) or "judges" (what a contest's judges run: PyPy for
	// Python where it is installed, the JVM's full JIT for a time limit
	// long enough to use it; a problem package's). See package
	// grader/toolchain, Toolchain.JudgesTools and FullJITFrom.
	Runtime Runtime
	steps   [][]string
	run     []string
}

// Runtime is whose runtime a rubric's programs run with (Build.Runtime).
type Runtime string

// The runtimes.
const (
	GraderRuntime Runtime = "grader"
	JudgesRuntime Runtime = "judges"
)

// Included are a problem package's included files, by language (see
// Build.Include): each file's bytes by its name.
type Included map[Language]map[string][]byte

// Product reports whether a file of that name (a path, slash-separated) is
// something the preset builds, not a source: a class file, a jar, an
// object file, the program itself.
func (b Build) Product(name string) bool {
	base := path.Base(name)
	if b.Language == Auto {
		// Each submission's program is named by its own preset.
		for _, l := range b.Languages {
			if tc := toolchain.Lookup(l); tc != nil && tc.Product(base, "") {
				return true
			}
		}
		return false
	}
	tc := toolchain.Lookup(b.Language)
	return tc != nil && tc.Product(base, b.Main)
}

// Commands returns the commands that build the program, in order, and the
// command that runs it. Every command runs in the folder that holds the
// submission's files. The caller appends a case's arguments to run and
// adds, right after run[0], any interpreter options of its own (such as a
// JVM heap cap derived from Limits.Memory); Commands adds neither. Each call
// returns new slices, which the caller may change.
func (b Build) Commands() (build [][]string, run []string) {
	for _, s := range b.steps {
		build = append(build, slices.Clone(s))
	}
	return build, slices.Clone(b.run)
}

// Command renders how a program is run on a case's arguments, as a
// student would type it in the folder of the files: a preset's run command
// without what the grader adds ("java EightQueen 315 1 12375643",
// "./main 3 4"), or a raw rubric's run command, then
// the arguments. A word a shell would split or expand is single-quoted.
// Every report shows a case's command this way. Under Auto, where each
// submission runs its own way, the program is called "program".
func (b Build) Command(args []string) string {
	cmd := b.run
	if tc := toolchain.Lookup(b.Language); tc != nil && tc.Display != nil {
		cmd = tc.Display(b.Main)
	} else if b.Language == Auto {
		cmd = []string{"program"}
	}
	words := make([]string, 0, len(cmd)+len(args))
	for _, w := range append(slices.Clone(cmd), args...) {
		words = append(words, textfmt.ShellQuote(w))
	}
	return strings.Join(words, " ")
}

// Limits bound one run of a submission, and its build.
type Limits struct {
	Wall   time.Duration // wall-clock time of one run
	CPU    time.Duration // CPU time of one run, all threads together
	Memory int64         // bytes of memory of one run
	// Stack is the program's stack in bytes; 0, the default: unlimited,
	// bounded by Memory alone, as contest judges give it.
	Stack  int64
	Output int64 // bytes of standard output of one run
	// PastOutput is what happens to a run that prints more than Output:
	// StopAtOutput (the default) stops it there; DiscardOutput discards
	// what it prints past the limit and lets it run on, as contest judges
	// run it (a problem package's).
	PastOutput PastOutput
	BuildWall  time.Duration // wall-clock time of all build commands together
	// BuildFile is the largest file a build step may write (its program,
	// an object file); 0: the grader's default, 16 MiB. Above that, the
	// build's box grows to hold two such files and the build's memory
	// to hold the box beside Memory (see package grader/runner).
	BuildFile int64
}

// PastOutput is what happens to a run past its output limit
// (Limits.PastOutput).
type PastOutput string

// The policies.
const (
	// StopAtOutput stops the run at its output limit: the verdict is
	// output-limit.
	StopAtOutput PastOutput = "stop"
	// DiscardOutput discards what the run prints past its output limit
	// (stdout and stderr alike, each kept up to the limit) and lets it
	// run on: a run that then reaches its time limit ran out of time, one
	// that ends with an error status is a run-time error, and one that
	// ends with status 0 is at its output limit (as DOMjudge and
	// problemtools rank them). What it printed on stderr past the limit
	// changes no verdict.
	DiscardOutput PastOutput = "discard"
)

// Compare is the comparison policy.
type Compare struct {
	// Mode is a mode name of package compare: "lines", "strict" or
	// "ignore-case"; compare.ParseMode accepts it.
	Mode string
}

// Judge says how a case without a check key is judged.
type Judge struct {
	// Name is a judge the grader is given: "diff" (the default:
	// the case's expected output, compared as [Compare] says), "tokens"
	// (token by token, as contest packages' default output validator
	// does), or one of the program's list of judges (see grader.Judges).
	Name string
	// Flags are the judge's options ("float_tolerance", "1e-6"); a
	// checker program gets them after its feedback folder.
	Flags []string
	// Checker is the checker program's source file or folder, absolute
	// (the rubric names it relative to its own folder); "" when none.
	// The judge "checker" (package grader/checker) builds and runs it.
	Checker string
	// Interactive runs the checker beside the program, each one's
	// stdout the other's stdin.
	Interactive bool
	// CheckerWall and CheckerCPU bound each run of the checker.
	CheckerWall, CheckerCPU time.Duration
	// Passes, above 1, makes a multi-pass problem's checker (a problem
	// package's): the program runs again on the input the checker writes
	// to nextpass.in, up to Passes runs in all.
	Passes int
	// MultiplierOnly refuses a checker's score.txt: in a 2025-09 problem
	// package it is an absolute score, which the grader cannot scale to
	// its share of the case; score_multiplier.txt gives that share.
	MultiplierOnly bool
	// JudgeErrors makes a checker's failure on a run's output (a crash, a
	// limit, a status but 42 and 43, a broken protocol) the case's judge
	// error (grader.JudgeError: it earns nothing), as the contest judges'
	// systems judge a problem package's output validator; otherwise it is
	// the grader's failure, and the submission is regraded.
	JudgeErrors bool
	// Constants are replaced in the checker's files before it builds (a
	// problem package's constants); nil for a rubric.toml.
	Constants Constants
}

// Late is the late policy.
type Late struct {
	// Given says the rubric has a [late] table. Without one there is no
	// late policy: late work is graded as on time (Penalty).
	Given    bool
	Deadline time.Time // zero when the rubric names none
	// Penalties[i] is the percentage of the total points deducted for
	// i+1 days late; a submission later than len(Penalties) days is not
	// accepted.
	Penalties []float64
}

// Penalty returns the percentage of the total points deducted for daysLate
// days, and whether a submission that late is accepted at all (when it is
// not, percent is 100). Zero or fewer days cost nothing, and so does any
// lateness without a policy (Given false).
func (l Late) Penalty(daysLate int) (percent float64, accepted bool) {
	switch {
	case daysLate <= 0 || !l.Given:
		return 0, true
	case daysLate <= len(l.Penalties):
		return l.Penalties[daysLate-1], true
	}
	return 100, false
}

// DaysLate counts the started 24-hour periods between the deadline and
// submitted: 0 when submitted is not after the deadline or there is no
// deadline, 1 for up to 24 hours late, and so on.
func (l Late) DaysLate(submitted time.Time) int {
	if l.Deadline.IsZero() || !submitted.After(l.Deadline) {
		return 0
	}
	const day = 24 * time.Hour
	late := submitted.Sub(l.Deadline)
	days := int(late / day)
	if late%day != 0 {
		days++
	}
	return days
}

// Report shapes what a student's report shows.
type Report struct {
	Hidden Hidden
	// Gradescope is the visibility Gradescope gives hidden cases' tests
	// (public cases' tests are always "visible").
	Gradescope GradescopeVisibility
}

// GradescopeVisibility is a test's visibility in Gradescope's results.json.
type GradescopeVisibility string

// The visibilities a rubric may give hidden cases on Gradescope.
const (
	GradescopeAfterDueDate   GradescopeVisibility = "after_due_date"  // shown once the due date has passed
	GradescopeAfterPublished GradescopeVisibility = "after_published" // shown once the grades are published
	GradescopeHidden         GradescopeVisibility = "hidden"          // never shown to students
)

// Hidden says how hidden cases appear in a student's report.
type Hidden string

// The ways to show hidden cases.
const (
	HiddenVerdict Hidden = "verdict" // each hidden case with its verdict only
	HiddenCount   Hidden = "count"   // per part, how many hidden cases passed
)

// Part is one scored part of the assignment.
type Part struct {
	ID     string // [a-z0-9_-]+, unique in the rubric
	Name   string
	Points float64
	// Cases is the part's case folder, slash-separated and relative to
	// Rubric.CasesDir. It holds at least one *.case file.
	Cases    string
	Scoring  Scoring
	Readings []string // the readings accepted; empty accepts every reading
	// StopAtReject, on an all-or-nothing part, stops the part at its
	// first rejected case, as a contest's judge stops a group with
	// on_reject: break: the cases after it in case order are not run
	// (grader.NotRun), which changes no score of such a part. A problem
	// package's pass-fail groups set it; no rubric file does.
	StopAtReject bool
	// Tests, when set, makes the part grade the tests a student writes
	// ([part.tests]); its cases are then the instructor's own.
	Tests *Tests
}

// Tests is a tests part's rubric ([part.tests]): the part grades the tests
// a student writes (package grader/mutation) instead of running the
// student's program on its cases; its own cases are the instructor's, on
// which the bugs must differ from the correct implementation and from each
// other.
type Tests struct {
	// Implementations names the part's correct implementations and bugs:
	// a judge of the program's list that provides them (a reference
	// program's readings and its catalogue of wrong programs).
	Implementations string
	// Bugs are the bugs used, by name, in the reports' order; nil: every
	// bug the implementations have.
	Bugs []string
	// PerBug is earned per bug exposed, up to Ceiling (the part's points
	// by default).
	PerBug, Ceiling float64
	// MaxTests is the most tests counted, in file order (25).
	MaxTests int
	// MaxRuns bounds the runs of a suite part's tests per submission
	// (0: the grader's default, mutation.DefaultMaxRuns).
	MaxRuns int
	// MaxWall, when set, bounds the wall time of a suite part's runs per
	// submission (0: the grader's default, MaxRuns × (Limits.Wall +
	// Limits.CPU)).
	MaxWall time.Duration
	// OwnCode, on a suite part, also runs each of the student's tests on
	// the student's own code (the hand-in's files named as the
	// implementation's), shown and never scored.
	OwnCode bool
	// MaxBytes bounds one test file (64 KiB).
	MaxBytes int64
	// Files matches the base names of a submission's test files ("*.case").
	Files string
	// Show is what a student sees of the bugs: "nothing", "count",
	// "exposed" or "all" ("exposed").
	Show string
	// Folder, when set, makes the part grade unit-test suites the
	// student writes (the framework is Implementations, "pytest"): the
	// folder, relative to CasesDir, holds the correct implementation in
	// correct/ (more in correct-NAME/) and each bug in bugs/NAME/, its
	// one-line hint in hint.txt. The part's case folder then needs no
	// case file.
	Folder string
	// Own, with Folder, is a folder (relative to CasesDir) of the
	// instructor's own test files (those Files matches), which check the
	// rubric in `cases verify`: each passes on every correct
	// implementation, every bug fails one, and no two bugs answer them
	// alike. "": the rubric is not checked so.
	Own string
}

// Scoring says how a part's points follow from its cases.
type Scoring string

// The scorings.
const (
	Proportional Scoring = "proportional"   // points × passed cases / cases
	AllOrNothing Scoring = "all-or-nothing" // all points if every case passes, else none
	// Min earns points × the least credit of a case (1 for a pass, a
	// judge's partial credit, 0 otherwise): a contest package's test group
	// aggregated by its minimum.
	Min Scoring = "min"
)

// ManualItem is a rubric item a TA applies by hand to a submission
// ([[manual]]): "Meaningful names", +2 points to part "style". Its points
// are the item's, not each application's: changed once (in the rubric or
// by a TA), they rescore every submission the item is applied to.
type ManualItem struct {
	ID     string  `json:"id"`     // [a-z0-9_-]+, unique among the items
	Text   string  `json:"text"`   // what it says, shown to the TA and the student
	Points float64 `json:"points"` // added to its part when applied; negative deducts
	Part   string  `json:"part"`   // an autograded part's id or a manual part's
}

// ManualPart is a part graded by hand ([[manual_part]]) with its own
// points, or, when its ID names an autograded part, the bounds the
// manual items applied to that part keep its score within.
type ManualPart struct {
	ID     string
	Name   string
	Points float64 // a manual part's points (in total); 0 for an autograded part's bounds
	// Start is a manual part's score before any item (0); the bounds'
	// part starts from its autograded score.
	Start float64
	// Floor and Ceiling bound the part's score once items are applied
	// (0 and the part's points).
	Floor, Ceiling float64
	Auto           bool // ID is an autograded part's: these are its bounds
	// Where the part is graded, for review's view of the part across
	// the class: File is a required file's name (the file built as it);
	// Function a function's name in it, or Lines a range of its lines
	// ([first, last], from 1). All empty: the whole submission.
	File     string
	Function string
	Lines    [2]int
}

// SetContent makes SHA256 the hash of content: for a rubric made in Go
// rather than read from a file (package grader/problem: the problem
// package's files it was made from), so that results still name what
// graded them.
func (r *Rubric) SetContent(content []byte) { r.sum = sha256.Sum256(content) }

// SHA256 returns the hex SHA-256 of the rubric file's bytes.
func (r *Rubric) SHA256() string { return hex.EncodeToString(r.sum[:]) }

// Part returns the part with the given id.
func (r *Rubric) Part(id string) (*Part, bool) {
	for i := range r.Parts {
		if r.Parts[i].ID == id {
			return &r.Parts[i], true
		}
	}
	return nil, false
}
