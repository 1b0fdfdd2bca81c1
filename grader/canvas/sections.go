package canvas

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/cs540-tools/autograder/grader/submission"
)

// MaxSectionsBytes bounds a file of sections.
const MaxSectionsBytes = 16 << 20

// ReadSections reads which section each student is in from a CSV file,
// named name in messages: Canvas's gradebook export (its header names an
// "ID" column, the user id, and a "Section" column; rows without an id,
// such as "Points Possible", are skipped), or two columns, a Canvas user
// id or submission ID and the section, with an optional header. A bad
// file is an error naming name:line.
func ReadSections(name string, r io.Reader) (map[string]string, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSectionsBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(data) > MaxSectionsBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes: not a file of sections", name, MaxSectionsBytes)
	}
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("%s: not UTF-8 text", name)
	}
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	out := map[string]string{}
	idCol, secCol := 0, 1
	for first := true; ; first = false {
		rec, err := cr.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("%s:%d: %v", name, pe.Line, pe.Err)
			}
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		line, _ := cr.FieldPos(0)
		if first {
			if i, j := column(rec, "ID"), column(rec, "Section"); i >= 0 && j >= 0 {
				idCol, secCol = i, j
				continue
			} else if len(rec) == 2 && strings.EqualFold(strings.TrimSpace(rec[1]), "section") {
				continue
			}
		}
		if len(rec) <= max(idCol, secCol) {
			return nil, fmt.Errorf("%s:%d: %d columns, want a user id and a section", name, line, len(rec))
		}
		if id := strings.TrimSpace(rec[idCol]); id != "" {
			out[id] = strings.TrimSpace(rec[secCol])
		}
	}
}

// column is the index of the header cell named name, -1 if none.
func column(header []string, name string) int {
	for i, h := range header {
		if strings.EqualFold(strings.TrimSpace(h), name) {
			return i
		}
	}
	return -1
}

// Lookup is what a map by Canvas user id or submission ID (Late.Times,
// ReadSections) holds for s: by its user id, else its ID.
func Lookup[V any](m map[string]V, s submission.Submission) (V, bool) {
	if v, ok := m[s.UserID]; ok && s.UserID != "" {
		return v, true
	}
	v, ok := m[s.ID]
	return v, ok
}
