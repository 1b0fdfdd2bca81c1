package web

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/review"
)

// handParts are the parts a link grades by hand: the batch's (review's
// HandParts), those of its share of the parts.
func (s *Server) handParts(l *link, st *review.State) []string {
	return slices.DeleteFunc(st.HandParts(s.cfg.Assignment.Rubric), func(p string) bool {
		return l.parts != nil && !l.parts[p]
	})
}

// gradable reports whether a submission can be graded by hand: a grader
// failure has no score to grade.
func gradable(sb *sub) bool { return sb.Result.Status != grader.StatusFailed }

// todo are the parts of parts still to grade on a submission (none for
// one that cannot be graded).
func todo(st *review.State, sb *sub, parts []string) []string {
	if !gradable(sb) {
		return nil
	}
	return st.ToGrade(sb.Result.ID, parts)
}

// count is how many of a link's submissions are graded by hand, of
// those that can be, for parts.
type count struct {
	Done, Total int
}

func (s *Server) countOf(l *link, st *review.State, parts []string) count {
	var c count
	for _, sb := range s.visible(l) {
		if !gradable(sb) || len(parts) == 0 {
			continue
		}
		c.Total++
		if len(todo(st, sb, parts)) == 0 {
			c.Done++
		}
	}
	return c
}

// nextToGrade is the first submission after the one numbered after (-1:
// from the start) in the link's list, going round, that still has one
// of parts to grade; nil when none but it has.
func (s *Server) nextToGrade(l *link, st *review.State, after int, parts []string) *sub {
	vis := s.visible(l)
	start := slices.IndexFunc(vis, func(sb *sub) bool { return sb.Num == after })
	for k := 1; k <= len(vis); k++ {
		sb := vis[(start+k+len(vis))%len(vis)]
		if sb.Num != after && len(todo(st, sb, parts)) > 0 {
			return sb
		}
	}
	return nil
}

// neighbours are the submissions before and after one in the link's
// list (-1: none).
func (s *Server) neighbours(l *link, num int) (prev, next int) {
	vis := s.visible(l)
	i := slices.IndexFunc(vis, func(sb *sub) bool { return sb.Num == num })
	prev, next = -1, -1
	if i > 0 {
		prev = vis[i-1].Num
	}
	if i >= 0 && i+1 < len(vis) {
		next = vis[i+1].Num
	}
	return prev, next
}

// functionLines are the lines (from 1, both ends in) of the function
// called name in text, by a rule that knows no language: its first line
// is the first that defines it (the name and "(", not a statement ending
// in ";", least indented of those), its last the last before the next
// line as little indented (a closing brace there is its last). ok is
// false when no line names it.
func functionLines(text, name string) (first, last int, ok bool) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	re, err := regexp.Compile(`(^|[^A-Za-z0-9_$.])` + regexp.QuoteMeta(name) + `\s*\(`)
	if err != nil || name == "" { // not a name (the rubric allows only names)
		return 0, 0, false
	}
	at, depth := -1, 0
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if !re.MatchString(l) || strings.HasSuffix(t, ";") || strings.HasPrefix(t, "return") {
			continue
		}
		if d := indent(l); at < 0 || d < depth {
			at, depth = i, d
		}
	}
	if at < 0 {
		return 0, 0, false
	}
	end := at
	for j := at + 1; j < len(lines); j++ {
		t := strings.TrimSpace(lines[j])
		if t == "" {
			continue
		}
		if indent(lines[j]) > depth {
			end = j
			continue
		}
		if indent(lines[j]) == depth && (strings.HasPrefix(t, "}") || strings.HasPrefix(t, "{") && end == at) {
			end = j
			if strings.HasPrefix(t, "}") {
				break
			}
			continue
		}
		break
	}
	return at + 1, end + 1, true
}

// indent is a line's leading blanks, a tab counted as 4.
func indent(l string) int {
	n := 0
	for _, r := range l {
		switch r {
		case ' ':
			n++
		case '\t':
			n += 4
		default:
			return n
		}
	}
	return n
}
