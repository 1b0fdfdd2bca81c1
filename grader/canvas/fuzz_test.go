package canvas

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cs540-tools/autograder/grader/submission"
)

// FuzzParseName: ParseName never panics; what it accepts has digit ids, a
// valid UTF-8 name without separators, a display name, and is printed back
// as it was read.
func FuzzParseName(f *testing.F) {
	for _, s := range []string{
		"smithjohn_12345_67890_EightQueen.java", "smithjohn_LATE_12345_67890_EightQueen-1.java",
		"smithjohn_late_1_2_hw4_final_3.zip", "LATE_anon_Xy7Qz_67890_EightQueen.java", "anon_Xy7Qz_text.html",
		"smithjohn_12345_link.html", "müllerjörg_5_6_a", "a_1_2_caf\xe9", "../evil_1_2_x", "anon__1_x", "_1_2_x", "",
	} {
		f.Add(s)
	}
	digits := func(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := ParseName(s)
		if !ok {
			if n != (Name{}) {
				t.Fatalf("not ok, but %#v", n)
			}
			return
		}
		if n.String() != s {
			t.Fatalf("%q read as %#v, printed as %q", s, n, n.String())
		}
		if n.File == "" || (n.AttachmentID != "" && !digits(n.AttachmentID)) {
			t.Fatalf("%q: file %q, attachment %q", s, n.File, n.AttachmentID)
		}
		if n.AnonymousID == "" && !digits(n.UserID) || n.AnonymousID != "" && n.UserID != "" {
			t.Fatalf("%q: user %q, anonymous %q", s, n.UserID, n.AnonymousID)
		}
		id := n.ID()
		if !utf8.ValidString(id) || strings.ContainsAny(id, "/\\.: \x00\n") {
			t.Fatalf("%q: ID %q", s, id)
		}
	})
}

// FuzzReadTimes: ReadTimes never panics, and fails with one line that
// names the file.
func FuzzReadTimes(f *testing.F) {
	for _, s := range []string{
		"user_id,submitted_at\n1002,2025-03-06T15:00:00-06:00\n", "1,2025-03-06 15:00Z\r\n2,2025-03-06T15:00:00.5+0100\n",
		"\ufeff\"a\",\"b\"\n", "1,2\n", "\"1\n2\",x\n", "1,2025-03-06T15:00\n", "1,2,3\n", "\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		times, err := ReadTimes("late.csv", strings.NewReader(s))
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "late.csv:") || strings.Contains(msg, "\n") || times != nil {
				t.Fatalf("error %q", msg)
			}
			return
		}
		for id, when := range times {
			if strings.TrimSpace(id) != id || id == "" || when.IsZero() {
				t.Fatalf("id %q time %v", id, when)
			}
		}
	})
}

// FuzzRead: whatever the download, Read never panics, and what it returns
// is safe: every file name relative, UTF-8 and without "..", every file
// within the limits.
func FuzzRead(f *testing.F) {
	f.Add(classZip(f))
	f.Add(makeZip(f, file{name: "a_1_2_hw4.zip", data: string(makeZip(f, file{name: "x/EightQueen.java", data: "x"}))}))
	f.Add(makeZip(f, file{name: "a_1_2_\xff\xfe.java", data: "x"}, file{name: "b_LATE_3_4_..", data: "x"}))
	f.Add([]byte("PK\x05\x06"))
	lim := Limits{Student: submission.Limits{Files: 20, FileBytes: 4 << 10, Bytes: 16 << 10, Ratio: 50}, Entries: 100, Bytes: 1 << 20}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(dir, "d.zip")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		IsDownload(p)
		subs, _, err := Read(p, lim)
		if err != nil {
			return
		}
		for _, s := range subs {
			if s.Problem != "" && len(s.Files) != 0 {
				t.Fatalf("%s: problem %q and %d files", s.ID, s.Problem, len(s.Files))
			}
			if len(s.Files) > lim.Student.Files {
				t.Fatalf("%s: %d files", s.ID, len(s.Files))
			}
			for _, f := range s.Files {
				if !relative(f.Name) || int64(len(f.Data)) > lim.Student.FileBytes {
					t.Fatalf("%s: unsafe file %q (%d bytes)", s.ID, f.Name, len(f.Data))
				}
			}
		}
	})
}

// relative reports whether a file name is one the sandbox writes inside
// its box: fs.ValidPath (UTF-8, no empty, "." or ".." element, not
// absolute), and no backslash, NUL or drive.
func relative(name string) bool {
	return fs.ValidPath(name) && name != "." && !strings.ContainsAny(name, "\\\x00") && !(len(name) > 1 && name[1] == ':')
}
