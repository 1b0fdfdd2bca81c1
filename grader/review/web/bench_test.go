package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/review"
	"github.com/cs540-tools/autograder/grader/submission"
)

// benchServer is a class of 200 submissions, each of a 300-line file,
// whose journal already holds three actions each (two items, a comment),
// as a TA leaves it late in a class.
func benchServer(b *testing.B) (*Server, *link) {
	b.Helper()
	var results []grader.Result
	var subs []submission.Submission
	var file strings.Builder
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&file, "    int x%d = solve(%d); // a line of the program\n", i, i)
	}
	for i := 0; i < 200; i++ {
		id := fmt.Sprintf("s%03d", i)
		results = append(results, grader.Result{ID: id, Status: grader.Graded, Score: 30, MaxScore: 43, Parts: []grader.PartResult{{ID: "a", Score: 5, MaxScore: 10}}})
		subs = append(subs, submission.Submission{ID: id, Files: []submission.File{{Name: "EightQueen.java", Data: []byte(file.String())}}})
	}
	s, _, _ := layoutsServer(b, results, subs)
	j, err := review.Open(s.cfg.Dir, "ta")
	if err != nil {
		b.Fatal(err)
	}
	for _, sb := range s.subs {
		for _, a := range []review.Action{
			{Op: review.OpApply, Subs: []string{sb.Result.ID}, Item: "names", Parts: []string{"style"}},
			{Op: review.OpApply, Subs: []string{sb.Result.ID}, Item: "nest", Parts: []string{"style"}},
			{Op: review.OpComment, Subs: []string{sb.Result.ID}, ID: "c" + sb.Result.ID, File: "EightQueen.java", Line: 3, Text: "a comment"},
		} {
			if _, err := j.Append(a); err != nil {
				b.Fatal(err)
			}
		}
	}
	return s, s.links[0]
}

// BenchmarkAction is the server's time for one keyed action as the page
// makes it: the action (an item applied or removed on one submission,
// journaled and synced to disk), then the page read again to show it in
// place; and each alone. The goal: under 20 ms. On a loaded machine
// the wall time (ns/op) is mostly waiting for a core and for the disk's
// sync; cpu-ms/op is the process's CPU time.
func BenchmarkAction(b *testing.B) {
	s, l := benchServer(b)
	host := fmt.Sprintf("127.0.0.1:%d", s.port)
	serve := func(method, path, body string) {
		r := httptest.NewRequest(method, "http://"+host+"/t/"+l.token+"/"+path, strings.NewReader(body))
		r.Host = host
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("X-CSRF-Token", s.csrf)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			b.Fatalf("%s %s: %d %s", method, path, w.Code, w.Body)
		}
	}
	act := func(i int) {
		serve("POST", "act", fmt.Sprintf(`{"op":%q,"subs":[%d],"item":"names"}`, []string{"remove", "apply"}[i%2], i%200))
	}
	page := func(i int) { serve("GET", fmt.Sprintf("s/%d", i%200), "") }
	for _, bc := range []struct {
		name string
		f    func(int)
	}{
		{"act+page", func(i int) { act(i); page(i) }},
		{"act", act},
		{"page", page},
	} {
		b.Run(bc.name, func(b *testing.B) {
			cpu := cpuTime()
			for i := 0; i < b.N; i++ {
				bc.f(i)
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}
