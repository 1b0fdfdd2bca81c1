package review

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/store"
)

// Folder is where a batch's manual grading lives: DIR/review.
const Folder = "review"

const (
	snapshotName = "snapshot.json"
	lockName     = ".lock"
)

// Journal is one TA's journal in a batch's review folder.
type Journal struct {
	dir string // DIR/review
	TA  string
}

// Open makes DIR/review if needed and returns ta's journal there.
func Open(dir, ta string) (*Journal, error) {
	if !taRE.MatchString(ta) {
		return nil, fmt.Errorf("TA name %q: use a-z, 0-9, _ and -", ta)
	}
	rd := filepath.Join(dir, Folder)
	if err := os.MkdirAll(rd, 0o755); err != nil {
		return nil, err
	}
	return &Journal{dir: rd, TA: ta}, nil
}

func journalName(ta string) string { return "journal-" + ta + ".jsonl" }

// Append writes the action as one line at the journal's end and syncs
// it: once Append returns, the action survives a crash. a.TA and a.At
// are set here. A last line cut short by a crash is ended first, so the
// new line starts fresh.
func (j *Journal) Append(a Action) (Action, error) {
	a.TA = j.TA
	a.At = time.Now().UTC().Format(stampLayout)
	if err := a.Check(); err != nil {
		return a, err
	}
	line, err := json.Marshal(a)
	if err != nil {
		return a, err
	}
	unlock, err := lock(filepath.Join(j.dir, lockName))
	if err != nil {
		return a, err
	}
	defer unlock()
	f, err := os.OpenFile(filepath.Join(j.dir, journalName(j.TA)), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return a, err
	}
	defer f.Close()
	if torn, err := endsTorn(f.Name()); err != nil {
		return a, err
	} else if torn {
		line = append([]byte{'\n'}, line...)
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		return a, fmt.Errorf("journal %s: %w", f.Name(), err)
	}
	return a, f.Sync()
}

// endsTorn reports whether the file is not empty and does not end in a
// newline: its last line was cut short.
func endsTorn(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.Size() == 0 {
		return false, err
	}
	b := make([]byte, 1)
	if _, err := f.ReadAt(b, st.Size()-1); err != nil {
		return false, err
	}
	return b[0] != '\n', nil
}

// stampLayout is an action's time: fixed width, so that times sort as
// text too.
const stampLayout = "2006-01-02T15:04:05.000000000Z"

// snapshot is snapshot.json: the state folded from each journal up to
// its offset, the last action's time being Last.
type snapshot struct {
	Offsets map[string]int64 `json:"offsets"`
	Last    string           `json:"last"`
	State   *State           `json:"state"`
}

// when is an action's time, for ordering the journals' actions: its At
// read as a time (a hand-written one too), else the zero time.
func when(at string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, at)
	return t
}

// entry is an action read from a journal, with where it ends.
type entry struct {
	Action
	journal string
	end     int64
}

// Load folds the review folder under dir into a state: the snapshot, then
// every journal's actions past it, in time order. Notes say what was
// skipped (a torn last line, an action the state refused), one line each.
// A missing folder is an empty state.
func Load(dir string, r *rubric.Rubric) (*State, []string, error) {
	rd := filepath.Join(dir, Folder)
	snap, notes := readSnapshot(rd)
	all, n, err := readJournals(rd, snap.Offsets)
	if err != nil {
		return nil, nil, err
	}
	// An action older than the snapshot's last (a journal merged in from
	// git, a TA's clock behind) belongs before what the snapshot folded:
	// fold everything again, in order.
	if slices.ContainsFunc(all, func(e entry) bool { return when(e.At).Before(when(snap.Last)) }) {
		snap = snapshot{State: NewState()}
		if all, n, err = readJournals(rd, nil); err != nil {
			return nil, nil, err
		}
	}
	notes = append(notes, n...)
	s := snap.State
	for _, e := range all {
		if err := s.replay(r, e.Action); err != nil {
			notes = append(notes, fmt.Sprintf("%s: skipped an action: %v", e.journal, err))
		}
	}
	return s, notes, nil
}

// readJournals reads every journal's actions past its offset, in time
// order (a journal's own in its order for equal times).
func readJournals(rd string, offsets map[string]int64) ([]entry, []string, error) {
	names, err := filepath.Glob(filepath.Join(rd, "journal-*.jsonl"))
	if err != nil {
		return nil, nil, err
	}
	var all []entry
	var notes []string
	for _, p := range names {
		es, n, err := readJournal(p, offsets[filepath.Base(p)])
		if err != nil {
			return nil, nil, err
		}
		all, notes = append(all, es...), append(notes, n...)
	}
	slices.SortStableFunc(all, func(x, y entry) int { return when(x.At).Compare(when(y.At)) })
	return all, notes, nil
}

// readSnapshot reads snapshot.json; a missing or unreadable one is an
// empty state from the journals' starts (with a note when unreadable).
func readSnapshot(rd string) (snapshot, []string) {
	data, err := os.ReadFile(filepath.Join(rd, snapshotName))
	if errors.Is(err, fs.ErrNotExist) {
		return snapshot{State: NewState()}, nil
	}
	var snap snapshot
	if err == nil {
		err = json.Unmarshal(data, &snap)
	}
	if err != nil || snap.State == nil {
		return snapshot{State: NewState()}, []string{fmt.Sprintf("%s: unreadable (%v): replayed the journals from their start", snapshotName, err)}
	}
	fill(snap.State)
	return snap, nil
}

// fill makes a decoded state's nil maps empty.
func fill(s *State) {
	e := NewState()
	if s.Added == nil {
		s.Added = e.Added
	}
	if s.Points == nil {
		s.Points = e.Points
	}
	if s.Applied == nil {
		s.Applied = e.Applied
	}
	if s.Comments == nil {
		s.Comments = e.Comments
	}
	if s.Seen == nil {
		s.Seen = e.Seen
	}
	if s.Graded == nil {
		s.Graded = e.Graded
	}
}

// readJournal reads a journal's actions past offset. A line that is not
// an action is skipped with a note: the last one when cut short (no
// newline), as a crash leaves it.
func readJournal(p string, offset int64) ([]entry, []string, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		return nil, nil, err
	}
	name := filepath.Base(p)
	rd := bufio.NewReaderSize(f, 64<<10)
	var es []entry
	var notes []string
	pos, lineNo := offset, 0
	for {
		line, err := rd.ReadBytes('\n')
		if len(line) == 0 && err == io.EOF {
			return es, notes, nil
		}
		if err != nil && err != io.EOF {
			return nil, nil, err
		}
		lineNo++
		pos += int64(len(line))
		complete := bytes.HasSuffix(line, []byte("\n"))
		var a Action
		switch {
		case len(bytes.TrimSpace(line)) == 0:
		case !complete:
			notes = append(notes, fmt.Sprintf("%s: ignored its last line, cut short (%d bytes): a write the server did not finish", name, len(line)))
		case len(line) > maxLine || json.Unmarshal(line, &a) != nil:
			where := fmt.Sprintf("line %d", lineNo)
			if offset > 0 {
				where += " after the snapshot's end"
			}
			notes = append(notes, fmt.Sprintf("%s: %s is not an action: skipped", name, where))
		default:
			es = append(es, entry{Action: a, journal: name, end: pos})
		}
		if !complete {
			return es, notes, nil
		}
	}
}

// Snapshot folds the journals as they are now and writes snapshot.json
// atomically, under the lock: a later Load replays only what is appended
// after it.
func Snapshot(dir string, r *rubric.Rubric) error {
	rd := filepath.Join(dir, Folder)
	if err := os.MkdirAll(rd, 0o755); err != nil {
		return err
	}
	unlock, err := lock(filepath.Join(rd, lockName))
	if err != nil {
		return err
	}
	defer unlock()
	s, _, err := Load(dir, r)
	if err != nil {
		return err
	}
	all, _, err := readJournals(rd, nil)
	if err != nil {
		return err
	}
	snap := snapshot{Offsets: map[string]int64{}, State: s}
	if len(all) > 0 {
		snap.Last = all[len(all)-1].At
	}
	names, _ := filepath.Glob(filepath.Join(rd, "journal-*.jsonl"))
	for _, p := range names {
		st, err := os.Stat(p)
		if err != nil {
			return err
		}
		torn, err := endsTorn(p)
		if err != nil {
			return err
		}
		end := st.Size()
		if torn { // replay the torn line's successor from its start
			end = lastLineStart(p, end)
		}
		snap.Offsets[filepath.Base(p)] = end
	}
	data, err := json.MarshalIndent(snap, "", "  ")
	if err != nil {
		return err
	}
	return store.WriteFile(filepath.Join(rd, snapshotName), append(data, '\n'))
}

// lastLineStart is the offset just past the last newline before end.
func lastLineStart(p string, end int64) int64 {
	data, err := os.ReadFile(p)
	if err != nil || int64(len(data)) < end {
		return 0
	}
	return int64(bytes.LastIndexByte(data[:end], '\n') + 1)
}
