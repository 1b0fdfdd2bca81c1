package canvas

import (
	"maps"
	"strings"
	"testing"
)

// TestReadSections reads Canvas's gradebook export and plain two-column
// files, and names the line of a bad one.
func TestReadSections(t *testing.T) {
	for _, tt := range []struct {
		name, csv string
		want      map[string]string
		err       string
	}{
		{"gradebook", "\ufeffStudent,ID,SIS User ID,SIS Login ID,Section,HW4 (123)\n" +
			"    Points Possible,,,,,100\n" +
			"\"Smith, John\",12345,s1,js,CS540 L01,90\n\"Doe, Jane\",678,s2,jd,CS540 L02,\n",
			map[string]string{"12345": "CS540 L01", "678": "CS540 L02"}, ""},
		{"two columns", "user id,section\n12345,L01\nanon_Xy7Qz, L02\n", map[string]string{"12345": "L01", "anon_Xy7Qz": "L02"}, ""},
		{"no header", "12345,L01\n", map[string]string{"12345": "L01"}, ""},
		{"short row", "12345,L01\n678\n", nil, "sections.csv:2: 1 columns, want a user id and a section"},
		{"bad quote", "12345,\"L01\n", nil, "sections.csv:1: extraneous"},
		{"not UTF-8", "12345,L\xff\n", nil, "sections.csv: not UTF-8 text"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadSections("sections.csv", strings.NewReader(tt.csv))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one saying %q", err, tt.err)
				}
				return
			}
			if err != nil || !maps.Equal(got, tt.want) {
				t.Errorf("got %v, %v; want %v", got, err, tt.want)
			}
		})
	}
}

// FuzzReadSections: ReadSections never panics, and what it accepts has
// no id with space around it.
func FuzzReadSections(f *testing.F) {
	for _, s := range []string{"Student,ID,Section\nx,1,L01\n", "1,L01\n", "a,\"b\nc\"\n", "", "\ufeff,\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ReadSections("f", strings.NewReader(s))
		if err != nil {
			return
		}
		for id := range got {
			if id == "" || strings.TrimSpace(id) != id {
				t.Fatalf("%q: id %q", s, id)
			}
		}
	})
}
