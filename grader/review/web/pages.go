package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/regrade"
	"github.com/cs540-tools/autograder/grader/report"
	"github.com/cs540-tools/autograder/grader/review"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/internal/textfmt"
)

//go:embed page/*.tmpl
var pageFiles embed.FS

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"num":    textfmt.Decimal,
	"signed": signed,
	"sub":    func(a, b int) int { return a - b },
	"when":   when,
}).ParseFS(pageFiles, "page/*.tmpl"))

// when is a journal's time as a TA reads it: to the minute, UTC.
func when(at string) string {
	t, err := time.Parse(time.RFC3339Nano, at)
	if err != nil {
		return escape.TerminalLine(at)
	}
	return t.UTC().Format("2006-01-02 15:04 UTC")
}

func signed(x float64) string {
	s := textfmt.Decimal(x)
	if x > 0 {
		return "+" + s
	}
	return s
}

// common is what every page has.
type common struct {
	Title, CSRF, Nonce, Base string
	Sub                      int    // the submission's number, -1 on the list
	Part                     string // the part in view (its view across the class), "" else
	Assignment, TA, What     string
	Blind                    bool
	Views                    []string // the parts with a view across the class
}

func (s *Server) common(l *link, st *review.State, title, base string, sub int) common {
	what := "all"
	switch {
	case l.subs != nil:
		what = fmt.Sprintf("%d submissions", len(l.subs))
	case l.parts != nil:
		what = "parts " + strings.Join(s.partsOf(l), ", ")
	}
	return common{Title: title, CSRF: s.csrf, Nonce: token(), Base: base, Sub: sub,
		Assignment: s.cfg.Assignment.Rubric.Name, TA: l.ta, What: what, Blind: s.cfg.Blind, Views: s.handParts(l, st)}
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
	ToGrade             []string // the parts still to grade
	Graded              *review.Mark
	Gradable            bool
}

// partCount is a part's progress; taCount a TA's share's.
type partCount struct {
	Part string
	count
}

type taCount struct {
	TA, What string
	count
}

type listData struct {
	common
	Rows     []listRow
	Groups   []group
	Items    []rubric.ManualItem
	Roles    []string // the file roles a group's comment may name, required first, as shown
	Notes    []string
	Progress count
	PerPart  []partCount
	PerTA    []taCount
	ToDo     bool // only the submissions to grade are listed
	Next     int  // the first to grade, -1 none
	// Staged is what the last grade --preview showed, not yet applied.
	Staged string
}

func (s *Server) listPage(w http.ResponseWriter, r *http.Request, l *link) {
	st, notes, err := s.loadNotes()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	res := s.applied(st)
	notes = slices.Clip(notes)
	for _, n := range review.Unknown(st, s.results(), s.hashes(), s.showID) {
		notes = append(notes, escape.TerminalLine(n))
	}
	for _, d := range review.Drifts(s.cfg.Assignment.Rubric, st, s.results()) {
		notes = append(notes, "rubric change since applied: "+escape.TerminalLine(s.label(d))+" (grade refuses to write it without --accept-rubric-changes)")
	}
	parts := s.handParts(l, st)
	d := listData{common: s.common(l, st, s.cfg.Assignment.Rubric.Name+": review", "", -1), Items: s.itemsOf(l, st), Notes: notes,
		ToDo: r.URL.Query().Get("show") == "todo", Progress: s.countOf(l, st, parts), Next: -1}
	if sb := s.nextToGrade(l, st, -1, parts); sb != nil {
		d.Next = sb.Num
	}
	for _, p := range parts {
		d.PerPart = append(d.PerPart, partCount{Part: p, count: s.countOf(l, st, []string{p})})
	}
	if len(s.links) > 1 {
		for _, k := range s.links {
			d.PerTA = append(d.PerTA, taCount{TA: k.ta, What: s.whatOf(k), count: s.countOf(k, st, s.handParts(k, st))})
		}
	}
	for _, sb := range s.visible(l) {
		r := res[sb.Index]
		row := listRow{Num: sb.Num, Label: sb.Label, Flagged: !s.cfg.Blind && escape.Deceptive(sb.Result.ID), Status: string(r.Status),
			Auto: sb.Result.Score, Total: r.Score, ToGrade: todo(st, sb, parts), Graded: lastMark(st, sb, parts), Gradable: gradable(sb)}
		if d.ToDo && len(row.ToGrade) == 0 {
			continue
		}
		if r.Manual != nil {
			row.Manual = grader.Round2(r.Score - r.Manual.Auto)
			row.Comments = len(r.Manual.Comments)
		}
		d.Rows = append(d.Rows, row)
	}
	roles := s.roles()
	for _, r := range roles {
		d.Roles = append(d.Roles, escape.TerminalLine(r))
	}
	for _, g := range s.groups {
		if l.subs != nil {
			g.Members = slices.DeleteFunc(slices.Clone(g.Members), func(m *sub) bool { return !l.subs[m.Index] })
		}
		if len(g.Members) > 0 {
			g.Role = defaultRole(roles, g.Members)
			d.Groups = append(d.Groups, g)
		}
	}
	d.Staged = s.staged(l)
	render(w, "list.tmpl", d.Nonce, d)
}

// defaultRole is the role a group's comment names unless the TA picks
// another, by its index in roles: the first that every member has a
// file built as.
func defaultRole(roles []string, members []*sub) int {
	for i, r := range roles {
		if !slices.ContainsFunc(members, func(m *sub) bool { return m.fileAs(r) == "" }) {
			return i
		}
	}
	return 0
}

// whatOf says what a link covers.
func (s *Server) whatOf(l *link) string {
	switch {
	case l.subs != nil:
		return fmt.Sprintf("%d submissions", len(l.subs))
	case l.parts != nil:
		return "parts " + strings.Join(s.partsOf(l), ", ")
	}
	return "all"
}

// lastMark is the latest of a submission's marks for parts (nil: none).
func lastMark(st *review.State, sb *sub, parts []string) *review.Mark {
	var last *review.Mark
	for _, p := range parts {
		if m, ok := st.Graded[sb.Result.ID][p]; ok && (last == nil || m.At > last.At) {
			last = &m
		}
	}
	return last
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
	Key     string // the key that applies it: "1" to "9", "0"; "" none
}

type subLine struct {
	N        int
	Row      template.HTML // the line's row, coloured: rendered once by the "row" template (html/template)
	Comments []subComment
}

type subComment struct {
	ID, Item, TA string
	Text         []Span
	Changed      bool
}

type subFile struct {
	Index   int // in the submission's files: what a comment names
	Name    string
	Role    string // what it is built as, when not its name
	Note    string
	Lines   []subLine
	Orphans []subComment // at lines the file does not have
}

// markView is a part's progress on a submission.
type markView struct {
	Part string
	review.Mark
	Done bool
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
	Marks                    []markView
	Graded, Gradable         bool // every part in view is graded by hand; it can be
	Prev, Next               int  // the submissions before and after in the list (-1 none)
	PrevHref, NextHref       string
	NextToGrade              string // the address that goes to the next still to grade
	// Where says which lines of which file a part's view shows.
	Where string
	// Of is the submission's place in the part's view: "3 of 60".
	Of string
}

// poolEntry is a comment's text to reuse, and how it is shown.
type poolEntry struct {
	review.PoolEntry
	Shown string
}

// subView is what a submission's page and its part's view share: its
// totals, the items (of part, if given) with their keys, its progress.
func (s *Server) subView(l *link, st *review.State, sb *sub, part, base string) subData {
	r := s.applied(st)[sb.Index]
	title := sb.Label + ": review"
	if part != "" {
		title = "part " + part + ": " + title
	}
	d := subData{common: s.common(l, st, title, base, sb.Num), Num: sb.Num, Label: sb.Label,
		Status: string(r.Status), Anchor: report.Anchor(escape.ID(sb.Label)), Auto: sb.Result.Score, Total: r.Score, Max: r.MaxScore,
		Parts: s.partsOf(l), Gradable: gradable(sb)}
	d.Part = part
	d.Prev, d.Next = s.neighbours(l, sb.Num)
	at := func(num int) string {
		if num < 0 {
			return ""
		}
		if part != "" {
			return fmt.Sprintf("%sp/%s/%d", base, part, num)
		}
		return fmt.Sprintf("%ss/%d", base, num)
	}
	d.PrevHref, d.NextHref = at(d.Prev), at(d.Next)
	d.NextToGrade = fmt.Sprintf("%snext?after=%d", base, sb.Num)
	if part != "" {
		d.NextToGrade += "&part=" + url.QueryEscape(part)
	}
	for _, p := range st.Pool() {
		d.Pool = append(d.Pool, poolEntry{PoolEntry: p, Shown: escape.TerminalLine(p.Text)})
	}
	if r.Manual != nil {
		d.Manual = grader.Round2(r.Score - r.Manual.Auto)
	}
	applied := st.Applied[sb.Result.ID]
	for _, it := range s.itemsOf(l, st) {
		if part != "" && it.Part != part {
			continue
		}
		key := ""
		if n := len(d.Items) + 1; n <= 10 {
			key = strconv.Itoa(n % 10)
		}
		d.Items = append(d.Items, subItem{ManualItem: it, Applied: slices.Contains(applied, it.ID), Key: key})
	}
	parts := s.handParts(l, st)
	if part != "" {
		parts = []string{part}
	}
	d.Graded = gradable(sb) && len(parts) > 0
	for _, p := range parts {
		m, ok := st.Graded[sb.Result.ID][p]
		d.Marks = append(d.Marks, markView{Part: p, Mark: m, Done: ok})
		d.Graded = d.Graded && ok
	}
	return d
}

func (s *Server) subPage(w http.ResponseWriter, l *link, sb *sub) {
	st, err := s.load()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	d := s.subView(l, st, sb, "", "../")
	comments := st.CommentsOf(sb.Result.ID)
	for i, f := range sb.Files {
		d.Files = append(d.Files, fileView(i, f.Name, sb.role(f.Name), sb.lines(i), f.Data, sb.Hashes[f.Name], comments))
	}
	render(w, "sub.tmpl", d.Nonce, d)
}

// partPage is a part's view of one submission: the file (and lines) the
// part is graded in, the part's items.
func (s *Server) partPage(w http.ResponseWriter, l *link, part string, sb *sub) {
	st, err := s.load()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	d := s.subView(l, st, sb, part, "../../")
	vis := s.visible(l)
	at := slices.IndexFunc(vis, func(x *sub) bool { return x.Num == sb.Num })
	c := s.countOf(l, st, []string{part})
	d.Of = fmt.Sprintf("%d of %d; %d to grade", at+1, len(vis), c.Total-c.Done)
	mp, _ := s.cfg.Assignment.Rubric.ManualPart(part)
	comments := st.CommentsOf(sb.Result.ID)
	for i, f := range sb.Files {
		if mp.File != "" && sb.role(f.Name) != mp.File {
			continue
		}
		fv := fileView(i, f.Name, sb.role(f.Name), sb.lines(i), f.Data, sb.Hashes[f.Name], comments)
		first, last := mp.Lines[0], mp.Lines[1]
		switch {
		case mp.Function != "":
			var ok bool
			if first, last, ok = functionLines(string(f.Data), mp.Function); !ok {
				d.Where = fmt.Sprintf("no function %s in %s: the whole file", mp.Function, fv.Name)
			} else {
				d.Where = fmt.Sprintf("%s, lines %d-%d (the function %s)", fv.Name, first, last, mp.Function)
			}
		case first > 0:
			d.Where = fmt.Sprintf("%s, lines %d-%d", fv.Name, first, last)
		}
		if first > 0 {
			fv.Lines = slices.DeleteFunc(fv.Lines, func(x subLine) bool { return x.N < first || x.N > last })
		}
		d.Files = append(d.Files, fv)
	}
	if mp.File != "" && len(d.Files) == 0 {
		d.Where = "no file built as " + mp.File
	}
	render(w, "part.tmpl", d.Nonce, d)
}

// lines are the rows of the submission's i-th file's lines, coloured
// (highlight) and rendered through html/template (the "row" template)
// once: a file does not change while the server runs.
func (sb *sub) lines(i int) []template.HTML {
	sb.once.Do(func() {
		sb.html = make([][]template.HTML, len(sb.Files))
		for k, f := range sb.Files {
			name := escape.TerminalLine(f.Name)
			for n, spans := range highlight(f.Name, f.Data) {
				var b bytes.Buffer
				row := struct {
					File, N int
					Name    string
					Spans   []Span
				}{k, n + 1, name, spans}
				if err := pages.ExecuteTemplate(&b, "row", row); err != nil {
					panic(err) // the template is the grader's own, and spans are text
				}
				sb.html[k] = append(sb.html[k], template.HTML(b.String()))
			}
		}
	})
	return sb.html[i]
}

// fileView is a file's lines, coloured, with the comments at each.
func fileView(index int, name, role string, lines []template.HTML, data []byte, hash string, comments []review.Comment) subFile {
	f := subFile{Index: index, Name: escape.TerminalLine(name)}
	if role != name {
		f.Role = escape.TerminalLine(role)
	}
	if len(data) > maxShown {
		f.Note = fmt.Sprintf("%d bytes: only the first %d are shown", len(data), maxShown)
	}
	for i, row := range lines {
		f.Lines = append(f.Lines, subLine{N: i + 1, Row: row})
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

// hashes are the file hashes of the submissions the page was given, by
// id (none when started without INPUT: files are not checked).
func (s *Server) hashes() map[string]review.Hashes {
	out := map[string]review.Hashes{}
	for _, sb := range s.subs {
		if sb.Files != nil {
			out[sb.Result.ID] = sb.Hashes
		}
	}
	return out
}

// showID is a submission's id as the page may show it in a note: its
// label, and for one not in the batch, its id unless blind.
func (s *Server) showID(id string) string {
	if i := slices.IndexFunc(s.subs, func(sb *sub) bool { return sb.Result.ID == id }); i >= 0 {
		return s.subs[i].Label
	}
	if s.cfg.Blind {
		return "a submission"
	}
	return escape.ID(id)
}

// staged is what the last grade --preview into the batch's folder
// showed and grade --apply has not written yet ("" when none), as the
// link may see it: each submission by its label (blind: its number),
// one of another TA's share left out.
func (s *Server) staged(l *link) string {
	data, err := os.ReadFile(filepath.Join(s.cfg.Dir, regrade.StagedFile))
	if err != nil {
		return ""
	}
	_, changes, err := regrade.DecodeStaged(data)
	if err != nil {
		return "(its list is of another version of autograder: run grade --preview again to see it here)"
	}
	labels := map[string]string{}
	for _, sb := range s.visible(l) {
		labels[sb.Result.ID] = sb.Label
	}
	others := 0
	changes = slices.DeleteFunc(changes, func(c regrade.Change) bool {
		_, ok := labels[c.ID]
		if !ok && l.subs == nil && !s.cfg.Blind {
			labels[c.ID], ok = escape.ID(c.ID), true // new, or no longer in the batch
		}
		if !ok {
			others++
		}
		return !ok
	})
	text := regrade.Text(changes, func(id string) string { return labels[id] })
	if others > 0 {
		text += fmt.Sprintf("(%d more, not shown here: another TA's share, or not in this batch)\n", others)
	}
	return escape.Terminal(text)
}
