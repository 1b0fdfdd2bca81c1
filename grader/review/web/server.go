package web

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/escape"
	"github.com/cs540-tools/autograder/grader/review"
	"github.com/cs540-tools/autograder/grader/submission"
)

// link is what a token lets its holder see and do.
type link struct {
	token string
	ta    string
	subs  map[int]bool    // the submissions it grades (by Index); nil: all
	parts map[string]bool // the parts whose items it applies; nil: all
}

// Server is the review page of one batch.
type Server struct {
	cfg    Config
	subs   []*sub // by Index
	shown  []*sub // in the list's order
	groups []group
	links  []*link
	csrf   string
	port   int
	mu     sync.Mutex // one action at a time (the journal has its own lock)
	cache  stateCache
}

// maxBody bounds an action's request.
const maxBody = 64 << 10

// New reads the batch grade wrote into cfg.Dir and prepares its page.
func New(cfg Config) (*Server, error) {
	results, err := readResults(cfg.Dir, cfg)
	if err != nil {
		return nil, err
	}
	byID := map[string]submission.Submission{}
	for _, s := range cfg.Subs {
		byID[s.ID] = s
	}
	s := &Server{cfg: cfg, csrf: token()}
	for i, r := range results {
		sb := &sub{Index: i, Num: i, Result: r, Label: escape.ID(r.ID)}
		if in, ok := byID[r.ID]; ok {
			sb.Files, sb.Hashes, sb.Roles = in.Files, review.HashFiles(in.Files), cfg.Assignment.BuiltAs(in)
		}
		s.subs = append(s.subs, sb)
	}
	s.shown = s.subs
	if cfg.Blind {
		s.shown = blindOrder(cfg.Secret, s.subs)
	}
	s.groups = groups(s.shown)
	s.links = s.split()
	return s, nil
}

// split makes the links: one, or one per TA.
func (s *Server) split() []*link {
	n := max(1, s.cfg.Split)
	if n == 1 {
		return []*link{{token: token(), ta: "ta"}}
	}
	var ls []*link
	for k := 0; k < n; k++ {
		l := &link{token: token(), ta: fmt.Sprintf("ta%d", k+1)}
		if s.cfg.By == "part" {
			l.parts = map[string]bool{}
			for i, p := range s.partIDs() {
				if i%n == k {
					l.parts[p] = true
				}
			}
		} else {
			l.subs = map[int]bool{}
			for i, sb := range s.shown {
				if i%n == k {
					l.subs[sb.Index] = true
				}
			}
		}
		ls = append(ls, l)
	}
	return ls
}

// partIDs are the parts items may name: the autograded, then the manual.
func (s *Server) partIDs() []string {
	var ids []string
	for _, p := range s.cfg.Assignment.Rubric.Parts {
		ids = append(ids, p.ID)
	}
	for _, m := range s.cfg.Assignment.Rubric.ManualParts {
		if !m.Auto {
			ids = append(ids, m.ID)
		}
	}
	return ids
}

func token() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Listen opens the server's port on 127.0.0.1 (a random one) and returns
// the links to print; Serve then answers on it.
func (s *Server) Listen() (net.Listener, []Link, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	s.port = l.Addr().(*net.TCPAddr).Port
	var links []Link
	for _, k := range s.links {
		what := "all"
		switch {
		case k.subs != nil:
			what = fmt.Sprintf("%d submissions", len(k.subs))
		case k.parts != nil:
			var ps []string
			for _, p := range s.partIDs() {
				if k.parts[p] {
					ps = append(ps, p)
				}
			}
			what = "parts " + strings.Join(ps, ", ")
		}
		links = append(links, Link{URL: fmt.Sprintf("http://127.0.0.1:%d/t/%s/", s.port, k.token), TA: k.ta, What: what})
	}
	return l, links, nil
}

// Serve answers on l until it is closed.
func (s *Server) Serve(l net.Listener) error {
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 16 << 10}
	err := srv.Serve(l)
	if errors.Is(err, net.ErrClosed) || errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// hostOK reports whether a Host header names this server: a page of
// another name (DNS rebinding) gets nothing.
func (s *Server) hostOK(host string) bool {
	p := strconv.Itoa(s.port)
	return host == "127.0.0.1:"+p || host == "localhost:"+p
}

func (s *Server) linkOf(tok string) *link {
	for _, l := range s.links {
		if subtle.ConstantTimeCompare([]byte(tok), []byte(l.token)) == 1 {
			return l
		}
	}
	return nil
}

// subOf is the submission a path names by its number (its place in the
// list), if the link grades it.
func (s *Server) subOf(l *link, num string) *sub {
	i, err := strconv.Atoi(num)
	if err != nil || i < 0 || i >= len(s.shown) || strconv.Itoa(i) != num {
		return nil
	}
	sb := s.shown[i]
	if l.subs != nil && !l.subs[sb.Index] {
		return nil
	}
	return sb
}

// visible are the submissions a link lists, in the list's order.
func (s *Server) visible(l *link) []*sub {
	if l.subs == nil {
		return s.shown
	}
	return slices.DeleteFunc(slices.Clone(s.shown), func(sb *sub) bool { return !l.subs[sb.Index] })
}

// load reads the batch's manual grading as it is now: every TA's
// journal, however many servers write them.
func (s *Server) load() (*review.State, error) {
	st, _, err := s.loadNotes()
	return st, err
}

// stateCache is the state last folded from the review folder, and what
// the folder was then (each file's name, size and time of change).
type stateCache struct {
	mu    sync.Mutex
	key   string
	st    *review.State
	notes []string
}

// loadNotes is load with the notes of what was skipped. The journals are
// folded again only when one of them or the snapshot changed since the
// last fold (another server's TA, an edit, this server's own append); the
// state returned is a copy the caller may change.
func (s *Server) loadNotes() (*review.State, []string, error) {
	key := folderKey(filepath.Join(s.cfg.Dir, review.Folder))
	c := &s.cache
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.st == nil || key != c.key {
		st, notes, err := review.Load(s.cfg.Dir, s.cfg.Assignment.Rubric)
		if err != nil {
			return nil, nil, err
		}
		c.st, c.notes, c.key = st, notes, key
	}
	return c.st.Clone(), c.notes, nil
}

// folderKey says what a review folder holds: each file's name, size and
// time of change ("" for a folder that cannot be read: folded again).
func folderKey(dir string) string {
	es, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var b strings.Builder
	for _, e := range es {
		info, err := e.Info()
		if err != nil {
			return ""
		}
		fmt.Fprintf(&b, "%q %d %d\n", e.Name(), info.Size(), info.ModTime().UnixNano())
	}
	return b.String()
}

// roles are the roles of the batch's files a group's comment may name:
// the rubric's required files, then every other name a file is built
// as, then (but in blind mode, where a folder may bear a name) the
// paths of files not built, each once.
func (s *Server) roles() []string {
	out := slices.Clone(s.cfg.Assignment.Rubric.Submission.Required)
	var built, other []string
	for _, sb := range s.subs {
		for _, f := range sb.Files {
			r := sb.role(f.Name)
			switch {
			case slices.Contains(out, r) || slices.Contains(built, r) || slices.Contains(other, r):
			case sb.Roles[f.Name] != "":
				built = append(built, r)
			case s.cfg.Blind:
			default:
				other = append(other, r)
			}
		}
	}
	slices.Sort(built)
	slices.Sort(other)
	if len(other) > 50 {
		other = other[:50]
	}
	return append(append(out, built...), other...)
}

// applied are the batch's results with the state's manual grading.
func (s *Server) applied(st *review.State) []grader.Result {
	files := map[string]review.Hashes{}
	for _, sb := range s.subs {
		if sb.Hashes != nil {
			files[sb.Result.ID] = sb.Hashes
		}
	}
	return review.Apply(s.cfg.Assignment.Rubric, st, s.results(), files)
}

// results are the batch's results as the autograder scored them.
func (s *Server) results() []grader.Result {
	results := make([]grader.Result, len(s.subs))
	for i, sb := range s.subs {
		results[i] = sb.Result
	}
	return results
}

// label is a drift as the page may show it: the submission by its label.
func (s *Server) label(d review.Drift) string {
	if i := slices.IndexFunc(s.subs, func(sb *sub) bool { return sb.Result.ID == d.Sub }); i >= 0 {
		d.Sub = s.subs[i].Label
	}
	return d.String()
}
