//go:build unix

package main

import (
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/review"
	"github.com/cs540-tools/autograder/grader/rubric"
)

// csrfOf reads the CSRF token from the review page at base.
func csrfOf(t *testing.T, base string) string {
	t.Helper()
	resp, err := http.Get(base)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	page, _ := io.ReadAll(resp.Body)
	m := regexp.MustCompile(`name="csrf" content="([0-9a-f]+)"`).FindSubmatch(page)
	if m == nil {
		t.Fatalf("no CSRF token in the page (%s)", resp.Status)
	}
	return string(m[1])
}

func postAction(base, csrf, body string) (int, error) {
	req, _ := http.NewRequest("POST", base+"act", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-CSRF-Token", csrf)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, nil
}

// TestReviewKilledMidSave floods the review server with comments from
// four clients, kills it (SIGKILL) in the middle, and finds every comment
// it acknowledged in the state, whole, and nothing cut in half; started
// again, the server serves the batch and takes more.
func TestReviewKilledMidSave(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: grades a batch and starts servers")
	}
	bin, rubricPath, dir := reviewBatch(t)
	cmd, base := startReview(t, bin, rubricPath, dir)
	csrf := csrfOf(t, base)
	var acked sync.Map
	var n atomic.Int64
	var wg sync.WaitGroup
	long := strings.Repeat("x", 3000) // a line longer than one write of a pipe's worth
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				text := fmt.Sprintf("flood %d-%d %s", w, i, long)
				code, err := postAction(base, csrf, fmt.Sprintf(`{"op":"comment","subs":[1],"file":0,"line":1,"text":%q}`, text))
				if err != nil {
					return // killed
				}
				if code == http.StatusOK {
					acked.Store(text, true)
					n.Add(1)
				}
			}
		}()
	}
	for n.Load() < 100 {
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Kill()
	cmd.Wait()
	wg.Wait()

	r, err := rubric.Load(rubricPath)
	if err != nil {
		t.Fatal(err)
	}
	out := dir + "/out"
	st, notes, err := review.Load(out, r)
	if err != nil {
		t.Fatal(err)
	}
	for _, note := range notes {
		if !strings.Contains(note, "cut short") {
			t.Errorf("note: %s", note)
		}
	}
	have := map[string]bool{}
	for _, c := range st.Comments {
		if !strings.HasPrefix(c.Text, "flood ") || !strings.HasSuffix(c.Text, long) {
			t.Errorf("a comment kept in part: %.60q", c.Text)
		}
		have[c.Text] = true
	}
	missing := 0
	acked.Range(func(k, _ any) bool {
		if !have[k.(string)] {
			missing++
		}
		return true
	})
	if missing > 0 {
		t.Errorf("%d of %d acknowledged comments lost", missing, n.Load())
	}
	t.Logf("%d comments acknowledged before the kill, %d kept, notes %q", n.Load(), len(st.Comments), notes)

	// Started again: the page loads and takes an action.
	_, base = startReview(t, bin, rubricPath, dir)
	csrf = csrfOf(t, base)
	if code, err := postAction(base, csrf, `{"op":"apply","subs":[1],"item":"names"}`); err != nil || code != http.StatusOK {
		t.Fatalf("after the restart: %d %v", code, err)
	}
	if st, _, _ := review.Load(out, r); len(st.Applied) != 1 || len(st.Comments) < len(have) {
		t.Errorf("after the restart: %d applied, %d comments", len(st.Applied), len(st.Comments))
	}
}
