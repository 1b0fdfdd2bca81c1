package grader

import (
	"fmt"
	"time"

	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/mutation"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/sandbox"
)

// Status says how far a submission got. A submission that did not get
// to run its cases gives each of them the verdict of the same name
// (Status.Verdict): one vocabulary from the case to the submission.
type Status string

// The statuses of a submission.
const (
	Graded        Status = "graded"              // built and ran; the cases say the rest
	StatusCompile        = Status(CompileError)  // did not build
	StatusMissing        = Status(MissingFile)   // a required file is missing
	StatusReject         = Status(Rejected)      // refused by the rubric
	StatusLate           = Status(NotAccepted)   // later than the late policy allows
	StatusUnread         = Status(Unreadable)    // the archive could not be read
	StatusFailed         = Status(GraderFailure) // the grader failed on it or on a case (a checker that crashed): never a score; regrade
)

// Verdict is the verdict a status gives every case of its submission
// that it kept from running: CompileError for StatusCompile, and so on.
// Graded gives none (""): its cases have their own. StatusFailed gives
// GraderFailure, the verdict of the cases the grader failed on; its
// other cases keep theirs.
func (s Status) Verdict() Verdict {
	if s == Graded {
		return ""
	}
	return Verdict(s)
}

// Describe says what a submission's status means, for the student: "the
// program did not compile".
func (s Status) Describe() string {
	switch s {
	case StatusCompile:
		return "the program did not compile"
	case StatusMissing:
		return "a required file is missing"
	case StatusReject:
		return "the rubric refuses the submission"
	case StatusLate:
		return "handed in too late to be accepted"
	case StatusUnread:
		return "the submission could not be read"
	case StatusFailed:
		return "the grader failed on it; the course staff will regrade it"
	}
	return string(s)
}

// Result is one submission's grade and the evidence for it.
type Result struct {
	ID       string   `json:"id"`
	Score    float64  `json:"score"`
	MaxScore float64  `json:"max_score"`
	LateDays int      `json:"late_days"`
	Penalty  float64  `json:"penalty"` // points deducted for lateness
	Status   Status   `json:"status"`
	Notes    []string `json:"notes,omitempty"` // e.g. a package statement stripped, with its deduction
	// Flags are for the TA only (results.json, index.html), never the
	// student's report: e.g. that the fast and safe runs disagreed.
	Flags []string     `json:"flags,omitempty"`
	Parts []PartResult `json:"parts"`
	Cases []CaseResult `json:"cases"`
	// Files are the files handed in, each with the name it was built
	// under, if it was.
	Files []HandedFile `json:"files,omitempty"`
	// Diagnoses are the known mistakes the wrong answers reproduce, in
	// the order of the cases that first show them.
	Diagnoses []Diagnosis `json:"diagnoses,omitempty"`
	// BuildLog is what the compiler printed when the build failed.
	BuildLog string `json:"build_log,omitempty"`
	// Manual is what TAs graded by hand (autograder review), counted in
	// Score and Parts; nil when nothing was.
	Manual *Manual `json:"manual,omitempty"`
	// Provenance says what produced the result.
	Provenance *Provenance `json:"provenance,omitempty"`
	// Key is the content hash of submission, rubric, cases and grader
	// version that this result belongs to.
	Key string `json:"key"`
}

// Deducted is what the rubric took off the parts' scores besides
// lateness (a package statement, a file built or run under another
// name), to the cent: what the notes' deductions add up to, or less when
// the score stopped at 0.
func (r Result) Deducted() float64 {
	sum := 0.0
	for _, p := range r.Parts {
		sum += p.Score
	}
	return max(0, Round2(sum-r.Penalty-r.Score))
}

// Provenance is what produced a result: the same grader version, rubric,
// cases, judges' own files and runtime grade the same submission the same
// way (seed -1 cases
// included: their verdicts do not depend on the seed). Repeated cases
// (runs: R) are the same too for a program seeding its generator from the
// clock (each run's clock starts at a time drawn from the case's ID), but
// not for one seeded otherwise (os.urandom, System.nanoTime): its runs,
// and so its count of passed runs, differ from one grading to the next.
type Provenance struct {
	GraderVersion string `json:"grader_version,omitempty"`
	RubricSHA256  string `json:"rubric_sha256"`
	CasesSHA256   string `json:"cases_sha256"`
	// JudgeSHA256 identifies the judges' own files (a checker program's
	// source); empty when the judges have none.
	JudgeSHA256 string `json:"judge_sha256,omitempty"`
	Reference   string `json:"reference,omitempty"` // the rubric's reference program
	Runtime     string `json:"runtime,omitempty"`   // e.g. "java 17.0.15"
	// Stack is the stack each run had ("unlimited"; "8 MiB, the
	// grader's hard stack limit"), empty when the runner does not say.
	Stack string `json:"stack,omitempty"`
	// The rubric's limits of one run (0: the sandbox's default).
	WallMS      int64 `json:"wall_ms"`
	CPUMS       int64 `json:"cpu_ms"`
	MemoryBytes int64 `json:"memory_bytes"`
	OutputBytes int64 `json:"output_bytes"`
}

// HandedFile is a file of a submission, and what it was built as: what
// the TA checks first when a grade surprises ("gradebook/stats.py built
// as stats.py").
type HandedFile struct {
	Path  string `json:"path"`  // its path in the submission
	Bytes int    `json:"bytes"` // its size
	// BuiltAs is the name it was built under; "" when it was not built
	// (another folder's file, a compiler's product, a submission
	// that did not get to build).
	BuiltAs string `json:"built_as,omitempty"`
}

// LimitsText writes the limits as people read them: "wall 3 s, CPU 1 s,
// memory 512 MiB, output 1 MiB", each the sandbox's "default" when the
// rubric leaves it at zero.
func (p Provenance) LimitsText() string {
	or := func(s string) string {
		if s == "" {
			return "default"
		}
		return s
	}
	ms := func(n int64) time.Duration { return time.Duration(n) * time.Millisecond }
	return fmt.Sprintf("wall %s, CPU %s, memory %s, output %s", or(durationText(ms(p.WallMS))), or(durationText(ms(p.CPUMS))), or(sizeText(p.MemoryBytes)), or(sizeText(p.OutputBytes)))
}

// Diagnosis is a known mistake that explains some wrong answers, or, with
// Alternatives, one of several that explain exactly the same ones: the
// output cannot tell which, so the report offers them as "one of these".
type Diagnosis struct {
	Mistake string `json:"mistake"`
	// Alternatives are the other mistakes that explain exactly Cases.
	Alternatives []string `json:"alternatives,omitempty"`
	// Hint is for the student, pointing at the handout: the distinct hints
	// of Mistake and its alternatives, separated by blank lines.
	Hint  string   `json:"hint"`
	Cases []string `json:"cases"` // the IDs of the cases it explains
}

// PartResult is one rubric part's score.
type PartResult struct {
	ID       string  `json:"id"`
	Name     string  `json:"name"`
	Score    float64 `json:"score"`
	MaxScore float64 `json:"max_score"`
	Passed   int     `json:"passed"`
	Total    int     `json:"total"`
	// Tests is how the student's tests fared in a tests part (package
	// grader/mutation); nil for any other part.
	Tests *mutation.Result `json:"tests,omitempty"`
}

// CaseResult is one case's verdict and what a report needs to explain it
// (Explain says it in words).
type CaseResult struct {
	ID         string           `json:"id"`
	Part       string           `json:"part"`
	Args       []string         `json:"args"`
	Visibility cases.Visibility `json:"visibility"`
	// RunResult is how the run ended and why: for a repeated case, its
	// verdict over all its runs, the evidence being in Attempts.Failures.
	RunResult
	// TimeMS is the run's wall time; it is left null unless timings were
	// asked for, so that the same inputs give the same bytes.
	TimeMS *int64 `json:"time_ms"`
	// CPUMS is the run's CPU time, as TimeMS left null unless timings
	// were asked for.
	CPUMS *int64 `json:"cpu_ms,omitempty"`
	// Reading names the accepted reading whose output matched, when the
	// case has outputs that depend on the reading.
	Reading string `json:"reading,omitempty"`
	// Mistakes names the known mistakes (the reference's catalogue) that
	// print exactly this wrong answer.
	Mistakes []string `json:"mistakes,omitempty"`
	// Score is the share of the case's credit a judge gave, from 0 to 1,
	// when it gives partial credit; nil: all for a pass, none otherwise.
	Score *float64 `json:"score,omitempty"`
	// Points is what the case is worth of its part's points, when its
	// judge weighs cases (a unit test's points, see Weigher) in a
	// proportional part: part points x its weight / the part's weight,
	// rounded to two decimals. Nil otherwise.
	Points *float64 `json:"points,omitempty"`
	// Rerun says the case was run again, and why: its first run waited
	// past the wall-time limit (RunResult.Waited), perhaps only because
	// the machine was busy; the verdict is the second run's. "" when it
	// was run once.
	Rerun string `json:"rerun,omitempty"`
	// Attempts says how the runs of a repeated case (runs: R in its case
	// file) went; nil for a case run once. Such a case has its verdict,
	// score and time here and its evidence in Attempts.Failures.
	Attempts *Attempts `json:"attempts,omitempty"`
	// Stdout is the run's whole output, kept only when Options.KeepStdout
	// asks (for check --explain); never written to results. A repeated
	// case keeps its first failing run's (its last run's when all passed).
	Stdout []byte `json:"-"`
}

// RunResult is how one run ended and the evidence of why: what a case
// run once and each failing run of a repeated case (Attempt) have in
// common. Its fields are written in results flat, beside the case's or
// the run's own.
type RunResult struct {
	Verdict  Verdict `json:"verdict"`
	ExitCode int     `json:"exit_code"`
	Signal   string  `json:"signal,omitempty"`
	// Limit is the limit the run hit, when it hit one.
	Limit Limit `json:"limit,omitempty"`
	// Heap is, for a run at its memory limit by its runtime's word, the
	// heap cap it ran out of (Execution.Heap), in bytes; 0 otherwise.
	Heap int64 `json:"heap,omitempty"`
	// Waited says the run was stopped at the wall-time limit having used
	// well under its CPU limit: it waited (for input, a sleep, or a busy
	// machine) rather than worked.
	Waited bool `json:"waited,omitempty"`
	// uncrowded says the sandbox left the time the run waited for a core
	// out of its wall limit (Execution.StallCounted): a busy machine did
	// not stop it, so it is not run again.
	uncrowded bool
	Mismatch  *Mismatch `json:"mismatch,omitempty"`
	// Violation is the rule a checked run (a "check: reference" case)
	// broke, and where.
	Violation *Violation `json:"violation,omitempty"`
	Stderr    string     `json:"stderr,omitempty"` // the start and end of stderr (KeptStderr)
	// Feedback is the judge's word for the student (a checker program's
	// team message).
	Feedback string `json:"feedback,omitempty"`
	// JudgeLog is the judge's word for the TA alone (a checker's judge
	// message, or why the judge failed); no student-facing output shows it.
	JudgeLog string `json:"judge_log,omitempty"`
	// Output is what the program printed (its stdout, the start of it), kept
	// when its judge failed the run, or gave it part of the credit, with no
	// difference or broken rule to show (a checker program's verdict):
	// the output the judge's message is about; or, for a run stopped at
	// the output limit, the start and end of what it printed up to it.
	// Nil otherwise; "" when the program printed nothing.
	Output *string `json:"output,omitempty"`
}

// MaxFailures is how many failing runs of a repeated case keep their
// evidence in full.
const MaxFailures = 5

// Attempts is how the runs of a repeated case went: "17/20 runs passed
// (needs 15)".
type Attempts struct {
	Runs   int `json:"runs"`
	Passed int `json:"passed"`
	// MinPass is how many runs had to pass; 0 when the case earns the
	// fraction that passed instead (score: fraction).
	MinPass int `json:"min_pass,omitempty"`
	// Failed numbers every run that did not pass, from 1.
	Failed []int `json:"failed,omitempty"`
	// Failures are the first MaxFailures failing runs, with their evidence.
	Failures []Attempt `json:"failures,omitempty"`
}

// Attempt is one failing run of a repeated case and why it failed.
type Attempt struct {
	Run  int      `json:"run"`
	Args []string `json:"args"` // {run} and {seed} replaced
	// Stdin is what the run read, {run} and {seed} replaced ("" for none).
	Stdin string `json:"stdin,omitempty"`
	RunResult
}

// Summary says how the runs went, as reports print it: "17/20 runs
// passed (needs 15)"; without "(needs K)" for a case that earns the
// fraction passed.
func (at *Attempts) Summary() string {
	s := fmt.Sprintf("%d/%d runs passed", at.Passed, at.Runs)
	if at.MinPass > 0 {
		s += fmt.Sprintf(" (needs %d)", at.MinPass)
	}
	return s
}

// Mismatch locates the first difference of a wrong answer.
type Mismatch struct {
	Line     int    `json:"line"`
	Expected string `json:"expected"`
	Got      string `json:"got"`
	Diff     string `json:"diff"`
}

// Autograded is r as the autograder scored it, before its hand grading:
// the total and the autograded parts' scores as they were, the manual
// parts (those rb does not have) dropped, no Manual. A result without hand
// grading is r as it is. The one rule for every writer and page that
// shows the score before hand grading, and for grading by hand again.
func (r Result) Autograded(rb *rubric.Rubric) Result {
	m := r.Manual
	if m == nil {
		return r
	}
	r.Score, r.Manual = m.Auto, nil
	var parts []PartResult
	for _, p := range r.Parts {
		if _, ok := rb.Part(p.ID); !ok {
			continue
		}
		for _, mp := range m.Parts {
			if mp.ID == p.ID {
				p.Score = mp.Auto
			}
		}
		parts = append(parts, p)
	}
	r.Parts = parts
	return r
}

// Manual is a submission's manual grading: the rubric items applied to
// it, with their points as they are now, and the TAs' comments.
type Manual struct {
	// Auto is the score the autograder gave, before the items.
	Auto float64 `json:"auto_score"`
	// Parts are the parts the manual grading scored: an autograded part
	// an item names (its score before and after) and every manual part.
	Parts    []ManualPart    `json:"parts,omitempty"`
	Items    []ManualItem    `json:"items,omitempty"`
	Comments []ManualComment `json:"comments,omitempty"`
}

// ManualPart is a part's score before the manual items (the autograded
// score, or a manual part's start) and after.
type ManualPart struct {
	ID    string  `json:"id"`
	Auto  float64 `json:"auto_score"`
	Score float64 `json:"score"`
}

// ManualItem is a rubric item applied to a submission.
type ManualItem struct {
	ID     string  `json:"id"`
	Text   string  `json:"text"`
	Points float64 `json:"points"`
	Part   string  `json:"part"`
}

// ManualComment is a TA's comment at a line of a submission's file.
type ManualComment struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	SHA256 string `json:"sha256"` // the file's when commented on
	Text   string `json:"text"`   // Markdown, as the TA wrote it
	Item   string `json:"item,omitempty"`
	// Changed says the file differs from the one commented on (its hash):
	// the line may have moved.
	Changed bool `json:"changed,omitempty"`
}

// Violation is the line of a checked run that broke a rule.
type Violation struct {
	Line int    `json:"line"`
	Rule string `json:"rule"`
	Msg  string `json:"message"`
}

// String says what broke: "line 7 breaks the rule "move": ..."; a
// violation of no one line (Line 0) names only the rule.
func (v Violation) String() string { return v.brief() + ": " + v.Msg }

// brief says what broke without why: "line 7 breaks the rule "move"".
func (v Violation) brief() string {
	if v.Line <= 0 {
		return fmt.Sprintf("the run breaks the rule %q", v.Rule)
	}
	return fmt.Sprintf("line %d breaks the rule %q", v.Line, v.Rule)
}

// Limit names the limit a run hit: the sandbox's own type, from the box
// to the report, written in results as "wall", "cpu", "memory",
// "processes", "output", "file-size" or "box-size".
type Limit = sandbox.Limit

// The limits a run can hit; None when it ended on its own.
const (
	None     = sandbox.None
	Wall     = sandbox.Wall
	CPU      = sandbox.CPU
	Memory   = sandbox.Memory
	Output   = sandbox.Output
	Procs    = sandbox.Procs
	FileSize = sandbox.FileSize
	BoxSize  = sandbox.BoxSize
)

// Credit is the share of its credit the case earned, from 0 to 1: its
// judge's partial credit (or a repeated case's fraction), else all for a
// pass and none otherwise.
func (c CaseResult) Credit() float64 { return caseCredit(c.Verdict, c.Score) }

// Full reports whether the case passed with all its credit: a pass its
// judge gave part of the credit did not.
func (c CaseResult) Full() bool { return c.Verdict == Pass && c.Credit() >= 1 }

// caseCredit is the share of a case's credit a decided run earns: its judge's
// partial credit, else all for a pass and none otherwise.
func caseCredit(v Verdict, score *float64) float64 {
	switch {
	case score != nil:
		return *score
	case v == Pass:
		return 1
	}
	return 0
}
