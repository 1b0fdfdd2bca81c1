package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/internal/textfmt"
)

//go:embed page/index.html.tmpl
var pageSource string

var pageTemplate = template.Must(template.New("index").Funcs(template.FuncMap{
	"num":    num,
	"plural": plural,
	"size":   func(n int) string { return textfmt.Size(int64(n)) },
	"pct":    func(x float64) string { return fmt.Sprintf("%.0f", 100*x) },
}).Parse(pageSource))

// Page is index.html: one self-contained page (inline CSS, JavaScript and
// SVG; nothing fetched) for the TA. It holds the class table, sortable by
// any column and filtered by verdict, with each late penalty beside the
// totals it was taken from; the known mistakes of the class, each linking
// to the cases that show it; histograms of the totals and of each part's
// scores with their bins, counts, mean and median; and one section per
// submission, shown when the address ends in #s-<id> (opened from the
// table; works from file://, no server). A submission's section shows its
// notes, known mistakes and their hints, the build log, its failing cases
// first, each with its details (its diff side by side with line numbers,
// whitespace made visible and the changed characters marked; a broken
// rule; the exit, limit and stderr), then folded the cases it never ran
// (its status says why) and its passing cases, and the provenance. A case's details have the id #s-<id>~<case> (see anchor),
// the same string in every link to them. Student output is escaped
// (html/template), its control characters shown (see shown); hidden
// cases are shown too: it is the TA's.
func Page(a *grader.Assignment, b Batch) ([]byte, error) {
	d := pageData{Title: a.Rubric.Name, Total: a.Rubric.Total, Version: b.GraderVersion, GradedAt: b.GradedAt, HasSimilar: b.Similar != nil, ByHand: b.ByHand,
		Load: LoadWarning(b.Submissions)}
	d.Parts = columns(a)
	present := map[grader.Verdict]bool{}
	var totals []float64
	for _, r := range b.Submissions {
		s, similar := b.Similar[r.ID] // keyed by the ids as they are
		r = shown(r)
		row := classRow(a, r)
		if similar {
			s.Other = escape.ID(s.Other)
			row.Similar = &s
		}
		d.Rows = append(d.Rows, row)
		for _, c := range r.Cases {
			present[c.Verdict] = true
		}
		sub := pageSubmission(a, r)
		d.Subs = append(d.Subs, sub)
		d.Mistakes = addMistakes(d.Mistakes, sub)
		if r.Status != grader.StatusFailed {
			totals = append(totals, r.Score)
		}
	}
	for _, v := range grader.Verdicts { // in report order, not the map's
		if present[v] {
			d.Verdicts = append(d.Verdicts, string(v))
		}
	}
	d.HasReference = a.Rubric.Reference != "" || len(d.Mistakes) > 0
	d.Tests = testsMatrices(a.Rubric, b.Submissions, anchor)
	slices.SortStableFunc(d.Mistakes, func(x, y pageMistake) int {
		if n := len(y.Links) - len(x.Links); n != 0 {
			return n
		}
		return strings.Compare(x.Name, y.Name)
	})
	d.Histograms = append(d.Histograms, pageHistogram{Title: "Totals", SVG: histogram(totals, a.Rubric.Total, 10)})
	for _, p := range a.Rubric.Parts {
		var scores []float64
		for _, r := range b.Submissions {
			for _, pr := range r.Parts {
				if pr.ID == p.ID && r.Status != grader.StatusFailed {
					scores = append(scores, pr.Score)
				}
			}
		}
		d.Histograms = append(d.Histograms, pageHistogram{Title: "Part " + p.ID + ": " + p.Name, SVG: histogram(scores, p.Points, 5)})
	}
	var out bytes.Buffer
	if err := pageTemplate.Execute(&out, d); err != nil {
		return nil, fmt.Errorf("index.html: %w", err)
	}
	return out.Bytes(), nil
}

type pageData struct {
	Title, Version, GradedAt string
	// Load warns when the machine's load may have decided verdicts
	// (LoadWarning); "" when not.
	Load       string
	Total      float64
	Parts      []pagePart
	Rows       []pageRow
	Verdicts   []string
	Mistakes   []pageMistake
	Histograms []pageHistogram
	Subs       []pageSub
	HasSimilar bool // a column of each one's most similar other
	ByHand     *ByHand
	// HasReference: the rubric names a reference, whose catalogue of
	// mistakes the page reports on ("Known mistakes"), or a mistake of
	// one is named.
	HasReference bool
	// Tests are the class's matrices of tests parts against their bugs.
	Tests []TestsMatrix
}

type pageRow struct {
	ID, Anchor, Status, Verdicts string
	Score, Penalty               float64
	LateDays                     int
	Parts                        []pageCell
	Unscored                     bool // a grader failure: no score, "-"
	Similar                      *Similar
}

type pageCell struct {
	Text string
	Sort float64
}

// pageMistake is a known mistake of the class: the submissions that made
// it, each linking to the first case that shows it.
type pageMistake struct {
	Name, Hint string
	Links      []pageLink
}

type pageLink struct{ Text, Anchor string }

type pageHistogram struct {
	Title string
	SVG   template.HTML // made here from numbers only
}

type pageSub struct {
	grader.Result
	Anchor           string
	Failing, Passing []pageCase
	// NotRun are the cases the submission's status explains (it did not
	// build, was refused, ...), with nothing more to show: folded.
	NotRun []pageCase
	// NotRunWhy are their verdicts, in the order first seen.
	NotRunWhy []string
}

type pageCase struct {
	grader.CaseResult
	// Anchor is the id of the case's details; "" when there is nothing to
	// show beyond its verdict: nothing links to it then.
	Anchor  string
	Command string
	Time    string // the run's wall time, when timings were asked for
	Worth   string // a weighed case's points, "0 / 2" (earned)
	Failed  bool
	// Partial says what a case a judge gave part of the credit earned
	// ("partial credit: 0.5 of the case"); "" otherwise.
	Partial string
	Diff    []diffRow // side by side, when the output differed
	// Printed is the output kept for a case judged without a difference
	// to show (CaseResult.Output), as reports show it.
	Printed string
	// Mistake says what the case's known mistakes explain.
	Mistake string
	// Runs says how a repeated case's runs went, with its failing runs,
	// as check prints them.
	Runs string
	// Rule, Difference and Ended are the case's explanation's
	// (grader.Explain), as sentences.
	Rule, Difference, Ended string
	// Note is what the case's file says of it (its note: line).
	Note string
	// Words are the verdict in a unit test's words ("the test failed"),
	// shown beside its code; "" for a program's case.
	Words string
	// Log is the judge's word for the TA (JudgeLog: a hidden test's
	// assertion message, a checker's judge message), when it says more
	// than Feedback; the page is the TA's.
	Log string
}

// shown is r with its id shown as ids are (escape.ID: a look-alike
// flagged) and the control characters of what its student controls
// shown (escape.Terminal): html/template escapes markup, but would leave
// the escape sequences a terminal acts on when the page is printed.
func shown(r grader.Result) grader.Result {
	r.ID = escape.ID(r.ID)
	r.Notes = mapText(r.Notes, escape.TerminalLine)
	r.Flags = mapText(r.Flags, escape.Terminal)
	r.Files = slices.Clone(r.Files)
	for i := range r.Files {
		f := &r.Files[i]
		f.Path, f.BuiltAs = escape.TerminalLine(f.Path), escape.TerminalLine(f.BuiltAs)
	}
	r.BuildLog = escape.Terminal(r.BuildLog)
	r.Manual = shownManual(r.Manual)
	r.Parts = shownTests(r.Parts)
	r.Cases = slices.Clone(r.Cases)
	for i := range r.Cases {
		c := &r.Cases[i]
		c.Stderr, c.Feedback, c.JudgeLog = escape.Terminal(c.Stderr), escape.Terminal(c.Feedback), escape.Terminal(c.JudgeLog)
		if c.Violation != nil {
			v := *c.Violation
			v.Rule, v.Msg = escape.TerminalLine(v.Rule), escape.Terminal(v.Msg)
			c.Violation = &v
		}
		if c.Mismatch != nil { // shown by package compare already: once more, to be sure
			m := *c.Mismatch
			m.Expected, m.Got, m.Diff = escape.TerminalLine(m.Expected), escape.TerminalLine(m.Got), escape.Terminal(m.Diff)
			c.Mismatch = &m
		}
	}
	return r
}

// shownManual is m with the control characters of its comments' file
// names (the student's) and texts shown, as the rest of the page's.
func shownManual(m *grader.Manual) *grader.Manual {
	if m == nil {
		return nil
	}
	c := *m
	c.Comments = slices.Clone(m.Comments)
	for i := range c.Comments {
		c.Comments[i].File = escape.TerminalLine(c.Comments[i].File)
		c.Comments[i].Text = escape.Terminal(c.Comments[i].Text)
	}
	return &c
}

// mapText is f applied to each of texts, in a new slice.
func mapText(texts []string, f func(string) string) []string {
	if texts == nil {
		return nil
	}
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = f(t)
	}
	return out
}

// classRow is a submission's row of the class table.
func classRow(a *grader.Assignment, r grader.Result) pageRow {
	row := pageRow{ID: r.ID, Anchor: anchor(r.ID), Score: r.Score, Penalty: r.Penalty, Status: string(r.Status), LateDays: r.LateDays,
		Unscored: r.Status == grader.StatusFailed}
	for _, p := range columns(a) {
		cell := pageCell{Text: "-", Sort: -1}
		for _, pr := range r.Parts {
			if pr.ID == p.ID && !row.Unscored {
				cell = pageCell{Text: num(pr.Score), Sort: pr.Score}
			}
		}
		row.Parts = append(row.Parts, cell)
	}
	var vs []string
	for _, c := range r.Cases {
		if !slices.Contains(vs, string(c.Verdict)) {
			vs = append(vs, string(c.Verdict))
		}
	}
	slices.Sort(vs)
	row.Verdicts = strings.Join(vs, " ")
	return row
}

// addMistakes adds the known mistakes of a submission to the class's.
func addMistakes(all []pageMistake, s pageSub) []pageMistake {
	for _, dg := range s.Diagnoses {
		i := slices.IndexFunc(all, func(m pageMistake) bool { return m.Name == dg.Mistake })
		if i < 0 {
			all = append(all, pageMistake{Name: dg.Mistake, Hint: dg.Hint})
			i = len(all) - 1
		}
		link := pageLink{Text: s.ID, Anchor: s.Anchor}
		for _, c := range s.Failing {
			if len(dg.Cases) > 0 && c.ID == dg.Cases[0] && c.Anchor != "" {
				link = pageLink{Text: s.ID + " (" + c.ID + ")", Anchor: c.Anchor}
			}
		}
		all[i].Links = append(all[i].Links, link)
	}
	return all
}

func pageSubmission(a *grader.Assignment, r grader.Result) pageSub {
	s := pageSub{Result: r, Anchor: anchor(r.ID)}
	for _, c := range r.Cases {
		e := explain(a, c)
		pc := pageCase{CaseResult: c, Failed: !c.Full(), Command: a.Command(c), Mistake: e.Mistake, Worth: pointsOf(c),
			Rule: capitalize(e.Rule), Difference: capitalize(e.Difference), Ended: capitalize(e.Ended)}
		if !c.Full() {
			pc.Partial = e.Credit // "" for a case without partial credit
		}
		if pc.Note = a.CaseNote(c.ID); pc.Note != "" && pc.Failed {
			pc.Anchor = anchor(r.ID, c.ID)
		}
		if pc.Failed && a.IsTest(c.ID) {
			pc.Words = e.Verdict // "the test failed", beside the verdict's code
		}
		details(&pc, r.ID)
		if c.Attempts != nil {
			var b strings.Builder
			checkRuns(&b, a, c, Style{})
			pc.Runs, pc.Anchor = b.String(), anchor(r.ID, c.ID)
		}
		switch {
		case pc.Failed && pc.Anchor == "":
			s.NotRun = append(s.NotRun, pc)
			if !slices.Contains(s.NotRunWhy, string(c.Verdict)) {
				s.NotRunWhy = append(s.NotRunWhy, string(c.Verdict))
			}
		case pc.Failed:
			s.Failing = append(s.Failing, pc)
		default:
			s.Passing = append(s.Passing, pc)
		}
	}
	return s
}

// details fills in what a case of submission id shows beyond its verdict,
// and its anchor when there is any. A case the submission's status
// explains (it did not build, was refused, ...) never ran: it has none,
// unless its result says more.
func details(pc *pageCase, id string) {
	c := pc.CaseResult
	if c.Mismatch != nil || c.Violation != nil || len(c.Mistakes) > 0 || c.Limit != grader.None ||
		c.Signal != "" || c.ExitCode != 0 || c.Stderr != "" || c.Output != nil || pc.Failed && !submissionVerdict(c.Verdict) {
		pc.Anchor = anchor(id, c.ID)
	}
	if c.Output != nil {
		pc.Printed = escape.Terminal(printed(*c.Output)) // control bytes shown, as shown() does the rest
	}
	if c.JudgeLog != "" && c.JudgeLog != c.Feedback && c.Verdict != grader.Pass {
		pc.Log, pc.Anchor = c.JudgeLog, anchor(id, c.ID)
	}
	if c.TimeMS != nil {
		pc.Time = fmt.Sprintf("%d ms", *c.TimeMS)
	}
	if c.Mismatch != nil {
		pc.Diff = sideBySide(c.Mismatch.Diff)
	}
}

// submissionVerdict reports whether v is the verdict of every case of a
// submission that never ran (its status says why).
func submissionVerdict(v grader.Verdict) bool {
	switch v {
	case grader.CompileError, grader.MissingFile, grader.Rejected, grader.NotAccepted, grader.Unreadable:
		return true
	}
	return false
}
