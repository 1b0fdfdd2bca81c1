package review

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
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
	"github.com/cs540-tools/autograder/internal/atomicfile"
	"github.com/rogpeppe/go-internal/lockedfile"
)

// Folder is where a batch's manual grading lives: DIR/review.
const Folder = "review"

const (
	snapshotName = "snapshot.json"
	lockName     = ".lock"
)

// lock takes the folder's lock file, exclusively, until unlock, on every
// system (lockedfile: flock, LockFileEx on Windows): two processes never
// interleave their appends or snapshots.
func lock(path string) (unlock func(), err error) {
	return lockedfile.MutexAt(path).Lock()
}

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

// snapshot is snapshot.json's content: the state folded from each
// journal's prefix, the last action's time being Last. It is only a
// cache: it is used when every prefix it names is, byte for byte, the
// start of its journal now (same size, same SHA-256), else the journals
// are replayed from their start.
type snapshot struct {
	Journals map[string]prefix `json:"journals"`
	Last     string            `json:"last"`
	State    *State            `json:"state"`
}

// prefix is how much of a journal a snapshot folded: its first Size
// bytes, whose SHA-256 (hex) is SHA256.
type prefix struct {
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// snapshotFile is snapshot.json: the snapshot and the SHA-256 of its
// compact JSON, so that a hand edit of the file is seen (and the file
// ignored) rather than counted.
type snapshotFile struct {
	SHA256   string          `json:"sha256"`
	Snapshot json.RawMessage `json:"snapshot"`
}

// errStale says a journal no longer starts with the prefix a snapshot
// folded (a line deleted or edited, an older copy restored).
var errStale = errors.New("stale snapshot")

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
// every journal's actions past it, in time order. A snapshot that does
// not match the journals (they were edited, shortened or restored, or it
// was) is ignored and the journals replayed from their start: the
// journals are the truth. Notes say what was skipped (a torn last line,
// an action the state refused, a snapshot ignored), one line each. A
// missing folder is an empty state.
func Load(dir string, r *rubric.Rubric) (*State, []string, error) {
	rd := filepath.Join(dir, Folder)
	snap, notes := readSnapshot(rd)
	all, n, err := readJournals(rd, snap.Journals)
	if errors.Is(err, errStale) {
		notes = append(notes, fmt.Sprintf("%s: %v: ignored it and replayed the journals from their start", snapshotName, err))
		snap = snapshot{State: NewState()}
		all, n, err = readJournals(rd, nil)
	}
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

// readJournals reads every journal's actions past its prefix, in time
// order (a journal's own in its order for equal times). It fails with
// errStale when a journal does not start with its prefix, or one a
// prefix names is gone.
func readJournals(rd string, prefixes map[string]prefix) ([]entry, []string, error) {
	names, err := filepath.Glob(filepath.Join(rd, "journal-*.jsonl"))
	if err != nil {
		return nil, nil, err
	}
	for name := range prefixes {
		if !slices.Contains(names, filepath.Join(rd, name)) {
			return nil, nil, fmt.Errorf("%w: %s is gone", errStale, name)
		}
	}
	var all []entry
	var notes []string
	for _, p := range names {
		es, n, err := readJournal(p, prefixes[filepath.Base(p)])
		if err != nil {
			return nil, nil, err
		}
		all, notes = append(all, es...), append(notes, n...)
	}
	slices.SortStableFunc(all, func(x, y entry) int { return when(x.At).Compare(when(y.At)) })
	return all, notes, nil
}

// readSnapshot reads snapshot.json; a missing one is an empty state from
// the journals' starts, and so is one unreadable or edited by hand (its
// checksum does not match), with a note.
func readSnapshot(rd string) (snapshot, []string) {
	data, err := os.ReadFile(filepath.Join(rd, snapshotName))
	if errors.Is(err, fs.ErrNotExist) {
		return snapshot{State: NewState()}, nil
	}
	var snap snapshot
	if err == nil {
		err = decodeSnapshot(data, &snap)
	}
	if err != nil || snap.State == nil {
		return snapshot{State: NewState()}, []string{fmt.Sprintf("%s: unreadable (%v): ignored it and replayed the journals from their start", snapshotName, err)}
	}
	fill(snap.State)
	return snap, nil
}

// decodeSnapshot decodes snapshot.json, checking its checksum.
func decodeSnapshot(data []byte, snap *snapshot) error {
	var f snapshotFile
	if err := json.Unmarshal(data, &f); err != nil {
		return err
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, f.Snapshot); err != nil {
		return err
	}
	if sum := sha256.Sum256(compact.Bytes()); hex.EncodeToString(sum[:]) != f.SHA256 {
		return errors.New("its checksum does not match: edited by hand, or of an older autograder")
	}
	return json.Unmarshal(f.Snapshot, snap)
}

// readJournal reads a journal's actions past pre, after checking that the
// journal starts with it (errStale if not). A line that is not an action
// is skipped with a note: the last one when cut short (no newline), as a
// crash leaves it.
func readJournal(p string, pre prefix) ([]entry, []string, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	name := filepath.Base(p)
	if pre.Size > 0 || pre.SHA256 != "" {
		h := sha256.New()
		if _, err := io.CopyN(h, f, pre.Size); err != nil || hex.EncodeToString(h.Sum(nil)) != pre.SHA256 {
			return nil, nil, fmt.Errorf("%w: %s no longer starts with the %d bytes it folded", errStale, name, pre.Size)
		}
	}
	offset := pre.Size
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
// after it, as long as the journals still start with what it folded.
// Temporary files a killed Snapshot left are removed.
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
	if tmps, err := filepath.Glob(atomicfile.Pattern(filepath.Join(rd, snapshotName))); err == nil {
		for _, t := range tmps {
			os.Remove(t)
		}
	}
	s, _, err := Load(dir, r)
	if err != nil {
		return err
	}
	all, _, err := readJournals(rd, nil)
	if err != nil {
		return err
	}
	snap := snapshot{Journals: map[string]prefix{}, State: s}
	if len(all) > 0 {
		snap.Last = all[len(all)-1].At
	}
	names, _ := filepath.Glob(filepath.Join(rd, "journal-*.jsonl"))
	for _, p := range names {
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		// Up to the last newline: a torn last line is replayed (and
		// skipped) again, its successor read from its start.
		data = data[:bytes.LastIndexByte(data, '\n')+1]
		sum := sha256.Sum256(data)
		snap.Journals[filepath.Base(p)] = prefix{Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:])}
	}
	body, err := json.Marshal(snap)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(body)
	data, err := json.MarshalIndent(snapshotFile{SHA256: hex.EncodeToString(sum[:]), Snapshot: body}, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(filepath.Join(rd, snapshotName), append(data, '\n'))
}
