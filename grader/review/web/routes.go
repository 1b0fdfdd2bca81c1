package web

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// ServeHTTP checks where a request comes from and whose link it uses,
// then routes it.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-store")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	if !s.hostOK(r.Host) {
		http.Error(w, "wrong Host: open the address autograder review printed", http.StatusMisdirectedRequest)
		return
	}
	rest, ok := strings.CutPrefix(r.URL.Path, "/t/")
	if !ok {
		http.NotFound(w, r)
		return
	}
	tok, rest, _ := strings.Cut(rest, "/")
	l := s.linkOf(tok)
	if l == nil {
		http.NotFound(w, r)
		return
	}
	s.route(w, r, l, rest)
}

// route serves a link's pages and actions.
func (s *Server) route(w http.ResponseWriter, r *http.Request, l *link, rest string) {
	get := r.Method == http.MethodGet || r.Method == http.MethodHead
	switch {
	case rest == "" && get:
		s.listPage(w, r, l)
	case strings.HasPrefix(rest, "s/") && get:
		if sb := s.subOf(l, strings.TrimPrefix(rest, "s/")); sb != nil {
			s.subPage(w, l, sb)
			return
		}
		http.NotFound(w, r)
	case strings.HasPrefix(rest, "p/") && get:
		part, num, _ := strings.Cut(strings.TrimPrefix(rest, "p/"), "/")
		if !slices.Contains(s.partsOf(l), part) {
			http.NotFound(w, r)
			return
		}
		if num == "" {
			s.next(w, r, l, -1, part)
			return
		}
		if sb := s.subOf(l, num); sb != nil {
			s.partPage(w, l, part, sb)
			return
		}
		http.NotFound(w, r)
	case rest == "next" && get:
		after, err := strconv.Atoi(r.URL.Query().Get("after"))
		part := r.URL.Query().Get("part")
		if err != nil || part != "" && !slices.Contains(s.partsOf(l), part) {
			http.Error(w, "next?after=N[&part=P]", http.StatusBadRequest)
			return
		}
		s.next(w, r, l, after, part)
	case strings.HasPrefix(rest, "e/") && get:
		if sb := s.subOf(l, strings.TrimPrefix(rest, "e/")); sb != nil {
			s.evidence(w, sb)
			return
		}
		http.NotFound(w, r)
	case rest == "act" && r.Method == http.MethodPost:
		s.post(w, r, l, s.act)
	case rest == "preview" && r.Method == http.MethodPost:
		s.post(w, r, l, s.preview)
	case rest == "export" && r.Method == http.MethodPost:
		s.post(w, r, l, s.export)
	case get || r.Method == http.MethodPost:
		http.NotFound(w, r)
	default:
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

// next sends the browser to the next submission still to grade after
// the one numbered after (of part, in its view, if given), or to the list
// of those to grade when there is none.
func (s *Server) next(w http.ResponseWriter, r *http.Request, l *link, after int, part string) {
	st, err := s.load()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	parts := s.handParts(l, st)
	if part != "" {
		parts = []string{part}
	}
	to := "/t/" + l.token + "/?show=todo"
	if sb := s.nextToGrade(l, st, after, parts); sb != nil {
		to = fmt.Sprintf("/t/%s/s/%d", l.token, sb.Num)
		if part != "" {
			to = fmt.Sprintf("/t/%s/p/%s/%d", l.token, part, sb.Num)
		}
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}
