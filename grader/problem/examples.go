package problem

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/internal/textfmt"
	"go.yaml.in/yaml/v3"
)

// Example is one of a package's labelled submissions: a file or folder in
// submissions/LABEL/, with what its label and submissions.yaml expect.
type Example struct {
	Path string // the file or folder
	Name string // under submissions/, slash-separated: "accepted/sol.py"
	// Skip, when set, says why the grader does not judge this one (a
	// language it does not build); it is listed, never judged.
	Skip   string
	rules  []rule
	consts rubric.Constants
	root   string // the package's folder
	entry  string // submissions.yaml's entrypoint, "" for the format's default
}

// Replace replaces the package's constants ({{name}}) in a file of the
// example, as the format does before it builds.
func (ex Example) Replace(data []byte) []byte { return ex.consts.Replace(data) }

// rule is one expectation on the cases a case glob matches ("" for all),
// as the format's submissions.yaml writes it.
type rule struct {
	from      string // the submissions.yaml key or folder that set it
	cases     string // a test case glob, relative to data/; "" for every case
	permitted []string
	required  []string
	score     []float64 // one number, or an inclusive range
	message   string
}

// defaultRules are the format's expectations of its standard folders
// (2025-09), and legacy's partially_accepted: an accepted verdict (which
// a scoring problem's groups give as they earn points) and less than
// full marks, its cases' verdicts free; Misfits checks its score.
var defaultRules = map[string]rule{
	"accepted":            {permitted: []string{"AC"}},
	"rejected":            {required: []string{"RTE", "TLE", "WA"}},
	"wrong_answer":        {permitted: []string{"AC", "WA"}, required: []string{"WA"}},
	"time_limit_exceeded": {permitted: []string{"AC", "TLE"}, required: []string{"TLE"}},
	"run_time_error":      {permitted: []string{"AC", "RTE"}, required: []string{"RTE"}},
	"brute_force":         {permitted: []string{"AC", "RTE", "TLE"}, required: []string{"RTE", "TLE"}},
	"partially_accepted":  {},
}

// verdicts are the format's names of the verdicts a rule may name.
var verdicts = []string{"AC", "WA", "TLE", "RTE"}

// Examples lists the labelled submissions of the package in dir, in name
// order, with their expectations: their folder's, then submissions.yaml's
// (a key naming a standard folder replaces the keys it gives; any other
// glob adds a rule). An error names the file at fault.
func Examples(dir string) ([]Example, error) {
	subs := filepath.Join(dir, "submissions")
	labels, err := os.ReadDir(subs)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", subs, err)
	}
	spec, err := readSubmissionsYAML(filepath.Join(subs, "submissions.yaml"))
	if err != nil {
		return nil, err
	}
	var m meta
	if data, err := os.ReadFile(filepath.Join(dir, File)); err == nil {
		m, _ = parseMeta(filepath.Join(dir, File), data) // Load has read it
	}
	var out []Example
	for _, l := range labels {
		if !l.IsDir() || strings.HasPrefix(l.Name(), ".") {
			continue
		}
		entries, err := os.ReadDir(filepath.Join(subs, l.Name()))
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".") {
				continue
			}
			ex := Example{Path: filepath.Join(subs, l.Name(), e.Name()), Name: l.Name() + "/" + e.Name(), consts: m.constants, root: dir}
			if err := spec.apply(&ex, l.Name()); err != nil {
				return nil, err
			}
			if ex.Skip == "" {
				ex.Skip = unbuilt(ex.Path)
			}
			out = append(out, ex)
		}
	}
	if len(out) == 0 {
		return nil, badf(subs, "no labelled submission (submissions/LABEL/NAME)")
	}
	return out, nil
}

// Unmatched lists the keys of the package's submissions/submissions.yaml
// that match none of exs (its Examples), each a line naming the file: a
// misspelt name, or a glob a test of the format writes on purpose
// (BAPCtools' do), so cases verify warns and goes on.
func Unmatched(dir string, exs []Example) ([]string, error) {
	spec, err := readSubmissionsYAML(filepath.Join(dir, "submissions", "submissions.yaml"))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, k := range spec.keys {
		if !slices.ContainsFunc(exs, func(ex Example) bool { return globMatches(k, ex.Name) }) {
			out = append(out, fmt.Sprintf("%s: %s: matches no submission", spec.file, k))
		}
	}
	return out, nil
}

// subSpec is submissions.yaml: its keys, in the file's order.
type subSpec struct {
	file string
	keys []string
	maps map[string]map[string]any
}

func readSubmissionsYAML(file string) (subSpec, error) {
	s := subSpec{file: file, maps: map[string]map[string]any{}}
	data, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	} else if err != nil {
		return s, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return s, badf(file, "%s", oneLine(err.Error()))
	}
	if len(doc.Content) == 0 {
		return s, nil
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return s, badf(file, "must be a map of submission globs")
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		k := top.Content[i].Value
		var m map[string]any
		if err := top.Content[i+1].Decode(&m); err != nil {
			return s, badf(file, "%s: must be a map", k)
		}
		s.keys = append(s.keys, k)
		s.maps[k] = m
	}
	return s, nil
}

// apply gives an example its rules: its folder's and those of each key
// of submissions.yaml that matches it.
func (s subSpec) apply(ex *Example, label string) error {
	base, standard := defaultRules[label]
	base.from = label
	matched := standard
	if m, ok := s.maps[label]; ok {
		matched = true
		if err := s.ruleKeys(ex, label, m, &base); err != nil {
			return err
		}
	}
	if standard || s.maps[label] != nil {
		ex.rules = append(ex.rules, base)
	}
	for _, k := range s.keys {
		if k == label || !globMatches(k, ex.Name) {
			continue
		}
		matched = true
		r := rule{from: k}
		if err := s.ruleKeys(ex, k, s.maps[k], &r); err != nil {
			return err
		}
		if r.permitted != nil || r.required != nil || r.score != nil || r.message != "" {
			ex.rules = append(ex.rules, r)
		}
	}
	if !matched {
		ex.Skip = fmt.Sprintf("no expectation: %s is not a folder the format defines, and submissions.yaml gives it none", label)
	}
	return nil
}

// ruleKeys reads one submissions.yaml entry into r (and ex, for its
// language); a key that is not the entry's own is a test case glob with
// rules of its own.
func (s subSpec) ruleKeys(ex *Example, key string, m map[string]any, r *rule) error {
	for _, k := range sortedKeys(m) {
		v := m[k]
		var err error
		switch k {
		case "authors", "model_solution", "use_for_time_limit":
			// Who wrote it, and the time limit's inference: not the grader's.
		case "language":
			lang, _ := v.(string)
			if _, ok := codeLanguage(lang); !ok {
				ex.Skip = fmt.Sprintf("language %v is not one the grader builds (%s)", v, strings.Join(firstCodes(), ", "))
			}
		case "entrypoint":
			// The file (or Java class) run first, of a folder of several.
			entry, ok := v.(string)
			if !ok || entry == "" {
				return badf(s.file, "%s: entrypoint: %v is not a file or class name", key, v)
			}
			ex.entry = entry
		case "permitted", "required", "score", "message":
			err = ruleKey(k, v, r)
		default:
			sub, ok := v.(map[string]any)
			if !ok {
				return badf(s.file, "%s: unknown key %q", key, k)
			}
			cr := rule{from: key + " " + k, cases: k}
			for _, ck := range sortedKeys(sub) {
				switch ck {
				case "use_for_time_limit":
				case "permitted", "required", "score", "message":
					if err := ruleKey(ck, sub[ck], &cr); err != nil {
						return badf(s.file, "%s: %s: %v", key, k, err)
					}
				default:
					return badf(s.file, "%s: %s: unknown key %q", key, k, ck)
				}
			}
			ex.rules = append(ex.rules, cr)
		}
		if err != nil {
			return badf(s.file, "%s: %v", key, err)
		}
	}
	return nil
}

// ruleKey reads one expectation key into r.
func ruleKey(k string, v any, r *rule) error {
	switch k {
	case "permitted", "required":
		vs, err := words(v, true)
		if err != nil {
			return fmt.Errorf("%s: %v", k, err)
		}
		for _, x := range vs {
			if !slices.Contains(verdicts, x) {
				return fmt.Errorf("%s: %q is not one of AC, WA, TLE, RTE", k, x)
			}
		}
		if k == "permitted" {
			r.permitted = vs
		} else {
			r.required = vs
		}
	case "score":
		switch x := v.(type) {
		case []any:
			if len(x) != 2 {
				return fmt.Errorf("score: a number or a range of two, got %v", v)
			}
			lo, ok1 := number(x[0])
			hi, ok2 := number(x[1])
			if !ok1 || !ok2 || lo > hi {
				return fmt.Errorf("score: a range of two numbers, low first, got %v", v)
			}
			r.score = []float64{lo, hi}
		default:
			f, ok := number(v)
			if !ok {
				return fmt.Errorf("score: a number or a range of two, got %v", v)
			}
			r.score = []float64{f, f}
		}
	case "message":
		s, ok := v.(string)
		if !ok {
			return fmt.Errorf("message must be a string, got %v", v)
		}
		r.message = s
	}
	return nil
}

// globMatches reports whether a submissions.yaml glob (with * within a
// name and {a,b} braces) matches name or a folder above it.
func globMatches(glob, name string) bool {
	for _, g := range expandBraces(glob) {
		for p := name; p != "." && p != ""; p = path.Dir(p) {
			if ok, _ := path.Match(g, p); ok {
				return true
			}
		}
	}
	return false
}

// expandBraces expands the first {a,b,...} of a glob, and so on, each
// alternative without the spaces around it.
func expandBraces(glob string) []string {
	i := strings.Index(glob, "{")
	j := strings.Index(glob[max(i, 0):], "}")
	if i < 0 || j < 0 {
		return []string{glob}
	}
	j += i
	var out []string
	for _, alt := range strings.Split(glob[i+1:j], ",") {
		// Spaces around an alternative are not part of it: "{ 4 }" is 4.
		out = append(out, expandBraces(glob[:i]+strings.TrimSpace(alt)+glob[j+1:])...)
	}
	return out
}

// Verdict is the format's name of a case's verdict: AC, WA, TLE, RTE (a
// memory or output limit is a run-time error, as contest systems judge
// them), "-" for a case not run (its group had stopped), or "JE" when
// the grader failed.
func Verdict(v grader.Verdict) string {
	switch v {
	case grader.Pass:
		return "AC"
	case grader.WrongAnswer:
		return "WA"
	case grader.Timeout:
		return "TLE"
	case grader.RuntimeError, grader.MemoryLimit, grader.OutputLimit:
		return "RTE"
	case grader.NotRun:
		return "-"
	}
	return "JE"
}

// CaseName is a case's name as the format writes it, relative to data/
// without .in ("secret/group1/01").
func CaseName(a *grader.Assignment, id string) string {
	for _, part := range a.Parts {
		for _, c := range part {
			if c.ID == id {
				rel, err := filepath.Rel(a.Rubric.CasesDir, c.Path)
				if err == nil {
					return strings.TrimSuffix(filepath.ToSlash(rel), ".in")
				}
			}
		}
	}
	return id
}

// Misfits says how a graded example does not meet its expectations: none
// when it is judged as labelled. A pass-fail problem's cases count up to
// the first that is not accepted, where a contest judge stops. A result
// the grader failed on is judged by its cases' verdicts (JE, which no
// rule permits, where it failed).
func (ex Example) Misfits(a *grader.Assignment, r grader.Result, scoring bool) []string {
	if !Judged(r) {
		return []string{fmt.Sprintf("not graded: %s", r.Status)}
	}
	cs := r.Cases
	if !scoring {
		if i := slices.IndexFunc(cs, func(c grader.CaseResult) bool { return c.Verdict != grader.Pass }); i >= 0 {
			cs = cs[:i+1]
		}
	}
	var out []string
	for _, ru := range ex.rules {
		// A rule on some cases (a test case glob) is about those cases'
		// own verdicts: it sees every case, not only those a contest
		// judge runs before the first rejection.
		seen := cs
		if ru.cases != "" {
			seen = r.Cases
		}
		out = append(out, ru.misfits(a, r, seen)...)
	}
	if strings.HasPrefix(ex.Name, "partially_accepted/") && !(r.Score > 0 && r.Score < r.MaxScore) {
		out = append(out, fmt.Sprintf("partially_accepted: score %s of %s, not strictly between", textfmt.Decimal(r.Score), textfmt.Decimal(r.MaxScore)))
	}
	return out
}

// Judged reports whether a result has its cases' verdicts: graded, or a
// grader failure on some case.
func Judged(r grader.Result) bool {
	return r.Status == grader.Graded || r.Status == grader.StatusFailed && len(r.Cases) > 0
}

// misfits checks one rule on the cases it concerns.
func (ru rule) misfits(a *grader.Assignment, r grader.Result, cs []grader.CaseResult) []string {
	var out []string
	seen, msg := map[string]bool{}, false
	for _, c := range cs {
		if c.Verdict == grader.NotRun || ru.cases != "" && !globMatches(ru.cases, CaseName(a, c.ID)) {
			continue
		}
		v := Verdict(c.Verdict)
		seen[v] = true
		if ru.permitted != nil && !slices.Contains(ru.permitted, v) {
			out = append(out, fmt.Sprintf("%s: case %s is %s, not one of %s", ru.from, CaseName(a, c.ID), v, strings.Join(ru.permitted, ", ")))
		}
		msg = msg || strings.Contains(c.JudgeLog, ru.message)
	}
	if ru.required != nil && !slices.ContainsFunc(ru.required, func(v string) bool { return seen[v] }) {
		out = append(out, fmt.Sprintf("%s: no case is %s", ru.from, strings.Join(ru.required, " or ")))
	}
	if ru.message != "" && !msg {
		out = append(out, fmt.Sprintf("%s: no judge message says %q", ru.from, ru.message))
	}
	if ru.score != nil {
		got, ok := r.Score, true
		if ru.cases != "" {
			got, ok = groupScore(r, ru.cases)
		}
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s: score: no test group %s", ru.from, ru.cases))
		case got < ru.score[0] || got > ru.score[1]:
			out = append(out, fmt.Sprintf("%s: score %s, not in [%s, %s]", ru.from, textfmt.Decimal(got), textfmt.Decimal(ru.score[0]), textfmt.Decimal(ru.score[1])))
		}
	}
	return out
}

// groupScore sums the scores of the parts whose group the glob matches.
func groupScore(r grader.Result, glob string) (float64, bool) {
	var sum float64
	found := false
	for _, p := range r.Parts {
		if globMatches(glob, p.Name) {
			sum, found = sum+p.Score, true
		}
	}
	return sum, found
}

// Scoring reports whether the package in dir is a scoring problem.
func Scoring(dir string) (bool, error) {
	file := filepath.Join(dir, File)
	data, err := os.ReadFile(file)
	if err != nil {
		return false, err
	}
	m, err := parseMeta(file, data)
	return m.scoring, err
}

// TLELimits are the limits under which a submission labelled to run out
// of time is graded by cases verify, from lim, the package's: the time
// limit times time_limit_to_tle (1.5 by default), so that, as the format
// asks, it runs out of time with that margin, of CPU time and of wall
// clock alike (as BAPCtools times runs): a program that sleeps, or
// closes its output and waits, runs out of time on the wall clock.
func TLELimits(dir string, lim rubric.Limits) (rubric.Limits, error) {
	m, err := readMeta(dir)
	if err != nil {
		return lim, err
	}
	lim.CPU += tleMargin(m, lim.CPU)
	lim.Wall = min(lim.Wall, lim.CPU)
	return lim, nil
}

// Timing is how a package's time limit is set when problem.yaml (or a
// legacy .timelimit) gives none: as the format says, from the slowest
// run of its accepted submissions (TimeLimitFrom).
type Timing struct {
	Given      bool    // the package gives its time limit
	ACToTL     float64 // ac_to_time_limit (legacy: time_multiplier)
	Resolution float64 // time_resolution, in seconds
}

// TimingOf reads the package in dir's Timing.
func TimingOf(dir string) (Timing, error) {
	m, err := readMeta(dir)
	if err != nil {
		return Timing{}, err
	}
	given := m.timeSet
	if !given {
		_, given, err = givenTimelimit(dir, m)
	}
	return Timing{Given: given, ACToTL: m.acToTL, Resolution: m.resolution}, err
}

// TimeLimitFrom is the time limit the format gives a package that sets
// none: the smallest multiple of the resolution that is at least
// ACToTL times the slowest accepted run, and at least one resolution.
func (t Timing) TimeLimitFrom(slowest time.Duration) time.Duration {
	res := seconds(t.Resolution)
	need := time.Duration(t.ACToTL * float64(slowest))
	n := max((need+res-1)/res, 1)
	return n * res
}

// WithTimeLimit is lim with the CPU time limit tl and the package's wall
// limit for it, twice that and 5 seconds more.
func WithTimeLimit(lim rubric.Limits, tl time.Duration) rubric.Limits {
	lim.CPU, lim.Wall = tl, 2*tl+5*time.Second
	return lim
}

// UsedForTimeLimit reports whether the example must be accepted on
// every case (its folder's or submissions.yaml's rule permits AC alone):
// the format derives a time limit from the slowest of these.
func (ex Example) UsedForTimeLimit() bool {
	return slices.ContainsFunc(ex.rules, func(r rule) bool {
		return r.cases == "" && len(r.permitted) == 1 && r.permitted[0] == "AC"
	})
}

// WantsTLE reports whether the example must run out of time somewhere (a
// rule requires TLE alone): the submissions the format grades with the
// time_limit_to_tle margin.
func (ex Example) WantsTLE() bool {
	return slices.ContainsFunc(ex.rules, func(r rule) bool { return len(r.required) == 1 && r.required[0] == "TLE" })
}
