package review

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary be a process that floods a journal with
// comments (REVIEW_FLOOD=DIR,TA,N): two TAs at once, or one killed
// mid-write.
func TestMain(m *testing.M) {
	if spec := os.Getenv("REVIEW_FLOOD"); spec != "" {
		f := strings.Split(spec, ",")
		n, _ := strconv.Atoi(f[2])
		j, err := Open(f[0], f[1])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for i := 0; n < 0 || i < n; i++ {
			if _, err := j.Append(Action{Op: OpComment, Subs: []string{"alice"}, ID: fmt.Sprintf("%s-%d", f[1], i),
				File: "A.java", Line: i + 1, Text: strings.Repeat("x", 2000)}); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			if i == 0 {
				fmt.Println("started")
			}
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func flood(t *testing.T, dir, ta string, n int) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), fmt.Sprintf("REVIEW_FLOOD=%s,%s,%d", dir, ta, n))
	cmd.Stderr = os.Stderr
	return cmd
}

func TestJournalRoundTrip(t *testing.T) {
	dir := t.TempDir()
	r := testRubric()
	j, err := Open(dir, "ta1")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []Action{
		{Op: OpApply, Subs: []string{"alice"}, Item: "names"},
		{Op: OpPoints, Item: "names", Points: -3},
		{Op: OpComment, Subs: []string{"alice"}, ID: "c", File: "A.java", Line: 4, Text: "<b>"},
	} {
		if _, err := j.Append(a); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := j.Append(Action{Op: "explode"}); err == nil {
		t.Error("an unknown action was journaled")
	}
	s, notes, err := Load(dir, r)
	if err != nil || len(notes) > 0 {
		t.Fatal(err, notes)
	}
	if it, _ := s.Item(r, "names"); it.Points != -3 || len(s.Applied["alice"]) != 1 || s.Comments["c"].Text != "<b>" {
		t.Errorf("loaded %+v", s)
	}
	// A snapshot, then more: both counted once.
	if err := Snapshot(dir, r); err != nil {
		t.Fatal(err)
	}
	if _, err := j.Append(Action{Op: OpRemove, Subs: []string{"alice"}, Item: "names"}); err != nil {
		t.Fatal(err)
	}
	s, notes, err = Load(dir, r)
	if err != nil || len(notes) > 0 || len(s.Applied) != 0 || len(s.Comments) != 1 {
		t.Fatalf("after the snapshot: %+v %v %v", s, notes, err)
	}
}

func TestTornLine(t *testing.T) {
	dir := t.TempDir()
	r := testRubric()
	j, _ := Open(dir, "ta")
	j.Append(Action{Op: OpApply, Subs: []string{"alice"}, Item: "names"})
	p := filepath.Join(dir, Folder, journalName("ta"))
	f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"at":"2099","ta":"ta","op":"apply","subs":["bo`)
	f.Close()
	s, notes, err := Load(dir, r)
	if err != nil || len(notes) != 1 || !strings.Contains(notes[0], "cut short") || len(s.Applied) != 1 {
		t.Fatalf("torn: %+v %q %v", s.Applied, notes, err)
	}
	// The next append starts a fresh line: the torn one stays skipped.
	if _, err := j.Append(Action{Op: OpApply, Subs: []string{"carl"}, Item: "names"}); err != nil {
		t.Fatal(err)
	}
	s, notes, _ = Load(dir, r)
	if len(s.Applied) != 2 || len(notes) != 1 {
		t.Errorf("after the torn line: %v %q", s.Applied, notes)
	}
}

// TestTwoTAs: two processes append at once, one journal each and one
// shared; nothing is lost.
func TestTwoTAs(t *testing.T) {
	dir := t.TempDir()
	const n = 200
	cmds := []*exec.Cmd{flood(t, dir, "ta1", n), flood(t, dir, "ta2", n), flood(t, dir, "ta2", n)}
	for _, c := range cmds {
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	s, notes, err := Load(dir, testRubric())
	if err != nil || len(notes) > 0 {
		t.Fatal(err, notes)
	}
	// ta2's two processes use the same ids: 2n distinct comments.
	if len(s.Comments) != 2*n {
		t.Errorf("%d comments, want %d", len(s.Comments), 2*n)
	}
	data, _ := os.ReadFile(filepath.Join(dir, Folder, journalName("ta2")))
	if lines := strings.Count(string(data), "\n"); lines != 2*n {
		t.Errorf("ta2's journal has %d lines, want %d", lines, 2*n)
	}
}

// TestKilledMidWrite kills a process flooding the journal and finds
// every action it finished whole, at most one line cut short.
func TestKilledMidWrite(t *testing.T) {
	dir := t.TempDir()
	for round := 0; round < 3; round++ {
		c := flood(t, dir, "ta", -1)
		out, _ := c.StdoutPipe()
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 7)
		out.Read(buf) // "started": it is writing
		time.Sleep(time.Duration(20*round) * time.Millisecond)
		c.Process.Kill()
		c.Wait()
		s, notes, err := Load(dir, testRubric())
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range notes { // a line cut short, or one an append ended later
			if !strings.Contains(n, "cut short") && !strings.Contains(n, "not an action") {
				t.Errorf("round %d: note %q", round, n)
			}
		}
		if len(s.Comments) == 0 {
			t.Errorf("round %d: nothing kept", round)
		}
		for _, c := range s.Comments {
			if len(c.Text) != 2000 {
				t.Fatalf("a comment kept in part: %d bytes", len(c.Text))
			}
		}
		if err := Snapshot(dir, testRubric()); err != nil {
			t.Fatal(err)
		}
	}
}

// FuzzLoad: whatever bytes a journal holds (a hand edit, a crash, a
// merge gone wrong), loading it neither fails nor lets in an action the
// state refuses.
func FuzzLoad(f *testing.F) {
	f.Add([]byte(`{"at":"1","ta":"t","op":"apply","subs":["a"],"item":"names"}` + "\n"))
	f.Add([]byte(`{"at":"1","ta":"t","op":"comment","subs":["a"],"id":"c","file":"A","line":1,"text":"x"}` + "\n{\"at\""))
	f.Add([]byte("\n\n{}\n[]\nnull\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, Folder), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, Folder, journalName("t")), data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, _, err := Load(dir, testRubric())
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range s.Comments {
			if c.Line < 1 || c.Text == "" || c.File == "" {
				t.Errorf("a comment the state refuses: %+v", c)
			}
		}
		for sub, items := range s.Applied {
			for _, it := range items {
				if _, ok := s.Item(testRubric(), it); !ok {
					t.Errorf("%s: unknown item %q applied", sub, it)
				}
			}
		}
	})
}

// TestMergedJournal: a journal merged in (from git) after a snapshot,
// holding actions older than it, folds as if there were no snapshot.
func TestMergedJournal(t *testing.T) {
	dir := t.TempDir()
	r := testRubric()
	j, _ := Open(dir, "ta1")
	j.Append(Action{Op: OpApply, Subs: []string{"alice"}, Item: "names"})
	if err := Snapshot(dir, r); err != nil {
		t.Fatal(err)
	}
	// ta2, earlier, removed it: in time order, ta1's apply comes last.
	old := `{"at":"2000-01-01T00:00:00.000000000Z","ta":"ta2","op":"remove","subs":["alice"],"item":"names"}` + "\n"
	if err := os.WriteFile(filepath.Join(dir, Folder, journalName("ta2")), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	s, notes, err := Load(dir, r)
	if err != nil || len(notes) > 0 {
		t.Fatal(err, notes)
	}
	if len(s.Applied["alice"]) != 1 {
		t.Errorf("the merged older removal was folded after the snapshot: %v", s.Applied)
	}
	os.Remove(filepath.Join(dir, Folder, snapshotName))
	if s2, _, _ := Load(dir, r); len(s2.Applied["alice"]) != 1 {
		t.Errorf("without the snapshot: %v", s2.Applied)
	}
}

// TestStampsSort: action times sort as text as they do as times.
func TestStampsSort(t *testing.T) {
	a := time.Date(2026, 1, 1, 0, 0, 0, 900000000, time.UTC).Format(stampLayout)
	b := time.Date(2026, 1, 1, 0, 0, 0, 950000000, time.UTC).Format(stampLayout)
	if !(a < b) || !when(a).Before(when(b)) {
		t.Errorf("%s and %s", a, b)
	}
}
