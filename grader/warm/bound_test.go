package warm

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/sandbox"
)

// TestAnswersAdmit: the answers a Program holds stay within their bound;
// the first that does not fit becomes a FALLBACK (it and the rest run
// cold), and other frames pass as they are.
func TestAnswersAdmit(t *testing.T) {
	a := &answers{max: 100}
	for _, tc := range []struct {
		f        frame
		fallback bool
		held     int64
	}{
		{frame{Type: frameCase, Index: 0, Out: make([]byte, 40), Err: make([]byte, 20)}, false, 60},
		{frame{Type: frameDone}, false, 60},
		{frame{Type: frameCase, Index: 1, Out: make([]byte, 40)}, false, 100},
		{frame{Type: frameCase, Index: 2}, false, 100},
		{frame{Type: frameCase, Index: 3, Err: make([]byte, 1)}, true, 100},
		{frame{Type: frameFallback, Index: 4, Reason: "theirs"}, false, 100},
	} {
		got := a.admit(tc.f)
		switch {
		case tc.fallback && (got.Type != frameFallback || got.Index != tc.f.Index || !strings.Contains(got.Reason, "more than the 100 bytes of answers")):
			t.Errorf("frame %d: %+v, want a FALLBACK from it", tc.f.Index, got)
		case !tc.fallback && (got.Type != tc.f.Type || len(got.Out) != len(tc.f.Out) || got.Reason != tc.f.Reason):
			t.Errorf("frame %d: %+v, want it as it was", tc.f.Index, got)
		}
		if a.held != tc.held {
			t.Errorf("after frame %d: %d bytes held, want %d", tc.f.Index, a.held, tc.held)
		}
	}
	if got := streamMax(a, 1<<20); got != 2*frameMax(1<<20)+4<<20 {
		t.Errorf("streamMax with no room = %d", got)
	}
}

// TestSinkBounded: a harness stdout that sends more at once than a frame
// can be (student code writing to the stream itself) ends the
// conversation, and is not kept.
func TestSinkBounded(t *testing.T) {
	soon := func() time.Time { return time.Now().Add(10 * time.Second) }
	s := newSink()
	s.max = 64
	f := caseFrame(1, "fits")
	s.Write(f)
	if got, ok := s.next(soon()); !ok || got.Index != 1 {
		t.Fatalf("next = %+v, %v", got, ok)
	}
	s.Write(caseFrame(2, strings.Repeat("x", 100)))
	if got, ok := s.next(soon()); ok {
		t.Errorf("a frame past the bound read as %+v", got)
	}
	if len(s.buf) != 0 {
		t.Errorf("%d bytes kept past the bound", len(s.buf))
	}
	s.Write(caseFrame(3, "after"))
	if _, ok := s.next(soon()); ok || len(s.buf) != 0 {
		t.Error("a sink past its bound read on")
	}
}

// TestAnswersBound: a submission printing to the output limit (stdout,
// then stderr) holds at most Options.Answers of warm answers; the case
// that does not fit and the ones after it run cold, with the same results
// as cold mode, and the TA is told.
func TestAnswersBound(t *testing.T) {
	requireJDK(t)
	r := loadRubric(t, "testdata/eq/rubric.toml")
	ctx := context.Background()
	files := readFiles(t, filepath.Join("testdata/eq", "clean"))
	inputs := []Input{args("plain"), args("big"), args("unicode"), args("bigerr"), args("nonl")}
	w, err := New(r, inputs, Options{CacheDir: cacheDir, Answers: 3 << 19})
	if err != nil {
		t.Fatal(err)
	}
	wb, err := w.Build(ctx, files, sandbox.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	defer wb.Program.Close()
	p := wb.Program.(*Program)
	if p.kept.held > 3<<19 {
		t.Errorf("%d bytes of answers held, more than the %d allowed", p.kept.held, 3<<19)
	}
	cb, err := runner.New(r).Build(ctx, files, sandbox.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	defer cb.Program.Close()
	for i, in := range inputs {
		cex, err := cb.Program.Run(ctx, grader.Input{Args: in.Args})
		if err != nil {
			t.Fatal(err)
		}
		wex, err := wb.Program.Run(ctx, grader.Input{Args: in.Args})
		if err != nil {
			t.Fatal(err)
		}
		if d := sameExecution(cex, wex); d != "" {
			t.Errorf("run %d %q:\n%s", i, in.Args, d)
		}
		if in.Args[0] == "big" && wex.Limit != grader.Output {
			t.Errorf("big: limit %q, want the output limit", wex.Limit)
		}
	}
	// On a loaded machine a run starved of cores may look waiting, or
	// come near a time limit: it is given up and runs cold (and the
	// answers held are then others). Which run first does not fit is
	// then not this test's to say; the runs' ends are compared above
	// either way.
	warm, cold := w.stats.WarmCases.Load(), w.stats.ColdCases.Load()
	if given := w.stats.Waited.Load() + w.stats.Near.Load(); given > 0 {
		t.Logf("%d runs given up (waiting or near a limit): %d answered warm and %d cold, flags %q", given, warm, cold, p.Flags())
		if warm+cold != int64(len(inputs)) {
			t.Errorf("%d runs answered warm and %d cold, want %d in all", warm, cold, len(inputs))
		}
		for _, f := range p.Flags() {
			if !strings.Contains(f, "KiB of answers warm mode holds") {
				t.Errorf("flag %q, want none but the answers' bound", f)
			}
		}
		return
	}
	want := "warm mode: ran cold from its run 4 on: it printed more than the 1536 KiB of answers warm mode holds for a submission"
	if flags := p.Flags(); len(flags) != 1 || flags[0] != want {
		t.Errorf("flags %q, want %q", flags, want)
	}
	if warm != 3 || cold != 2 {
		t.Errorf("%d runs answered warm and %d cold, want 3 and 2", warm, cold)
	}
}
