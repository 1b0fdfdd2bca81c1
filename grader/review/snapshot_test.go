package review

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSnapshotIsOnlyACache: after any edit of the journals or of
// snapshot.json, and an action appended after it, the state loaded with
// the snapshot is the state loaded without it: the journals are the
// truth, and no action the server confirmed is lost.
func TestSnapshotIsOnlyACache(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(journal, snap string) string // returns the new journal
	}{
		{"line deleted", func(j, _ string) string { return strings.Join(lines(j)[1:], "") }},
		{"older copy restored", func(j, _ string) string { return strings.Join(lines(j)[:1], "") }},
		{"same-length edit", func(j, _ string) string { return strings.Replace(j, `"alice"`, `"alicf"`, 1) }},
		{"line inserted at the top", func(j, _ string) string {
			return `{"at":"2026-01-01T00:00:00.000000000Z","ta":"ta","op":"apply","subs":["zed"],"item":"bonus"}` + "\n" + j
		}},
		{"snapshot edited", func(j, snap string) string {
			data, _ := os.ReadFile(snap)
			os.WriteFile(snap, []byte(strings.Replace(string(data), `"applied": {`, `"applied": {"mallory": ["bonus"],`, 1)), 0o644)
			return j
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			r := testRubric()
			j, _ := Open(dir, "ta")
			for _, sub := range []string{"alice", "bob", "carl"} {
				if _, err := j.Append(Action{Op: OpApply, Subs: []string{sub}, Item: "names"}); err != nil {
					t.Fatal(err)
				}
			}
			if err := Snapshot(dir, r); err != nil {
				t.Fatal(err)
			}
			jp := filepath.Join(dir, Folder, journalName("ta"))
			sp := filepath.Join(dir, Folder, snapshotName)
			data, _ := os.ReadFile(jp)
			if err := os.WriteFile(jp, []byte(tc.edit(string(data), sp)), 0o644); err != nil {
				t.Fatal(err)
			}
			// The server confirms one more action after the edit.
			if _, err := j.Append(Action{Op: OpApply, Subs: []string{"dora"}, Item: "bonus"}); err != nil {
				t.Fatal(err)
			}
			with, notes, err := Load(dir, r)
			if err != nil {
				t.Fatal(err)
			}
			if len(notes) != 1 || !strings.Contains(notes[0], snapshotName) {
				t.Errorf("notes %q, want one warning about the snapshot", notes)
			}
			if len(with.Applied["dora"]) != 1 {
				t.Errorf("the action appended after the edit is lost: %v", with.Applied)
			}
			os.Remove(sp)
			without, _, err := Load(dir, r)
			if err != nil {
				t.Fatal(err)
			}
			if a, b := stateJSON(t, with), stateJSON(t, without); a != b {
				t.Errorf("with the snapshot\n%s\nwithout\n%s", a, b)
			}
		})
	}
}

// TestSnapshotUsed: an unedited snapshot is used without a warning, and
// what is appended after it counts once.
func TestSnapshotUsed(t *testing.T) {
	dir := t.TempDir()
	r := testRubric()
	j, _ := Open(dir, "ta")
	j.Append(Action{Op: OpApply, Subs: []string{"alice"}, Item: "names"})
	if err := Snapshot(dir, r); err != nil {
		t.Fatal(err)
	}
	j.Append(Action{Op: OpApply, Subs: []string{"bob"}, Item: "names"})
	s, notes, err := Load(dir, r)
	if err != nil || len(notes) > 0 || len(s.Applied) != 2 {
		t.Fatalf("%v %q %v", s.Applied, notes, err)
	}
}

func lines(s string) []string { return strings.SplitAfter(s, "\n") }

func stateJSON(t *testing.T, s *State) string {
	t.Helper()
	data, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestSnapshotTempsRemoved: the temporary file a Snapshot killed
// mid-write leaves is removed by the next one.
func TestSnapshotTempsRemoved(t *testing.T) {
	dir := t.TempDir()
	j, _ := Open(dir, "ta")
	j.Append(Action{Op: OpApply, Subs: []string{"alice"}, Item: "names"})
	tmp := filepath.Join(dir, Folder, "."+snapshotName+".12345")
	os.WriteFile(tmp, []byte("{"), 0o644)
	if err := Snapshot(dir, testRubric()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tmp); err == nil {
		t.Errorf("%s is still there", tmp)
	}
}

// FuzzSnapshot: whatever snapshot.json holds, loading neither fails nor
// differs from loading without it.
func FuzzSnapshot(f *testing.F) {
	f.Add([]byte(`{"sha256":"x","snapshot":{"state":{"applied":{"mallory":["bonus"]}}}}`))
	f.Add([]byte("{}"))
	f.Add([]byte("null"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		r := testRubric()
		j, _ := Open(dir, "ta")
		if _, err := j.Append(Action{Op: OpApply, Subs: []string{"alice"}, Item: "names"}); err != nil {
			t.Fatal(err)
		}
		without, _, err := Load(dir, r)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, Folder, snapshotName), data, 0o644); err != nil {
			t.Fatal(err)
		}
		with, _, err := Load(dir, r)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := stateJSON(t, with), stateJSON(t, without); a != b {
			t.Errorf("with the snapshot\n%s\nwithout\n%s", a, b)
		}
	})
}

// BenchmarkLoad folds a journal of 10000 comments: from a snapshot that
// covers it (its prefix hashed, nothing replayed) and from the start.
func BenchmarkLoad(b *testing.B) {
	dir := b.TempDir()
	r := testRubric()
	j, _ := Open(dir, "ta")
	for i := 0; i < 10000; i++ {
		if _, err := j.Append(Action{Op: OpComment, Subs: []string{"alice"}, ID: "c" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + strings.Repeat("y", i/26%5), File: "A.java", Line: i + 1, Text: strings.Repeat("t", 100)}); err != nil {
			b.Fatal(err)
		}
	}
	for _, snap := range []bool{true, false} {
		name := "journals"
		if snap {
			name = "snapshot"
			if err := Snapshot(dir, r); err != nil {
				b.Fatal(err)
			}
		} else {
			os.Remove(filepath.Join(dir, Folder, snapshotName))
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, _, err := Load(dir, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
