package report

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/internal/textfmt"
)

// GradescopeResults is results.json as Gradescope's autograder
// specification describes it: the submission's score and one test per
// case, each with its points and visibility. Gradescope applies its own
// late policy, so the score should be of a submission graded on time.
type GradescopeResults struct {
	// Score is the submission's total: the rubric's score to the cent,
	// with any deduction (a package statement). The tests' scores add up
	// to it exactly, a deduction being a test of its own.
	Score float64 `json:"score"`
	// Output is shown to the student above the tests: how many public
	// cases passed, notes, a compile error, known mistakes.
	Output string           `json:"output,omitempty"`
	Tests  []GradescopeTest `json:"tests"`
}

// GradescopeTest is one test of GradescopeResults.
type GradescopeTest struct {
	Name     string  `json:"name"`
	Score    float64 `json:"score"`
	MaxScore float64 `json:"max_score"`
	// Status is "passed" or "failed".
	Status string `json:"status"`
	// Output explains a failure: for a public case its first difference,
	// diff, broken rule, the judge's message and the output it judged (a
	// checker's), known mistake and stderr; for a hidden case its verdict
	// only.
	Output string `json:"output,omitempty"`
	// Visibility is "visible" for a public case and the rubric's
	// [report] gradescope_hidden for a hidden one.
	Visibility string `json:"visibility"`
}

// The statuses and the visibility of a public case's test.
const (
	GradescopePassed  = "passed"
	GradescopeFailed  = "failed"
	GradescopeVisible = "visible"
)

// Gradescope is the Gradescope results of one submission graded against a.
//
// A proportional part gives each of its cases a share of its points in
// whole cents, the same for every submission (10 points over 3 cases:
// 3.33, 3.33, 3.34, the cents left over going to the last cases; see
// Shares; unit tests in proportion to their points), and a case with
// full credit scores its whole share. The rubric rounds each part's score
// once (2 of those 3 cases: 6.67), so the tests' scores may differ from
// it by a few cents: that difference is one test of its own, "rounding
// to the cent", the last before the deductions, so that the tests add up
// to Score exactly. An all-or-nothing part,
// or a min part, gets one test of its own that carries its points and
// score, and its cases' tests carry none (max_score 0); that test is
// visible only when every case of the part is public, as its score would
// tell the hidden cases' fate. A deduction is a test of its own with a
// negative score.
//
// Within a part, the public cases' tests come first. A unit test's test
// is named by its case's id, which names the test. A hidden case's test
// is named by the case's id alone and explains a failure by its verdict
// alone, as the Markdown report does: its command line is never shown.
func Gradescope(a *grader.Assignment, r grader.Result) GradescopeResults {
	manual := manualTest(r)
	r = r.Autograded(a.Rubric)
	hidden := string(a.Rubric.Report.Gradescope)
	if hidden == "" {
		hidden = string(rubric.GradescopeAfterDueDate)
	}
	// Gradescope shows the outputs as text: what a student's program
	// printed in them has its control characters shown (escape.Terminal).
	out := GradescopeResults{Score: r.Score, Output: escape.Terminal(gradescopeOutput(a, r, hidden)), Tests: []GradescopeTest{}}
	for _, p := range a.Rubric.Parts {
		var cs []grader.CaseResult
		for _, c := range r.Cases {
			if c.Part == p.ID {
				cs = append(cs, c)
			}
		}
		if t, ok := testsGradescope(r, p.ID); ok {
			out.Tests = append(out.Tests, t)
		}
		if len(cs) == 0 {
			continue
		}
		// The public cases first, which a student sees from the start.
		slices.SortStableFunc(cs, func(x, y grader.CaseResult) int {
			return cmpBool(x.Visibility == cases.Hidden, y.Visibility == cases.Hidden)
		})
		graded := r.Status == grader.Graded
		shares, scores := make([]float64, len(cs)), make([]float64, len(cs))
		if p.Scoring == rubric.Proportional || p.Scoring == "" {
			ws, weighed := weights(a, cs)
			shares = testMax(p.Points, ws, weighed)
			for i, c := range cs {
				if graded {
					scores[i] = earned(shares[i], c.Credit())
				}
			}
		}
		allPass, allPublic := true, true
		for i, c := range cs {
			t := GradescopeTest{Name: c.ID, MaxScore: shares[i], Score: scores[i], Status: GradescopeFailed, Visibility: hidden}
			if c.Visibility != cases.Hidden && !a.IsTest(c.ID) {
				// A program's case by its command line; a unit test by
				// its id alone, which names the test.
				t.Name = c.ID + ": " + a.Command(c)
			}
			if c.Visibility != cases.Hidden {
				t.Visibility = GradescopeVisible
			} else {
				allPublic = false
			}
			if c.Full() && graded { // a pass with part of its credit lost points
				t.Status = GradescopePassed
			} else {
				allPass = false
			}
			t.Output = escape.Terminal(gradescopeCase(a, r, c, t.Visibility == GradescopeVisible))
			out.Tests = append(out.Tests, t)
		}
		if p.Scoring == rubric.Min {
			out.Tests = append(out.Tests, minTest(p, len(cs), partScore(r, p.ID), allPublic, hidden))
		}
		if p.Scoring == rubric.AllOrNothing {
			t := GradescopeTest{
				Name:       fmt.Sprintf("part %s: %s (all or nothing: %d cases)", p.ID, p.Name, len(cs)),
				MaxScore:   p.Points,
				Status:     GradescopeFailed,
				Output:     "every case of the part must pass to earn its points\n",
				Visibility: GradescopeVisible,
			}
			if !allPublic {
				t.Visibility = hidden
			}
			if allPass {
				t.Score, t.Status, t.Output = p.Points, GradescopePassed, ""
			}
			out.Tests = append(out.Tests, t)
		}
	}
	if t := roundingTest(a, r, out.Tests, hidden); t != nil {
		out.Tests = append(out.Tests, *t)
	}
	if d := deduction(r, out.Tests); d != nil {
		out.Tests = append(out.Tests, *d)
	}
	if manual != nil {
		out.Tests = append(out.Tests, *manual)
		out.Score = grader.Round2(out.Score + manual.Score)
	}
	return out
}

// deduction is the test that carries what the rubric deducts beyond the
// parts' scores (a package statement, a file built under another name), so
// that the tests add up to the score; nil when nothing is deducted.
func deduction(r grader.Result, tests []GradescopeTest) *GradescopeTest {
	var cents int64
	for _, t := range tests {
		cents += grader.Cents(t.Score)
	}
	off := cents - grader.Cents(r.Score)
	if off <= 0 {
		return nil
	}
	return &GradescopeTest{Name: "deductions (see the notes above)", Score: -float64(off) / 100, Status: GradescopeFailed,
		Output: escape.Terminal(strings.Join(r.Notes, "\n") + "\n"), Visibility: GradescopeVisible}
}

// minTest is the test of a part scored by its least case credit: its
// cases' tests carry no points, this one the part's score.
func minTest(p rubric.Part, n int, score float64, public bool, hidden string) GradescopeTest {
	t := GradescopeTest{
		Name:       fmt.Sprintf("part %s: %s (the least credit of its %d cases)", p.ID, p.Name, n),
		Score:      score,
		MaxScore:   p.Points,
		Status:     GradescopeFailed,
		Output:     "the part earns its points times the least credit of a case\n",
		Visibility: GradescopeVisible,
	}
	if !public {
		t.Visibility = hidden
	}
	if score == p.Points {
		t.Status, t.Output = GradescopePassed, ""
	}
	return t
}

// partScore is the rubric's score of part id in r (0 when r has none).
func partScore(r grader.Result, id string) float64 {
	for _, pr := range r.Parts {
		if pr.ID == id && r.Status == grader.Graded {
			return pr.Score
		}
	}
	return 0
}

// testMax gives a proportional part's cases their tests' max scores, in
// whole cents, the same for every submission: Shares of the part's points
// (a cent apart at most, the cents left over going to the last cases),
// or, when the cases weigh differently (unit tests' points), a split in
// proportion to the weights, the cents left over going to the largest
// remainders.
func testMax(points float64, ws []float64, weighed bool) []float64 {
	if !weighed {
		return Shares(points, len(ws))
	}
	total, sum := grader.Cents(points), 0.0
	for _, w := range ws {
		sum += w
	}
	ideal := make([]float64, len(ws))
	for i, w := range ws {
		ideal[i] = float64(total) * w / sum
	}
	cents := apportion(ideal, total, func(int) bool { return true }, nil)
	out := make([]float64, len(ws))
	for i, c := range cents {
		out[i] = float64(c) / 100
	}
	return out
}

// weights are the cases' weights in their part (grader.Weigher), and
// whether they differ.
func weights(a *grader.Assignment, cs []grader.CaseResult) ([]float64, bool) {
	ws := make([]float64, len(cs))
	differ := false
	for i, c := range cs {
		ws[i] = a.Weight(c.ID)
		differ = differ || ws[i] != ws[0]
	}
	return ws, differ
}

// roundingTest is the test that carries the cents between the tests'
// scores and the parts' scores as the rubric rounds them (each part once:
// 2 of 3 cases of 10 points earn 6.67, their tests 3.33 + 3.33), so that
// the tests add up to the score; nil when they already do. It is always
// the last test before the deductions. Its visibility is the hidden
// cases' when there are any, as the cents tell of them.
func roundingTest(a *grader.Assignment, r grader.Result, tests []GradescopeTest, hidden string) *GradescopeTest {
	var want, got int64
	for _, p := range a.Rubric.Parts {
		want += grader.Cents(partScore(r, p.ID))
	}
	for _, t := range tests {
		got += grader.Cents(t.Score)
	}
	if want == got {
		return nil
	}
	t := &GradescopeTest{Name: "rounding to the cent", Score: float64(want-got) / 100, Status: GradescopePassed,
		Output: "each part's score is rounded to the cent once, as a whole; this is what that rounding adds to (or takes from) the sum of its tests\n", Visibility: GradescopeVisible}
	if slices.ContainsFunc(r.Cases, func(c grader.CaseResult) bool { return c.Visibility == cases.Hidden }) {
		t.Visibility = hidden
	}
	return t
}

// apportion rounds ideal cents down, then moves cents one at a time until
// they add up to target: up for the largest remainders, down for the
// smallest, only for cases that may move, never above a cap (nil: none)
// or below 0.
func apportion(ideal []float64, target int64, may func(int) bool, caps []int64) []int64 {
	n := len(ideal)
	cents := make([]int64, n)
	var sum int64
	for i, x := range ideal {
		cents[i] = int64(math.Floor(x + 1e-9))
		sum += cents[i]
	}
	order := make([]int, n)
	for i := range order {
		order[i] = n - 1 - i
	}
	slices.SortStableFunc(order, func(x, y int) int {
		return cmp.Compare(ideal[y]-math.Floor(ideal[y]+1e-9), ideal[x]-math.Floor(ideal[x]+1e-9))
	})
	for moved := true; sum != target && moved; {
		moved = false
		for _, i := range order {
			if sum < target && may(i) && (caps == nil || cents[i] < caps[i]) {
				cents[i]++
				sum++
				moved = true
			}
		}
		for k := n - 1; k >= 0 && sum > target; k-- {
			if i := order[k]; may(i) && cents[i] > 0 {
				cents[i]--
				sum--
				moved = true
			}
		}
	}
	return cents
}

func cmpBool(x, y bool) int {
	switch {
	case x == y:
		return 0
	case x:
		return 1
	}
	return -1
}

// Shares splits points among n cases in whole cents, as evenly as cents
// go: the cents left over from an even split go one each to the last
// cases, so that the shares add up to points (rounded to the cent)
// exactly and differ by a cent at most (15 points over 29 cases: 8 of
// 0.51, then 21 of 0.52).
func Shares(points float64, n int) []float64 {
	if n <= 0 {
		return nil
	}
	cents := grader.Cents(points)
	each, rest := cents/int64(n), cents%int64(n)
	out := make([]float64, n)
	for i := range out {
		c := each
		if int64(n-i) <= rest {
			c++
		}
		out[i] = float64(c) / 100
	}
	return out
}

// GradescopeFailure is what Gradescope is given when the grader itself
// failed on a submission: no score, and a message that says so and asks
// the student to tell the course staff, rather than a zero that looks
// like a verdict on the work.
func GradescopeFailure(err error) GradescopeResults {
	msg := "The autograder failed on this submission; this is not a judgement of your work. " +
		"Please tell the course staff, who can regrade it.\n\nerror: " + strings.TrimSpace(err.Error()) + "\n"
	return GradescopeResults{Score: 0, Output: msg, Tests: []GradescopeTest{}}
}

// JSON is results.json's content.
func (g GradescopeResults) JSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(g); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// gradescopeOutput is the text above the tests: the public cases' tally,
// notes, a compile error, the known mistakes that public cases show, and
// the files handed in with what each was built as.
func gradescopeOutput(a *grader.Assignment, r grader.Result, hidden string) string {
	var b strings.Builder
	public, passed, hiddenN := 0, 0, 0
	for _, c := range r.Cases {
		if c.Visibility == cases.Hidden {
			hiddenN++
			continue
		}
		public++
		if c.Verdict == grader.Pass && r.Status == grader.Graded {
			passed++
		}
	}
	word := a.CaseWord()
	tally, _ := testsTally(r)
	if public > 0 || len(tally) == 0 {
		fmt.Fprintf(&b, "%s: %d of %d public %ss passed", a.Rubric.Name, passed, public, word)
	} else {
		b.WriteString(a.Rubric.Name)
	}
	if r.Status != grader.Graded {
		fmt.Fprintf(&b, " (%s: %s)", r.Status, r.Status.Describe())
	}
	b.WriteString(".\n")
	for _, t := range tally {
		b.WriteString(t + ".\n")
	}
	if hiddenN > 0 {
		when := map[string]string{
			string(rubric.GradescopeAfterDueDate):   "are shown after the due date",
			string(rubric.GradescopeAfterPublished): "are shown once grades are published",
			string(rubric.GradescopeHidden):         "are not shown",
		}[hidden]
		if when == "" {
			when = "are " + hidden
		}
		fmt.Fprintf(&b, "The results of the %d hidden %ss %s.\n", hiddenN, word, when)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "\nnote: %s\n", n)
	}
	if r.BuildLog != "" {
		fmt.Fprintf(&b, "\ncompile error:\n%s\n", strings.TrimRight(r.BuildLog, "\n"))
	}
	for _, d := range r.Diagnoses {
		var shown []string
		for _, id := range d.Cases {
			i := slices.IndexFunc(r.Cases, func(c grader.CaseResult) bool { return c.ID == id })
			if i >= 0 && r.Cases[i].Visibility != cases.Hidden {
				shown = append(shown, id)
			}
		}
		if len(shown) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\nknown mistake: %s (%s)\n%s\n", d.Mistake, strings.Join(shown, ", "), wrap(d.Hint, 76))
	}
	if len(r.Files) > 0 {
		b.WriteString("\nfiles handed in:\n")
		for _, f := range r.Files {
			as := "not built"
			if f.BuiltAs != "" {
				as = "built as " + escape.TerminalLine(f.BuiltAs)
			}
			fmt.Fprintf(&b, "  %s (%s): %s\n", escape.TerminalLine(f.Path), textfmt.Size(int64(f.Bytes)), as)
		}
	}
	return b.String()
}

// gradescopeCase explains a case's test: nothing for a pass (but the
// reading it passed under), the verdict alone for a hidden case, the
// details for a public one.
func gradescopeCase(a *grader.Assignment, r grader.Result, c grader.CaseResult, visible bool) string {
	var b strings.Builder
	if visible {
		if n := a.CaseNote(c.ID); n != "" {
			fmt.Fprintf(&b, "note: %s\n\n", n)
		}
	}
	if c.Verdict == grader.Pass {
		if c.Reading != "" && visible {
			b.WriteString("passed under the reading " + c.Reading + "\n")
		}
		if visible && r.Status == grader.Graded {
			judgeEvidence(&b, c) // a judge's partial credit
		}
		return strings.TrimPrefix(b.String(), "\n")
	}
	e := explain(a, c)
	if !visible || r.Status != grader.Graded {
		return e.Verdict + "\n"
	}
	// A run a limit stopped says which, with its size, in place of the
	// verdict's phrase.
	b.WriteString(e.Headline + "\n")
	if in, cut := a.FullInput(c); in != nil {
		fmt.Fprintf(&b, "\nstdin (%s):\n%s\n", inputSize(in, cut), strings.TrimRight(string(in), "\n"))
	}
	failureText(&b, a, r, c)
	return b.String()
}

// failureText writes what went wrong in a failed case that ran, as every
// writer shows it (a Gradescope test, a JUnit failure): the runs of a
// repeated case, the rule broken, the first difference and the diff, or
// how the run ended (when its headline did not say it); what a judge said;
// each known mistake with its hint; stderr. Each part after the first
// comes after a blank line.
func failureText(b *strings.Builder, a *grader.Assignment, r grader.Result, c grader.CaseResult) {
	e := explain(a, c)
	switch {
	case c.Attempts != nil:
		checkRuns(b, a, c, Style{})
	case e.Rule != "":
		fmt.Fprintf(b, "%s\n", e.Rule)
	case c.Mismatch != nil:
		fmt.Fprintf(b, "%s\n    expected: %s\n    got:      %s\n", e.Difference, c.Mismatch.Expected, c.Mismatch.Got)
		if c.Mismatch.Diff != "" {
			fmt.Fprintf(b, "\n%s\n", strings.TrimRight(c.Mismatch.Diff, "\n"))
		}
	case e.Ended != "" && e.Ended != e.Headline:
		fmt.Fprintf(b, "%s\n", e.Ended)
	}
	judgeEvidence(b, c)
	for _, d := range r.Diagnoses {
		if slices.Contains(d.Cases, c.ID) {
			// Each diagnosis with its hint: the case as if it named only
			// the diagnosis's mistakes.
			dc := c
			dc.Mistakes = append([]string{d.Mistake}, d.Alternatives...)
			fmt.Fprintf(b, "\nknown mistake: %s.\n%s\n", explain(a, dc).Mistake, wrap(d.Hint, 76))
		}
	}
	if c.Stderr != "" {
		fmt.Fprintf(b, "\nstderr:\n%s\n", strings.TrimRight(c.Stderr, "\n"))
	}
}

// judgeEvidence writes what a judge that shows no difference (a checker
// program) said to the student, and the output it judged, as a
// Gradescope test or a JUnit failure shows them: each after a blank line.
func judgeEvidence(b *strings.Builder, c grader.CaseResult) {
	if c.Feedback != "" {
		fmt.Fprintf(b, "\nthe judge says:\n%s\n", strings.TrimRight(c.Feedback, "\n"))
	}
	if c.Output != nil {
		fmt.Fprintf(b, "\nstdout:\n%s\n", strings.TrimRight(printed(*c.Output), "\n"))
	}
}

// GradescopeMetadata is what the grader reads of Gradescope's
// submission_metadata.json; the file's other fields are ignored.
type GradescopeMetadata struct {
	ID         json.Number `json:"id"`
	CreatedAt  string      `json:"created_at"`
	Assignment struct {
		Title       string  `json:"title"`
		DueDate     *string `json:"due_date"`
		LateDueDate *string `json:"late_due_date"`
	} `json:"assignment"`
	Users []struct {
		Name  string `json:"name"`
		Email string `json:"email"`
	} `json:"users"`
}

// ParseGradescopeMetadata reads submission_metadata.json (name is for
// messages). It takes any fields it does not know, and refuses what is not
// a JSON object, a field of the wrong type and a time that is not RFC 3339.
// An error is one line that starts with name.
func ParseGradescopeMetadata(name string, data []byte) (GradescopeMetadata, error) {
	var m GradescopeMetadata
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return GradescopeMetadata{}, fmt.Errorf("%s: not Gradescope's submission metadata: %s", name, jsonProblem(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return GradescopeMetadata{}, fmt.Errorf("%s: not Gradescope's submission metadata: more after the JSON object", name)
	}
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte("null")) {
		return GradescopeMetadata{}, fmt.Errorf("%s: not Gradescope's submission metadata: null, not an object", name)
	}
	if m.ID != "" {
		if _, err := m.ID.Int64(); err != nil {
			return GradescopeMetadata{}, fmt.Errorf("%s: id %s is not a whole number", name, m.ID)
		}
	}
	for _, t := range []struct {
		key string
		v   *string
	}{{"created_at", &m.CreatedAt}, {"assignment.due_date", m.Assignment.DueDate}, {"assignment.late_due_date", m.Assignment.LateDueDate}} {
		if t.v == nil || *t.v == "" {
			continue
		}
		if _, err := time.Parse(time.RFC3339, *t.v); err != nil {
			return GradescopeMetadata{}, fmt.Errorf("%s: %s %q is not an RFC 3339 time", name, t.key, *t.v)
		}
	}
	return m, nil
}

// jsonProblem is a one-line account of a decoding error.
func jsonProblem(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return "empty, not a JSON object"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "bad JSON: it ends early"
	case errors.As(err, &se):
		return fmt.Sprintf("bad JSON at byte %d: %v", se.Offset, se)
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			return fmt.Sprintf("a JSON %s where an object belongs", te.Value)
		}
		return fmt.Sprintf("%s is a JSON %s, not a %s", field, te.Value, goKind(te.Type.Kind().String()))
	}
	return strings.ReplaceAll(err.Error(), "\n", " ")
}

func goKind(k string) string {
	switch k {
	case "struct", "map":
		return "object"
	case "slice":
		return "list"
	case "ptr":
		return "string or null"
	}
	return k
}

// The keys and values Gradescope's autograder specification documents for
// results.json.
var (
	gradescopeTop = map[string]string{
		"score": "number", "execution_time": "number", "output": "string",
		"output_format": "format", "test_output_format": "format", "test_name_format": "format",
		"visibility": "visibility", "stdout_visibility": "visibility",
		"extra_data": "object", "tests": "array", "leaderboard": "array",
	}
	gradescopeTest = map[string]string{
		"score": "number", "max_score": "number", "status": "status", "name": "string",
		"name_format": "format", "number": "string", "output": "string", "output_format": "format",
		"tags": "strings", "visibility": "visibility", "extra_data": "object",
	}
	gradescopeEnums = map[string][]string{
		"format":     {"text", "html", "simple_format", "md", "ansi"},
		"visibility": {"hidden", "after_due_date", "after_published", "visible"},
		"status":     {"passed", "failed"},
	}
)

// ValidateGradescope checks data against Gradescope's specification of
// results.json: a JSON object of the documented keys only, each of its
// type (numbers, strings, an output format of text, html, simple_format,
// md or ansi, a visibility of hidden, after_due_date, after_published or
// visible), tests an array of objects of the documented test keys (a
// status passed or failed, tags strings), and a score at the top or on
// every test. It names the first problem.
func ValidateGradescope(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var top any
	if err := dec.Decode(&top); err != nil {
		return fmt.Errorf("results.json: %s", jsonProblem(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("results.json: more after the JSON object")
	}
	obj, ok := top.(map[string]any)
	if !ok {
		return errors.New("results.json: not a JSON object")
	}
	if err := gradescopeKeys("results.json", obj, gradescopeTop); err != nil {
		return err
	}
	_, scored := obj["score"]
	tests, _ := obj["tests"].([]any)
	if !scored && len(tests) == 0 {
		return errors.New("results.json: no score, and no tests to add one up from")
	}
	for i, t := range tests {
		where := fmt.Sprintf("results.json: tests[%d]", i)
		to, ok := t.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: not a JSON object", where)
		}
		if err := gradescopeKeys(where, to, gradescopeTest); err != nil {
			return err
		}
		if _, ok := to["score"]; !ok && !scored {
			return fmt.Errorf("%s: no score, and none at the top", where)
		}
	}
	return nil
}

// gradescopeKeys checks an object's keys against the documented ones,
// in sorted order so that the first problem named is always the same.
func gradescopeKeys(where string, obj map[string]any, known map[string]string) error {
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		kind, ok := known[k]
		if !ok {
			return fmt.Errorf("%s: %q is not a key Gradescope documents", where, k)
		}
		v := obj[k]
		bad := false
		switch kind {
		case "number":
			_, isNum := v.(json.Number)
			bad = !isNum
		case "string":
			_, isStr := v.(string)
			bad = !isStr
		case "object":
			_, isObj := v.(map[string]any)
			bad = !isObj
		case "array":
			_, isArr := v.([]any)
			bad = !isArr
		case "strings":
			arr, isArr := v.([]any)
			bad = !isArr
			for _, e := range arr {
				if _, isStr := e.(string); !isStr {
					bad = true
				}
			}
		default: // an enumeration
			s, isStr := v.(string)
			if !isStr || !slices.Contains(gradescopeEnums[kind], s) {
				return fmt.Errorf("%s: %s is %s, not one of %s", where, k, jsonText(v), strings.Join(gradescopeEnums[kind], ", "))
			}
		}
		if bad {
			if kind == "strings" {
				kind = "array of strings"
			}
			return fmt.Errorf("%s: %s is %s, not a JSON %s", where, k, jsonText(v), kind)
		}
	}
	return nil
}

// jsonText shows a decoded JSON value briefly.
func jsonText(v any) string {
	data, _ := json.Marshal(v)
	if len(data) > 40 {
		return string(data[:40]) + "..."
	}
	return string(data)
}

// testsGradescope is the Gradescope test of the tests part id of r: its
// score, and what the student may see of it (testsText); ok is false for
// another part.
func testsGradescope(r grader.Result, id string) (t GradescopeTest, ok bool) {
	for _, p := range r.Parts {
		if p.ID != id || p.Tests == nil {
			continue
		}
		t = GradescopeTest{Name: fmt.Sprintf("part %s: %s", p.ID, p.Name), MaxScore: p.MaxScore, Status: GradescopeFailed, Visibility: GradescopeVisible,
			Output: testsText(*p.Tests)}
		if r.Status == grader.Graded {
			t.Score = p.Score
			if p.Score >= p.MaxScore {
				t.Status = GradescopePassed
			}
		}
		return t, true
	}
	return t, false
}

// manualTest is the Gradescope test that carries a submission's manual
// grading: its items' points and its comments; nil when there is none.
func manualTest(r grader.Result) *GradescopeTest {
	m := r.Manual
	if m == nil || len(m.Items) == 0 && len(m.Comments) == 0 && len(m.Parts) == 0 {
		return nil
	}
	var out strings.Builder
	for _, it := range m.Items {
		fmt.Fprintf(&out, "%s (%s, part %s)\n", it.Text, signed(it.Points), it.Part)
	}
	for _, c := range m.Comments {
		fmt.Fprintf(&out, "%s line %d: %s\n", c.File, c.Line, oneLineText(c.Text))
	}
	return &GradescopeTest{Name: "graded by hand", Score: grader.Round2(r.Score - m.Auto), Status: GradescopePassed,
		Output: escape.Terminal(out.String()), Visibility: GradescopeVisible}
}
