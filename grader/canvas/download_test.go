package canvas

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/submission"
)

// file is one member of a zip built by makeZip.
type file struct {
	name string
	data string
	mode fs.FileMode // 0: a regular file
	bomb int         // > 0: data is ignored, the entry inflates to bomb MiB of zeros
}

// makeZip builds an archive in memory.
func makeZip(t testing.TB, files ...file) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, f := range files {
		h := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: time.Date(2025, 3, 5, 9, 0, 0, 0, time.UTC)}
		if f.mode != 0 {
			h.SetMode(f.mode)
		}
		if f.bomb > 0 {
			packed, crc := bomb(f.bomb)
			h.CRC32, h.CompressedSize64, h.UncompressedSize64 = crc, uint64(len(packed)), uint64(f.bomb)<<20
			zw, err := w.CreateRaw(h)
			if err != nil {
				t.Fatal(err)
			}
			zw.Write(packed)
			continue
		}
		zw, err := w.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		zw.Write([]byte(f.data))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// bomb is a deflate stream of n MiB of zeros, made without holding them.
func bomb(n int) (packed []byte, crc uint32) {
	var one bytes.Buffer
	fw, _ := flate.NewWriter(&one, flate.BestCompression)
	mib := make([]byte, 1<<20)
	fw.Write(mib)
	fw.Flush()
	var out bytes.Buffer
	for range n {
		out.Write(one.Bytes())
		crc = crc32.Update(crc, crc32.IEEETable, mib)
	}
	out.Write([]byte{0x01, 0x00, 0x00, 0xff, 0xff}) // a final empty stored block
	return out.Bytes(), crc
}

// write puts data in a new temporary folder as name and returns its path.
func write(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// classZip is a Canvas download with every kind of student in it.
func classZip(t testing.TB) []byte {
	nested := makeZip(t, file{name: "hw4/"}, file{name: "hw4/EightQueen.java", data: "dan"}, file{name: "hw4/old.zip", data: "kept as a file"})
	slip := makeZip(t, file{name: "hw4/EightQueen.java", data: "mallory"}, file{name: "../../../evil.java", data: "x"})
	return makeZip(t,
		file{name: "alicesmith_1001_50001_EightQueen.java", data: "alice"},
		file{name: "alicesmith_1001_50022_caf\xe9.txt", data: "non-UTF-8 name"},
		file{name: "bobjones_LATE_1002_50002_EightQueen.java", data: "bob"},
		file{name: "LATE_anon_Xy7Qz_50003_EightQueen.java", data: "anon"},
		file{name: "dandavis_1004_50004_hw4.zip", data: string(nested)},
		// Two uploads of EightQueen.java: the newer one counts.
		file{name: "erinlee_1005_50015_EightQueen-1.java", data: "erin new"},
		file{name: "erinlee_1005_50005_EightQueen.java", data: "erin old"},
		file{name: "erinlee_1005_50010_Helper-1.java", data: "helper"},
		file{name: "fayfox_1009_50009_EightQueen-1.java", data: "fay"},
		file{name: "malloryhack_1006_50006_hw4.zip", data: string(slip)},
		file{name: "oscarbig_1007_50007_EightQueen.java", bomb: 64},
		file{name: "peggytext_1008_text.html", data: "<p>my answer</p>"},
		file{name: "trentlink_1010_50030_EightQueen.java", data: "/etc/passwd", mode: fs.ModeSymlink | 0o777},
		file{name: "sub/victorv_1011_50031_EightQueen.java", data: "victor"},
		file{name: "../../walterw_1012_50032_EightQueen.java", data: "walter"},
		file{name: "/tmp/yvonnew_1013_50033_EightQueen.java", data: "yvonne"},
		file{name: "../../evil.sh", data: "x"},
		file{name: "README.txt", data: "x"},
		file{name: "__MACOSX/._x", data: "x"},
		file{name: ".DS_Store", data: "x"},
	)
}

// row is what a test sees of a submission.
type row struct {
	id, student, user string
	late              bool
	files             []string // name=data
	problem           string   // a substring of Problem
}

func rows(subs []submission.Submission) []row {
	var out []row
	for _, s := range subs {
		r := row{id: s.ID, student: s.Student, user: s.UserID, late: s.LateMarker, problem: s.Problem}
		for _, f := range s.Files {
			r.files = append(r.files, f.Name+"="+string(f.Data))
		}
		out = append(out, r)
	}
	return out
}

var wantRows = []row{
	{id: "alicesmith_1001", student: "alicesmith", user: "1001", files: []string{"EightQueen.java=alice", "caf%E9.txt=non-UTF-8 name"}},
	{id: "anon_Xy7Qz", student: "anon_Xy7Qz", late: true, files: []string{"EightQueen.java=anon"}},
	{id: "bobjones_1002", student: "bobjones", user: "1002", late: true, files: []string{"EightQueen.java=bob"}},
	{id: "dandavis_1004", student: "dandavis", user: "1004", files: []string{"hw4.zip/hw4/EightQueen.java=dan", "hw4.zip/hw4/old.zip=kept as a file"}},
	{id: "erinlee_1005", student: "erinlee", user: "1005", files: []string{"EightQueen.java=erin new", "Helper.java=helper"}},
	{id: "fayfox_1009", student: "fayfox", user: "1009", files: []string{"EightQueen.java=fay"}},
	{id: "malloryhack_1006", student: "malloryhack", user: "1006",
		problem: `"malloryhack_1006_50006_hw4.zip": zip entry "../../../evil.java" climbs out of the archive with ".." (zip-slip)`},
	{id: "oscarbig_1007", student: "oscarbig", user: "1007",
		problem: `zip entry "oscarbig_1007_50007_EightQueen.java" unpacks to 64 MiB, 1011 times its packed size (at most 200 allowed): refused as a zip bomb`},
	{id: "peggytext_1008", student: "peggytext", user: "1008", files: []string{"text.html=<p>my answer</p>"}},
	{id: "trentlink_1010", student: "trentlink", user: "1010", problem: `entry "trentlink_1010_50030_EightQueen.java" is a symbolic link`},
	{id: "victorv_1011", student: "victorv", user: "1011", problem: `entry "sub/victorv_1011_50031_EightQueen.java" is in a folder, where Canvas writes none`},
	{id: "walterw_1012", student: "walterw", user: "1012", problem: `entry "../../walterw_1012_50032_EightQueen.java" climbs out of the archive with ".." (zip-slip)`},
	{id: "yvonnew_1013", student: "yvonnew", user: "1013", problem: `entry "/tmp/yvonnew_1013_50033_EightQueen.java" has an absolute path`},
}

func checkRows(t *testing.T, subs []submission.Submission) {
	t.Helper()
	got := rows(subs)
	if len(got) != len(wantRows) {
		t.Fatalf("%d submissions, want %d:\n%+v", len(got), len(wantRows), got)
	}
	for i, w := range wantRows {
		g := got[i]
		if w.problem == "" && g.problem != "" || !strings.Contains(g.problem, w.problem) || w.problem != "" && len(g.files) != 0 {
			t.Errorf("%s: problem %q with %d files, want %q", g.id, g.problem, len(g.files), w.problem)
		}
		g.problem, w.problem = "", ""
		if !reflect.DeepEqual(g, w) {
			t.Errorf("got  %#v\nwant %#v", g, w)
		}
	}
}

func TestRead(t *testing.T) {
	p := write(t, "submissions.zip", classZip(t))
	if !IsDownload(p) {
		t.Fatal("not seen as a download")
	}
	subs, warnings, err := Read(p, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	checkRows(t, subs)
	for _, s := range subs {
		if want := filepath.Join(p, s.ID); s.Source != want {
			t.Errorf("%s: source %q, want %q", s.ID, s.Source, want)
		}
	}
	wantWarnings := []string{
		p + `: entry "../../evil.sh" climbs out of the archive with ".." (zip-slip): refused`,
		p + `: entry "README.txt" is not named as Canvas names submitted files: skipped`,
	}
	if !reflect.DeepEqual(warnings, wantWarnings) {
		t.Errorf("warnings\n%q\nwant\n%q", warnings, wantWarnings)
	}
	// The same download reads the same.
	again, _, err := Read(p, DefaultLimits)
	if err != nil || !reflect.DeepEqual(again, subs) {
		t.Errorf("a second Read differs (%v)", err)
	}
}

// TestReadFolder: the folder a download was unpacked to reads as the zip
// does.
func TestReadFolder(t *testing.T) {
	dir := t.TempDir()
	zr, err := zip.NewReader(bytes.NewReader(classZip(t)), int64(len(classZip(t))))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		// What unzip would write: the flat files; the hostile ones are
		// made below.
		if strings.ContainsAny(f.Name, "/") || f.Mode()&fs.ModeSymlink != 0 || f.UncompressedSize64 > 1<<20 {
			continue
		}
		rc, _ := f.Open()
		var buf bytes.Buffer
		buf.ReadFrom(rc)
		rc.Close()
		if err := os.WriteFile(filepath.Join(dir, f.Name), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, "oscarbig_1007_50007_EightQueen.java"), make([]byte, 9<<20), 0o644)
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "trentlink_1010_50030_EightQueen.java")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	os.Mkdir(filepath.Join(dir, "__MACOSX"), 0o755)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	if !IsDownload(dir) {
		t.Fatal("not seen as a download")
	}
	subs, warnings, err := Read(dir, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	got := rows(subs)
	want := map[string]row{}
	for _, r := range rows(subs) {
		want[r.id] = r
	}
	if len(got) != 10 {
		t.Errorf("%d submissions, want 10 (not victorv, walterw and yvonnew, who were in no file): %+v", len(got), got)
	}
	for _, w := range wantRows {
		g, ok := want[w.id]
		switch w.id {
		case "victorv_1011", "walterw_1012", "yvonnew_1013":
			continue
		case "oscarbig_1007":
			w.problem = `file "oscarbig_1007_50007_EightQueen.java" is 9 MiB, larger than the 8 MiB one file may have`
		case "trentlink_1010":
			w.problem = `entry "trentlink_1010_50030_EightQueen.java" is a symbolic link`
		}
		if !ok || g.problem != w.problem && !strings.Contains(g.problem, w.problem) {
			t.Errorf("%s: problem %q, want %q", w.id, g.problem, w.problem)
		}
		g.problem, w.problem = "", ""
		if !reflect.DeepEqual(g, w) {
			t.Errorf("got  %#v\nwant %#v", g, w)
		}
	}
	wantWarnings := []string{
		dir + `: entry "README.txt" is not named as Canvas names submitted files: skipped`,
		dir + `: entry "sub/" is not named as Canvas names submitted files: skipped`,
	}
	if !reflect.DeepEqual(warnings, wantWarnings) {
		t.Errorf("warnings\n%q\nwant\n%q", warnings, wantWarnings)
	}
}

func TestIsDownload(t *testing.T) {
	canvas := func(names ...string) []byte {
		var fs []file
		for _, n := range names {
			fs = append(fs, file{name: n, data: "x"})
		}
		return makeZip(t, fs...)
	}
	for _, tc := range []struct {
		name string
		zip  []byte
		want bool
	}{
		{"canvas", canvas("a_1_2_EightQueen.java", "b_3_4_EightQueen.java"), true},
		{"canvas-and-a-stray", canvas("a_1_2_EightQueen.java", "b_3_4_EightQueen.java", "README.txt"), true},
		{"half-strays", canvas("a_1_2_EightQueen.java", "README.txt"), false},
		{"text-entries-only", canvas("a_1_text.html"), true},
		{"junk-does-not-count", canvas("a_1_2_EightQueen.java", ".DS_Store", "__MACOSX/._a", "x/.git/HEAD"), true},
		{"a-students-zip", canvas("hw4/EightQueen.java", "hw4/Helper.java"), false},
		{"a-students-file", canvas("EightQueen.java"), false},
		{"folders-of-a-batch", canvas("alice/EightQueen.java", "bob/EightQueen.java"), false},
		{"empty", canvas(), false},
		{"junk-only", canvas(".DS_Store"), false},
		{"not-a-zip", []byte("PK\x03\x04 nothing"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsDownload(write(t, "x.zip", tc.zip)); got != tc.want {
				t.Errorf("IsDownload = %v, want %v", got, tc.want)
			}
		})
	}
	if IsDownload(filepath.Join(t.TempDir(), "nothing.zip")) {
		t.Error("a missing file is a download")
	}
	batch := t.TempDir()
	os.Mkdir(filepath.Join(batch, "alice"), 0o755)
	os.WriteFile(filepath.Join(batch, "bob.java"), []byte("x"), 0o644)
	if IsDownload(batch) {
		t.Error("a folder of submissions is a download")
	}
	os.WriteFile(filepath.Join(batch, "carl_1_2_EightQueen.java"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(batch, "dora_3_4_EightQueen.java"), []byte("x"), 0o644)
	if IsDownload(batch) {
		t.Error("half Canvas names: a download")
	}
	os.WriteFile(filepath.Join(batch, "dora_3_text.html"), []byte("x"), 0o644)
	if !IsDownload(batch) {
		t.Error("most Canvas names: not a download")
	}
}

func TestLimits(t *testing.T) {
	noise := func(n int) string {
		b := make([]byte, n)
		x := uint32(1)
		for i := range b {
			x = x*1664525 + 1013904223
			b[i] = "0123456789abcdef"[x>>28]
		}
		return string(b)
	}
	p := write(t, "d.zip", makeZip(t,
		file{name: "a_1_10_A.java", data: noise(1000)},
		file{name: "a_1_11_B.java", data: noise(1000)},
		file{name: "b_2_20_A.java", data: noise(1000)},
		file{name: "b_2_21_B.java", data: noise(1000)},
		file{name: "b_2_22_C.java", data: noise(1000)},
		file{name: "c_3_30_A.java", data: noise(500)},
	))
	lim := Limits{Student: submission.Limits{Files: 2, FileBytes: 1000, Bytes: 2000, Ratio: 10}, Entries: 6, Bytes: 10000}
	subs, _, err := Read(p, lim)
	if err != nil {
		t.Fatal(err)
	}
	// One student over the limits spoils only their own submission.
	got := rows(subs)
	if len(got) != 3 || got[0].problem != "" || got[1].problem != "more than 2 files" || got[2].problem != "" {
		t.Errorf("per student limits: %+v", got)
	}
	lim.Entries = 5
	if _, _, err := Read(p, lim); !errors.Is(err, ErrTooBig) || !strings.Contains(err.Error(), "6 entries, more than the 5 a download may have") {
		t.Errorf("too many entries: %v", err)
	}
	lim.Entries, lim.Bytes = 6, 2499
	if _, _, err := Read(p, lim); !errors.Is(err, ErrTooBig) || !strings.Contains(err.Error(), "more than 2499 bytes in all") {
		t.Errorf("too many bytes: %v", err)
	}
}

func TestDiscover(t *testing.T) {
	dir := t.TempDir()
	dl := filepath.Join(dir, "submissions.zip")
	os.WriteFile(dl, makeZip(t, file{name: "alicesmith_1001_50001_EightQueen.java", data: "a"}, file{name: "bob_2_3_EightQueen.java", data: "b"}), 0o644)
	again := filepath.Join(dir, "again.zip")
	os.WriteFile(again, makeZip(t, file{name: "bob_2_4_EightQueen.java", data: "b2"}), 0o644)
	batch := filepath.Join(dir, "batch")
	os.MkdirAll(filepath.Join(batch, "carol"), 0o755)
	os.WriteFile(filepath.Join(batch, "carol", "EightQueen.java"), []byte("c"), 0o644)
	os.WriteFile(filepath.Join(batch, "dave.zip"), makeZip(t, file{name: "hw4/EightQueen.java", data: "d"}), 0o644)

	subs, warnings, err := Discover([]string{dl, batch, again}, []string{".java"}, DefaultLimits)
	if err != nil || len(warnings) != 0 {
		t.Fatal(err, warnings)
	}
	var ids []string
	for _, s := range subs {
		ids = append(ids, s.ID+"="+string(s.Files[0].Data))
	}
	want := []string{"alicesmith_1001=a", "bob_2=b", "carol=c", "dave=d", "bob_2-2=b2"}
	if !reflect.DeepEqual(ids, want) {
		t.Errorf("Discover: %q, want %q", ids, want)
	}
	// A folder named with a leading dot is not graded, and a warning says so.
	os.MkdirAll(filepath.Join(batch, ".erin"), 0o755)
	if _, warnings, err := Discover([]string{batch}, []string{".java"}, DefaultLimits); err != nil ||
		!reflect.DeepEqual(warnings, []string{"not graded: " + filepath.Join(batch, ".erin") + ": a name that starts with a dot is not taken for a submission; rename it to grade it"}) {
		t.Errorf("a dot folder: warnings %q, err %v", warnings, err)
	}
	if _, _, err := Discover([]string{dl, filepath.Join(dir, "nowhere")}, nil, DefaultLimits); !errors.Is(err, submission.ErrNotFound) {
		t.Errorf("a missing input: %v", err)
	}
	// A download over the limits is an error, not one huge submission.
	small := DefaultLimits
	small.Entries = 1
	if _, _, err := Discover([]string{dl}, nil, small); !errors.Is(err, ErrTooBig) {
		t.Errorf("a download over the limits: %v", err)
	}
}
