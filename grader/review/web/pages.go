package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/review"
	"github.com/cs540-tools/autograder/grader/rubric"
)

//go:embed page/*.tmpl
var pageFiles embed.FS

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"num":    func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) },
	"signed": signed,
}).ParseFS(pageFiles, "page/*.tmpl"))

func signed(x float64) string {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if x > 0 {
		return "+" + s
	}
	return s
}

// common is what every page has.
type common struct {
	Title, CSRF, Nonce, Base string
	Sub                      int // the submission's number, -1 on the list
	Assignment, TA, What     string
	Blind                    bool
}

func (s *Server) common(l *link, title, base string, sub int) common {
	what := "all"
	switch {
	case l.subs != nil:
		what = fmt.Sprintf("%d submissions", len(l.subs))
	case l.parts != nil:
		what = "parts " + strings.Join(s.partsOf(l), ", ")
	}
	return common{Title: title, CSRF: s.csrf, Nonce: token(), Base: base, Sub: sub,
		Assignment: s.cfg.Assignment.Rubric.Name, TA: l.ta, What: what, Blind: s.cfg.Blind}
}

// partsOf are the parts whose items a link applies.
func (s *Server) partsOf(l *link) []string {
	var ps []string
	for _, p := range s.partIDs() {
		if l.parts == nil || l.parts[p] {
			ps = append(ps, p)
		}
	}
	return ps
}

// render writes a page under a policy that runs only the script that
// carries its nonce and loads nothing from elsewhere.
func render(w http.ResponseWriter, name, nonce string, data any) {
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, name, data); err != nil {
		http.Error(w, "the page failed: "+err.Error(), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'nonce-"+nonce+"'; style-src 'nonce-"+nonce+"'; "+
		"connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	h.Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b.Bytes())
}

type listRow struct {
	Num                 int
	Label, Status       string
	Flagged             bool // the id could pass for another (escape.Deceptive)
	Auto, Manual, Total float64
	Comments            int
}

type listData struct {
	common
	Rows      []listRow
	Groups    []group
	Items     []rubric.ManualItem
	FirstFile string
	Notes     []string
	// Staged is what the last grade --preview showed, not yet applied.
	Staged string
}

func (s *Server) listPage(w http.ResponseWriter, l *link) {
	st, notes, err := review.Load(s.cfg.Dir, s.cfg.Assignment.Rubric)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	res := s.applied(st)
	d := listData{common: s.common(l, s.cfg.Assignment.Rubric.Name+": review", "", -1), Items: s.itemsOf(l, st), Notes: notes}
	for _, sb := range s.visible(l) {
		r := res[sb.Index]
		row := listRow{Num: sb.Num, Label: sb.Label, Flagged: !s.cfg.Blind && escape.Deceptive(sb.Result.ID), Status: string(r.Status), Auto: sb.Result.Score, Total: r.Score}
		if r.Manual != nil {
			row.Manual = round2(r.Score - r.Manual.Auto)
			row.Comments = len(r.Manual.Comments)
		}
		d.Rows = append(d.Rows, row)
	}
	for _, g := range s.groups {
		if l.subs != nil {
			g.Members = slices.DeleteFunc(slices.Clone(g.Members), func(m *sub) bool { return !l.subs[m.Index] })
		}
		if len(g.Members) > 0 {
			d.Groups = append(d.Groups, g)
		}
	}
	if req := s.cfg.Assignment.Rubric.Submission.Required; len(req) > 0 {
		d.FirstFile = req[0]
	}
	d.Staged = staged(s.cfg.Dir)
	render(w, "list.tmpl", d.Nonce, d)
}

func round2(x float64) float64 {
	return float64(int64(x*100+copysign(0.5, x))) / 100
}

func copysign(h, x float64) float64 {
	if x < 0 {
		return -h
	}
	return h
}

// itemsOf are the items a link applies: all, or its parts'.
func (s *Server) itemsOf(l *link, st *review.State) []rubric.ManualItem {
	return slices.DeleteFunc(st.Items(s.cfg.Assignment.Rubric), func(it rubric.ManualItem) bool {
		return l.parts != nil && !l.parts[it.Part]
	})
}

type subItem struct {
	rubric.ManualItem
	Applied bool
}

type subLine struct {
	N        int
	Spans    []Span
	Comments []subComment
}

type subComment struct {
	ID, Item, TA string
	Text         []Span
	Changed      bool
}

type subFile struct {
	Name    string
	Note    string
	Lines   []subLine
	Orphans []subComment // at lines the file does not have
}

type subData struct {
	common
	Num                      int
	Label, Status, Anchor    string
	Auto, Manual, Total, Max float64
	Items                    []subItem
	Parts                    []string
	Files                    []subFile
	Pool                     []poolEntry
}

// poolEntry is a comment's text to reuse, and how it is shown.
type poolEntry struct {
	review.PoolEntry
	Shown string
}

func (s *Server) subPage(w http.ResponseWriter, l *link, sb *sub) {
	st, err := s.load()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	r := s.applied(st)[sb.Index]
	d := subData{common: s.common(l, sb.Label+": review", "../", sb.Num), Num: sb.Num, Label: sb.Label,
		Status: string(r.Status), Anchor: report.Anchor(escape.ID(sb.Label)), Auto: sb.Result.Score, Total: r.Score, Max: r.MaxScore,
		Parts: s.partsOf(l)}
	for _, p := range st.Pool() {
		d.Pool = append(d.Pool, poolEntry{PoolEntry: p, Shown: escape.TerminalLine(p.Text)})
	}
	if r.Manual != nil {
		d.Manual = round2(r.Score - r.Manual.Auto)
	}
	applied := st.Applied[sb.Result.ID]
	for _, it := range s.itemsOf(l, st) {
		d.Items = append(d.Items, subItem{ManualItem: it, Applied: slices.Contains(applied, it.ID)})
	}
	comments := st.CommentsOf(sb.Result.ID)
	for _, f := range sb.Files {
		d.Files = append(d.Files, fileView(f.Name, f.Data, sb.Hashes[f.Name], comments))
	}
	render(w, "sub.tmpl", d.Nonce, d)
}

// fileView is a file's lines, coloured, with the comments at each.
func fileView(name string, data []byte, hash string, comments []review.Comment) subFile {
	f := subFile{Name: escape.TerminalLine(name)}
	if len(data) > maxShown {
		f.Note = fmt.Sprintf("%d bytes: only the first %d are shown", len(data), maxShown)
	}
	for i, spans := range highlight(name, data) {
		f.Lines = append(f.Lines, subLine{N: i + 1, Spans: spans})
	}
	for _, c := range comments {
		if c.File != name {
			continue
		}
		sc := subComment{ID: c.ID, Item: c.Item, TA: c.TA, Text: commentText(c.Text), Changed: c.SHA256 != hash}
		if c.Line <= len(f.Lines) {
			f.Lines[c.Line-1].Comments = append(f.Lines[c.Line-1].Comments, sc)
		} else {
			f.Orphans = append(f.Orphans, sc)
		}
	}
	return f
}

// commentText is a comment's Markdown as the page shows it: text, but
// for `code` spans; nothing else of Markdown is markup here, and all of
// it goes through html/template.
func commentText(md string) []Span {
	var out []Span
	for i, part := range strings.Split(escape.Terminal(md), "`") {
		class := ""
		if i%2 == 1 {
			class = "code"
		}
		if part != "" {
			out = append(out, Span{Class: class, Text: part})
		}
	}
	return out
}

// evidence is index.html's view of one submission, with its manual
// grading as it is now: the same evidence as grade's page. Its own
// script runs, allowed by its hash; nothing else does.
func (s *Server) evidence(w http.ResponseWriter, sb *sub) {
	st, err := s.load()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	r := s.applied(st)[sb.Index]
	r.ID = sb.Label
	a := s.cfg.Assignment
	page, err := report.Page(a, report.NewBatch(a, s.cfg.Version, []grader.Result{r}))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src "+scriptHashes(page)+
		"; base-uri 'none'; form-action 'none'; frame-ancestors 'self'")
	h.Set("Content-Type", "text/html; charset=utf-8")
	w.Write(page)
}

// scriptHashes are the CSP sources of a page's inline scripts: their
// SHA-256 sums. The page is the grader's, its student text escaped, so
// every <script> in it is the grader's own.
func scriptHashes(page []byte) string {
	var srcs []string
	rest := page
	for {
		i := bytes.Index(rest, []byte("<script>"))
		if i < 0 {
			break
		}
		rest = rest[i+len("<script>"):]
		j := bytes.Index(rest, []byte("</script>"))
		if j < 0 {
			break
		}
		sum := sha256.Sum256(rest[:j])
		srcs = append(srcs, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
		rest = rest[j:]
	}
	if len(srcs) == 0 {
		return "'none'"
	}
	return strings.Join(srcs, " ")
}

// staged is what the last grade --preview into dir showed and grade
// --apply has not written yet ("" when none): the file's lines after its
// first (the set's hash).
func staged(dir string) string {
	data, err := os.ReadFile(filepath.Join(dir, ".preview"))
	if err != nil {
		return ""
	}
	_, text, _ := strings.Cut(string(data), "\n")
	if len(text) > 1<<20 {
		text = text[:1<<20] + "\n..."
	}
	return escape.Terminal(text)
}
