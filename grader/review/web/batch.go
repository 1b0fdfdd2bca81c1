package web

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/review"
	"github.com/cs540-tools/autograder/grader/submission"
)

// sub is one submission of the batch as the page knows it.
type sub struct {
	Index  int // in results.json's order (by id)
	Num    int // its place in the list: its number in addresses (blind: the blind order's)
	Result grader.Result
	Files  []submission.File
	Hashes review.Hashes
	Roles  map[string]string // what each file built is built as, by path (grader's BuiltAs)
	Label  string            // its id as shown (escape.ID), or in blind mode "submission N"
	once   sync.Once
	html   [][]template.HTML // each file's lines as shown (lines)
}

// role is what a file of the submission is: the name it is built as, or
// for a file not built, its path.
func (s *sub) role(path string) string {
	if r, ok := s.Roles[path]; ok {
		return r
	}
	return path
}

// fileAs is the path of the submission's file that is role ("" when it
// has none).
func (s *sub) fileAs(role string) string {
	for _, f := range s.Files {
		if s.role(f.Name) == role {
			return f.Name
		}
	}
	return ""
}

// readResults reads DIR/results.json's submissions, as the autograder
// scored them (any manual grading taken out: the page adds the current).
func readResults(dir string, cfg Config) ([]grader.Result, error) {
	data, err := os.ReadFile(filepath.Join(dir, "results.json"))
	if err != nil {
		return nil, fmt.Errorf("%w: run autograder grade --out %s first", err, dir)
	}
	var b struct {
		Submissions []grader.Result `json:"submissions"`
	}
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "results.json"), err)
	}
	for i := range b.Submissions {
		b.Submissions[i] = b.Submissions[i].Autograded(cfg.Assignment.Rubric)
	}
	return b.Submissions, nil
}

// blindOrder is the order submissions are listed in blind mode: by a
// keyed hash of their ids, stable for the batch, telling nothing of the
// ids.
func blindOrder(secret []byte, subs []*sub) []*sub {
	key := func(s *sub) string {
		m := hmac.New(sha256.New, secret)
		m.Write([]byte("blind order\x00" + s.Result.ID))
		return hex.EncodeToString(m.Sum(nil))
	}
	out := slices.Clone(subs)
	slices.SortFunc(out, func(x, y *sub) int { return strings.Compare(key(x), key(y)) })
	for i, s := range out {
		s.Label = fmt.Sprintf("submission %d", i+1)
		s.Num = i
	}
	return out
}

// group is a failure group: the submissions that fail the same cases
// for the same reasons.
type group struct {
	Index   int
	Why     []string // each failing case and why; known mistakes: the key
	Shown   []string // Why summed up: each reason once, with its cases
	Members []*sub
	Role    int // the file a comment on the group names by default: its index in the roles
}

// groups are the batch's failure groups, largest first: submissions
// alike in status, failing cases, each one's verdict and judge's message
// (a checker's feedback, a broken rule) and known mistakes. Submissions
// that fail nothing are in none.
func groups(subs []*sub) []group {
	by := map[string]*group{}
	var keys []string
	for _, s := range subs {
		why := failures(s.Result)
		if len(why) == 0 {
			continue
		}
		k := strings.Join(why, "\x00")
		g, ok := by[k]
		if !ok {
			g = &group{Why: why}
			by[k] = g
			keys = append(keys, k)
		}
		g.Members = append(g.Members, s)
	}
	var out []group
	for _, k := range keys {
		out = append(out, *by[k])
	}
	slices.SortStableFunc(out, func(x, y group) int {
		if len(x.Members) != len(y.Members) {
			return len(y.Members) - len(x.Members)
		}
		return strings.Compare(strings.Join(x.Why, "\x00"), strings.Join(y.Why, "\x00"))
	})
	for i := range out {
		out[i].Index = i
		for _, w := range summary(out[i].Why) { // a checker's message may quote the program
			out[i].Shown = append(out[i].Shown, escape.TerminalLine(w))
		}
	}
	return out
}

// summary is a group's reasons, each once, with how many cases and the
// first few: "wrong-answer: value-first-order: 34 cases (b/hidden-01,
// b/hidden-02, b/hidden-06, ...)".
func summary(why []string) []string {
	var reasons []string
	cases := map[string][]string{}
	for _, w := range why {
		id, reason, ok := strings.Cut(w, ": ")
		if !ok || strings.HasPrefix(w, "known mistake: ") || strings.HasPrefix(w, "status ") {
			reasons = append(reasons, w)
			continue
		}
		if _, seen := cases[reason]; !seen {
			reasons = append(reasons, reason)
		}
		cases[reason] = append(cases[reason], id)
	}
	out := make([]string, len(reasons))
	for i, r := range reasons {
		cs, ok := cases[r]
		if !ok {
			out[i] = r
			continue
		}
		shown := strings.Join(cs[:min(len(cs), 4)], ", ")
		if len(cs) > 4 {
			shown += ", ..."
		}
		out[i] = fmt.Sprintf("%s: %d %s (%s)", r, len(cs), map[bool]string{true: "case", false: "cases"}[len(cs) == 1], shown)
	}
	return out
}

// failures says why a result failed, one line per failing case (and the
// status, when it kept the cases from running), then its known mistakes.
func failures(r grader.Result) []string {
	var why []string
	if r.Status != grader.Graded {
		return []string{"status " + string(r.Status)}
	}
	for _, c := range r.Cases {
		if c.Verdict == grader.Pass {
			continue
		}
		w := c.ID + ": " + string(c.Verdict)
		switch {
		case c.Violation != nil:
			w += ": breaks " + c.Violation.Rule
		case c.Feedback != "":
			w += ": " + firstLine(c.Feedback)
		case len(c.Mistakes) > 0:
			w += ": " + strings.Join(c.Mistakes, ", ")
		}
		why = append(why, w)
	}
	for _, d := range r.Diagnoses {
		why = append(why, "known mistake: "+d.Mistake)
	}
	return why
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 120 {
		s = s[:120]
	}
	return s
}
