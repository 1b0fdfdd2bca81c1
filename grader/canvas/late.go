package canvas

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
)

// Late decides how many days late each submission is.
type Late struct {
	Policy rubric.Late // its deadline; a day late is each started 24 hours after it
	// Times are submission times (ReadTimes), by Canvas user id or by
	// submission ID (anon_<id> under anonymous grading, or the folder name
	// of a submission not from Canvas).
	Times map[string]time.Time
	// Default is the days late of a submission Canvas marked LATE that Times
	// does not list.
	Default int
	// Source and Lines say where Times were read (Read): the file's name
	// and each id's line, for warnings.
	Source string
	Lines  map[string]int
}

// Read reads the submission times of the CSV file r, named name in
// messages (ReadTimes), into l.
func (l *Late) Read(name string, r io.Reader) error {
	times, lines, err := readTimes(name, r)
	if err != nil {
		return err
	}
	l.Times, l.Lines, l.Source = times, lines, name
	return nil
}

// Unmatched warns of each id in Times that names none of subs (by user id
// or submission ID), as "FILE:LINE: ...", in the file's order: a typo, or
// a student whose submission is missing from the batch.
func (l Late) Unmatched(subs []submission.Submission) []string {
	known := map[string]bool{}
	for _, s := range subs {
		known[s.ID] = true
		if s.UserID != "" {
			known[s.UserID] = true
		}
	}
	var ids []string
	for id := range l.Times {
		if !known[id] {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b string) int { return cmp.Or(cmp.Compare(l.Lines[a], l.Lines[b]), strings.Compare(a, b)) })
	var out []string
	for _, id := range ids {
		out = append(out, fmt.Sprintf("%s:%d: %q is no submission's user id or id in this batch: its time is not used", l.Source, l.Lines[id], id))
	}
	return out
}

// Days is how late s is: by its time in Times when listed there (under its
// user id, else its ID), else Default days when Canvas marked it late,
// else 0.
func (l Late) Days(s submission.Submission) int {
	if t, ok := l.Times[s.UserID]; ok && s.UserID != "" {
		return l.Policy.DaysLate(t)
	}
	if t, ok := l.Times[s.ID]; ok {
		return l.Policy.DaysLate(t)
	}
	if s.LateMarker {
		return l.Default
	}
	return 0
}

// MaxTimesBytes bounds a file of submission times.
const MaxTimesBytes = 16 << 20

// ReadTimes reads a CSV file of submission times, named name in messages:
// one row per submission, two columns, the student's Canvas user id (or a
// submission ID) and an ISO 8601 date and time with a UTC offset
// (2025-03-05T10:00:00-06:00, 2025-03-05 16:00:00Z, ...). A first row whose
// time column does not start with a digit is a header. Blank lines are
// skipped; an id listed twice takes its latest time (the download holds a
// student's latest submission). A bad row is an error naming name:line.
func ReadTimes(name string, r io.Reader) (map[string]time.Time, error) {
	times, _, err := readTimes(name, r)
	return times, err
}

// readTimes is ReadTimes that also gives the line of each id's time.
func readTimes(name string, r io.Reader) (times map[string]time.Time, lines map[string]int, err error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxTimesBytes+1))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(data) > MaxTimesBytes {
		return nil, nil, fmt.Errorf("%s: larger than %d bytes: not a file of submission times", name, MaxTimesBytes)
	}
	if !utf8.Valid(data) {
		return nil, nil, fmt.Errorf("%s: not UTF-8 text", name)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff")) // as spreadsheets save it
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	times, lines = map[string]time.Time{}, map[string]int{}
	for first := true; ; first = false {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, nil, fmt.Errorf("%s:%d: %v", name, pe.Line, pe.Err)
			}
			return nil, nil, fmt.Errorf("%s: %v", name, err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) != 2 {
			return nil, nil, fmt.Errorf("%s:%d: %d columns, want 2: user id, submission time", name, line, len(rec))
		}
		id, when := strings.TrimSpace(rec[0]), strings.TrimSpace(rec[1])
		if first && (when == "" || when[0] < '0' || when[0] > '9') {
			continue // a header
		}
		if id == "" {
			return nil, nil, fmt.Errorf("%s:%d: no user id", name, line)
		}
		t, err := ParseTime(when)
		if err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if old, ok := times[id]; !ok || t.After(old) {
			times[id], lines[id] = t, line
		}
	}
	return times, lines, nil
}

// ParseTime reads an ISO 8601 date and time with a UTC offset: RFC 3339
// (2025-03-05T10:00:00-06:00, fractions of a second allowed), with a space
// or T between date and time, seconds optional, the offset as Z, ±hh:mm or
// ±hhmm.
func ParseTime(s string) (time.Time, error) {
	n := s
	if len(n) > 10 && (n[10] == ' ' || n[10] == 't') {
		n = n[:10] + "T" + n[11:]
	}
	if strings.HasSuffix(n, "z") {
		n = n[:len(n)-1] + "Z"
	}
	for _, layout := range []string{
		"2006-01-02T15:04:05Z07:00", "2006-01-02T15:04Z07:00",
		"2006-01-02T15:04:05Z0700", "2006-01-02T15:04Z0700",
	} {
		if t, err := time.Parse(layout, n); err == nil {
			return t, nil
		}
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02"} {
		if _, err := time.Parse(layout, n); err == nil {
			return time.Time{}, fmt.Errorf("time %q has no UTC offset: add Z or one like -06:00", s)
		}
	}
	return time.Time{}, fmt.Errorf("%q is not an ISO 8601 time such as 2025-03-05T10:00:00-06:00", s)
}
