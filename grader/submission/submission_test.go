package submission

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
)

// entry is one member of a zip built by makeZip.
type entry struct {
	name string
	data string
	mode fs.FileMode // 0: a regular file
}

// makeZip builds an archive in memory; entries named with a trailing "/"
// are folders.
func makeZip(t testing.TB, entries ...entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate}
		h.Modified = time.Date(2025, 3, 4, 12, 0, 0, 0, time.UTC)
		if e.mode != 0 {
			h.SetMode(e.mode)
		}
		f, err := w.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte(e.data)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// writeTree writes files (slash names) under a new temporary folder.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// names lists a submission's files as "name=data".
func names(s Submission) []string {
	out := []string{}
	for _, f := range s.Files {
		out = append(out, f.Name+"="+string(f.Data))
	}
	return out
}

const src = "public class EightQueen {}\n"

func TestLoad(t *testing.T) {
	nested := makeZip(t, entry{name: "hw4/", data: ""}, entry{name: "hw4/EightQueen.java", data: "inner"})
	tests := []struct {
		name    string
		files   map[string]string // written under a temporary folder
		load    string            // the path loaded, relative to it
		id      string
		want    []string // name=data
		problem string   // a substring of Problem, when it is set
	}{
		{name: "folder", files: map[string]string{"alice/EightQueen.java": src, "alice/src/Helper.java": "h"},
			load: "alice", id: "alice", want: []string{"EightQueen.java=" + src, "src/Helper.java=h"}},
		{name: "folder-dotfiles", files: map[string]string{
			"bob/EightQueen.java": "e", "bob/.DS_Store": "x", "bob/.git/HEAD": "ref", "bob/__MACOSX/._EightQueen.java": "junk", "bob/.idea/": ""},
			load: "bob", id: "bob", want: []string{"EightQueen.java=e"}},
		{name: "single-file", files: map[string]string{"EightQueen.java": src}, load: "EightQueen.java", id: "EightQueen", want: []string{"EightQueen.java=" + src}},
		{name: "zip", files: map[string]string{"carol.zip": string(makeZip(t,
			entry{name: "hw4/"}, entry{name: "hw4/EightQueen.java", data: "e"}, entry{name: "hw4/Board.java", data: "b"}))},
			load: "carol.zip", id: "carol", want: []string{"hw4/Board.java=b", "hw4/EightQueen.java=e"}},
		{name: "zip-upper-case-extension", files: map[string]string{"dan.ZIP": string(makeZip(t, entry{name: "EightQueen.java", data: "e"}))},
			load: "dan.ZIP", id: "dan", want: []string{"EightQueen.java=e"}},
		{name: "zip-skips-junk", files: map[string]string{"erin.zip": string(makeZip(t,
			entry{name: "EightQueen.java", data: "e"}, entry{name: "__MACOSX/._EightQueen.java", data: "junk"},
			entry{name: ".DS_Store", data: "x"}, entry{name: "hw4/.gitignore", data: "x"}, entry{name: ".git/config", data: "x"},
			entry{name: "./Helper.java", data: "h"}, entry{name: "a//b.java", data: "ab"}))},
			load: "erin.zip", id: "erin", want: []string{"EightQueen.java=e", "Helper.java=h", "a/b.java=ab"}},
		{name: "windows-names", files: map[string]string{"fay.zip": string(makeZip(t, entry{name: "hw4\\EightQueen.java", data: "e"}))},
			load: "fay.zip", id: "fay", want: []string{"hw4/EightQueen.java=e"}},
		{name: "nested-zip", files: map[string]string{"gus.zip": string(makeZip(t, entry{name: "hw4.zip", data: string(nested)}, entry{name: "README.txt", data: "r"}))},
			load: "gus.zip", id: "gus", want: []string{"README.txt=r", "hw4.zip/hw4/EightQueen.java=inner"}},
		{name: "zip-in-folder", files: map[string]string{"hal/hw4.zip": string(nested), "hal/notes.txt": "n"},
			load: "hal", id: "hal", want: []string{"hw4.zip/hw4/EightQueen.java=inner", "notes.txt=n"}},
		{name: "nested-twice-kept-as-file", files: map[string]string{"ivy.zip": string(makeZip(t, entry{name: "a.zip", data: string(makeZip(t, entry{name: "b.zip", data: string(nested)}))}))},
			load: "ivy.zip", id: "ivy", want: []string{"a.zip/b.zip=" + string(nested)}},
		{name: "non-utf8-name", files: map[string]string{"jon.zip": string(makeZip(t, entry{name: "EightQueen.java", data: "e"}, entry{name: "caf\xe9/\xff.java", data: "x"}))},
			load: "jon.zip", id: "jon", want: []string{"EightQueen.java=e", "caf%E9/%FF.java=x"}},
		{name: "non-utf8-folder", files: map[string]string{"k\xe9n/EightQueen.java": "e", "k\xe9n/caf\xe9.txt": "x"},
			load: "k\xe9n", id: "k%E9n", want: []string{"EightQueen.java=e", "caf%E9.txt=x"}},
		{name: "non-utf8-file", files: map[string]string{"caf\xe9.java": "x"}, load: "caf\xe9.java", id: "caf%E9", want: []string{"caf%E9.java=x"}},
		{name: "zip-duplicate-entries", files: map[string]string{"lee.zip": string(makeZip(t, entry{name: "hw/sum.c", data: "bad"}, entry{name: "hw/x.c", data: "x"}, entry{name: "hw/./sum.c", data: "good"}))},
			load: "lee.zip", id: "lee", want: []string{"hw/sum.c=good", "hw/x.c=x"}},
		{name: "empty-zip", files: map[string]string{"kim.zip": string(makeZip(t))}, load: "kim.zip", id: "kim", want: []string{}},

		{name: "zip-slip", files: map[string]string{"z.zip": string(makeZip(t, entry{name: "EightQueen.java", data: "e"}, entry{name: "../../etc/cron.d/evil", data: "x"}))},
			load: "z.zip", id: "z", problem: "zip-slip"},
		{name: "zip-slip-inside", files: map[string]string{"z.zip": string(makeZip(t, entry{name: "hw4/../../evil.java", data: "x"}))},
			load: "z.zip", id: "z", problem: "zip-slip"},
		{name: "zip-slip-backslash", files: map[string]string{"z.zip": string(makeZip(t, entry{name: "..\\evil.java", data: "x"}))},
			load: "z.zip", id: "z", problem: "zip-slip"},
		{name: "zip-slip-nested", files: map[string]string{"z.zip": string(makeZip(t, entry{name: "hw4.zip", data: string(makeZip(t, entry{name: "../evil.java", data: "x"}))}))},
			load: "z.zip", id: "z", problem: "zip-slip"},
		{name: "absolute", files: map[string]string{"z.zip": string(makeZip(t, entry{name: "/etc/passwd", data: "x"}))},
			load: "z.zip", id: "z", problem: "absolute path"},
		{name: "absolute-drive", files: map[string]string{"z.zip": string(makeZip(t, entry{name: "C:\\Windows\\evil.java", data: "x"}))},
			load: "z.zip", id: "z", problem: "absolute path"},
		{name: "symlink-entry", files: map[string]string{"z.zip": string(makeZip(t, entry{name: "EightQueen.java", data: "/etc/passwd", mode: fs.ModeSymlink | 0o777}))},
			load: "z.zip", id: "z", problem: "symbolic link"},
		{name: "corrupt", files: map[string]string{"z.zip": "PK\x03\x04 this is not a zip"}, load: "z.zip", id: "z", problem: "not a readable zip archive"},
		{name: "truncated", files: map[string]string{"z.zip": string(makeZip(t, entry{name: "EightQueen.java", data: src})[:40])}, load: "z.zip", id: "z", problem: "not a readable zip archive"},
		{name: "nested-corrupt", files: map[string]string{"z.zip": string(makeZip(t, entry{name: "hw4.zip", data: "garbage"}))}, load: "z.zip", id: "z", problem: `zip entry "hw4.zip": not a readable zip archive`},
		{name: "missing", files: map[string]string{}, load: "nothing.zip", id: "nothing", problem: "no such file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := writeTree(t, tc.files)
			p := filepath.Join(root, tc.load)
			s := Load(p, DefaultLimits)
			if s.ID != tc.id || s.Source != p {
				t.Errorf("id %q source %q, want %q %q", s.ID, s.Source, tc.id, p)
			}
			if tc.problem != "" {
				if !strings.Contains(s.Problem, tc.problem) || len(s.Files) != 0 {
					t.Errorf("problem %q with %d files, want one mentioning %q and none", s.Problem, len(s.Files), tc.problem)
				}
				return
			}
			if s.Problem != "" {
				t.Fatalf("problem %q", s.Problem)
			}
			if got := names(s); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("files\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

func TestLoadCorruptEntry(t *testing.T) {
	data := makeZip(t, entry{name: "EightQueen.java", data: strings.Repeat("class EightQueen {}\n", 50)})
	// Flip a byte of the compressed data, just before the data descriptor:
	// the CRC (or the inflater) notices.
	i := bytes.Index(data, []byte("PK\x07\x08")) - 3
	data[i] ^= 0xff
	root := writeTree(t, map[string]string{"z.zip": string(data)})
	if s := Load(filepath.Join(root, "z.zip"), DefaultLimits); s.Problem == "" || len(s.Files) != 0 {
		t.Errorf("a corrupt entry gave %q, problem %q", names(s), s.Problem)
	}
}

func TestLoadSymlinksInFolder(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(secret, []byte("the grader's secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	root := writeTree(t, map[string]string{"sub/EightQueen.java": "e"})
	if err := os.Symlink(secret, filepath.Join(root, "sub", "Helper.java")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink(filepath.Dir(secret), filepath.Join(root, "sub", "linked")); err != nil {
		t.Fatal(err)
	}
	s := Load(filepath.Join(root, "sub"), DefaultLimits)
	if got, want := names(s), []string{"EightQueen.java=e"}; s.Problem != "" || !reflect.DeepEqual(got, want) {
		t.Errorf("got %q (problem %q), want %q: links are not followed", got, s.Problem, want)
	}
}

func TestLimits(t *testing.T) {
	lim := Limits{Files: 3, FileBytes: 1000, Bytes: 2500, Ratio: 10}
	big := strings.Repeat("x", 1001)
	// Random hex digits compress about two to one: the ratio limit stays
	// out of the way, and a zip of them stays under the total.
	noise := func(n int) string {
		b := make([]byte, n)
		x := uint32(1)
		for i := range b {
			x = x*1664525 + 1013904223
			b[i] = "0123456789abcdef"[x>>28]
		}
		return string(b)
	}
	tests := []struct {
		name    string
		files   map[string]string
		load    string
		problem string // "" when it loads
	}{
		{"folder-ok", map[string]string{"s/a": noise(1000), "s/b": noise(1000), "s/c": noise(500)}, "s", ""},
		{"folder-file-too-big", map[string]string{"s/a": big}, "s", "a is 1001 bytes, larger than the 1000 bytes one file may have"},
		{"folder-too-many", map[string]string{"s/a": "", "s/b": "", "s/c": "", "s/d": ""}, "s", "more than 3 files"},
		{"folder-too-much", map[string]string{"s/a": noise(1000), "s/b": noise(1000), "s/c": noise(501)}, "s", "more than 2500 bytes in all"},
		{"single-too-big", map[string]string{"A.java": big}, "A.java", "A.java is larger than 1000 bytes"},
		{"zip-ok", map[string]string{"s.zip": string(makeZip(t, entry{name: "a", data: noise(1000)}, entry{name: "b", data: noise(1000)}, entry{name: "c", data: noise(500)}))}, "s.zip", ""},
		{"zip-file-too-big", map[string]string{"s.zip": string(makeZip(t, entry{name: "a", data: noise(1001)}))}, "s.zip", `zip entry "a" is 1001 bytes, larger than the 1000 bytes one file may have`},
		{"zip-too-many", map[string]string{"s.zip": string(makeZip(t, entry{name: "a"}, entry{name: "b"}, entry{name: "c"}, entry{name: "d"}))}, "s.zip", "more than 3 files"},
		{"zip-too-much", map[string]string{"s.zip": string(makeZip(t, entry{name: "a", data: noise(1000)}, entry{name: "b", data: noise(1000)}, entry{name: "c", data: noise(501)}))}, "s.zip", "more than 2500 bytes in all"},
		{"zip-too-big-to-open", map[string]string{"s.zip": noise(2501)}, "s.zip", "larger than 2500 bytes"},
		{"zip-ratio", map[string]string{"s.zip": string(makeZip(t, entry{name: "a", data: strings.Repeat("a", 1000)}))}, "s.zip", "zip bomb"},
		// Skipped entries cost nothing.
		{"zip-junk-free", map[string]string{"s.zip": string(makeZip(t, entry{name: "__MACOSX/x", data: big}, entry{name: ".x", data: big}, entry{name: "d/"}, entry{name: "a", data: noise(10)}))}, "s.zip", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := writeTree(t, tc.files)
			s := Load(filepath.Join(root, tc.load), lim)
			if tc.problem == "" && s.Problem != "" || !strings.Contains(s.Problem, tc.problem) {
				t.Errorf("problem %q, want %q", s.Problem, tc.problem)
			}
		})
	}
}

// bomb is a real deflate stream that inflates to n MiB of zeros, built
// without ever holding them: one MiB compressed once, its blocks repeated.
func bomb(t testing.TB, n int) (compressed []byte, crc uint32) {
	var one bytes.Buffer
	fw, _ := flate.NewWriter(&one, flate.BestCompression)
	mib := make([]byte, 1<<20)
	fw.Write(mib)
	fw.Flush() // ends on a byte boundary, with no final block
	var out bytes.Buffer
	for range n {
		out.Write(one.Bytes())
		crc = crc32.Update(crc, crc32.IEEETable, mib)
	}
	out.Write([]byte{0x01, 0x00, 0x00, 0xff, 0xff}) // a final empty stored block
	return out.Bytes(), crc
}

// rawZip stores a prepared deflate stream with the sizes its header claims.
func rawZip(t testing.TB, name string, compressed []byte, crc uint32, claimed uint64) []byte {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	f, err := w.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, CRC32: crc,
		CompressedSize64: uint64(len(compressed)), UncompressedSize64: claimed})
	if err != nil {
		t.Fatal(err)
	}
	f.Write(compressed)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestZipBomb: an entry that unpacks to a GiB is refused from its header,
// before a byte of it is inflated.
func TestZipBomb(t *testing.T) {
	gib, crc := bomb(t, 1024)
	if len(gib) > 4<<20 {
		t.Fatalf("the bomb is %d bytes compressed", len(gib))
	}
	lim := DefaultLimits
	lim.FileBytes, lim.Bytes = 2<<30, 4<<30 // only the ratio stands in the way
	tests := []struct {
		name    string
		zip     []byte
		lim     Limits
		problem string
	}{
		{"ratio", rawZip(t, "EightQueen.java", gib, crc, 1<<30), DefaultLimits,
			`zip entry "EightQueen.java" unpacks to 1 GiB, 1011 times its packed size (at most 200 allowed): refused as a zip bomb`},
		{"ratio-under-big-limits", rawZip(t, "EightQueen.java", gib, crc, 1<<30), lim, "refused as a zip bomb"},
		{"header-size", rawZip(t, "EightQueen.java", gib, crc, 1<<30), Limits{Files: 10, FileBytes: 8 << 20, Bytes: 32 << 20, Ratio: 1 << 20},
			`zip entry "EightQueen.java" is 1 GiB, larger than the 8 MiB one file may have`},
		// A header that claims little gets no more than it claims.
		{"lying-header", rawZip(t, "EightQueen.java", gib, crc, 1000), DefaultLimits, "EightQueen.java"},
		{"total", func() []byte {
			small, crc := bomb(t, 5) // 5 MiB each: under the file limit, the 7th over the total
			var buf bytes.Buffer
			w := zip.NewWriter(&buf)
			for _, name := range []string{"a", "b", "c", "d", "e", "f", "g"} {
				f, _ := w.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, CRC32: crc, CompressedSize64: uint64(len(small)), UncompressedSize64: 5 << 20})
				f.Write(small)
			}
			w.Close()
			return buf.Bytes()
		}(), Limits{Files: 100, FileBytes: 8 << 20, Bytes: 32 << 20, Ratio: 1 << 20}, "more than 32 MiB in all"},
		{"nested", makeZip(t, entry{name: "hw4.zip", data: string(rawZip(t, "EightQueen.java", gib, crc, 1<<30))}), DefaultLimits, "hw4.zip"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := writeTree(t, map[string]string{"bomb.zip": string(tc.zip)})
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			s := Load(filepath.Join(root, "bomb.zip"), tc.lim)
			runtime.ReadMemStats(&after)
			if !strings.Contains(s.Problem, tc.problem) || len(s.Files) != 0 {
				t.Errorf("problem %q, want one mentioning %q", s.Problem, tc.problem)
			}
			// Reading the zip itself costs a few MiB; inflating would cost a
			// GiB. ("total" rightly inflates the entries it takes in.)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 && tc.name != "total" {
				t.Errorf("loading allocated %d MiB: the bomb was inflated", alloc>>20)
			}
		})
	}
}

func TestDiscover(t *testing.T) {
	zipped := string(makeZip(t, entry{name: "EightQueen.java", data: "z"}))
	root := writeTree(t, map[string]string{
		"batch/alice/EightQueen.java":   "a",
		"batch/alice.zip":               zipped, // the same ID as the folder: keeps its extension
		"batch/bob.java":                "b",
		"batch/bob.zip":                 zipped,
		"batch/carl.zip":                "not a zip",
		"batch/dora.ZIP":                zipped,
		"batch/.hidden/EightQueen.java": "h",
		"batch/..dots/EightQueen.java":  "h",
		"batch/.late.java":              "h",
		"batch/.git/config":             "x",
		"batch/.cache/EightQueen.java":  "h",
		"batch/.autograder/rubric.toml": "x",
		"batch/.DS_Store":               "x",
		"batch/grades.csv":              "x",
		"batch/__MACOSX/._bob.zip":      "x",
		"batch/empty/":                  "",
		"more/alice/EightQueen.java":    "a2",
		"more/alice.java":               "a3",
		"one.zip":                       zipped,
		"Two.java":                      "t",
	})
	in := func(p string) string { return filepath.Join(root, p) }
	subs, err := Discover([]string{in("batch"), in("more"), in("one.zip"), in("Two.java")}, []string{".java"}, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	type row struct{ id, source, problem string }
	var got []row
	for _, s := range subs {
		p := ""
		if s.Problem != "" {
			p = "problem"
		}
		rel, _ := filepath.Rel(root, s.Source)
		got = append(got, row{s.ID, filepath.ToSlash(rel), p})
	}
	want := []row{
		{"alice", "batch/alice", ""},
		{"alice.zip", "batch/alice.zip", ""},
		{"bob", "batch/bob.java", ""},
		{"bob.zip", "batch/bob.zip", ""},
		{"carl", "batch/carl.zip", "problem"},
		{"dora", "batch/dora.ZIP", ""},
		{"empty", "batch/empty", ""},
		{"alice-2", "more/alice", ""},
		{"alice.java", "more/alice.java", ""},
		{"one", "one.zip", ""},
		{"Two", "Two.java", ""},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Discover:\n got %v\nwant %v", got, want)
	}

	// What a leading dot left out, but a tool's folder (.git, .autograder)
	// that holds no source file at its top (a .cache that does is told), to be told.
	_, skipped, err := DiscoverSkipped([]string{in("batch"), in("more")}, []string{".java"}, DefaultLimits)
	if want := []string{in("batch/..dots"), in("batch/.cache"), in("batch/.hidden"), in("batch/.late.java")}; err != nil || !reflect.DeepEqual(skipped, want) {
		t.Errorf("DiscoverSkipped skipped %q (err %v), want %q", skipped, err, want)
	}

	// The same inputs give the same IDs.
	again, err := Discover([]string{in("batch"), in("more"), in("one.zip"), in("Two.java")}, []string{".java"}, DefaultLimits)
	if err != nil || !reflect.DeepEqual(again, subs) {
		t.Errorf("a second Discover differs (err %v)", err)
	}

	if _, err := Discover([]string{in("batch"), in("nowhere")}, nil, DefaultLimits); !errors.Is(err, ErrNotFound) {
		t.Errorf("a missing input: %v, want ErrNotFound", err)
	}
}

// TestDiscoverNoSubmissions: an input that holds no submission is an
// error naming it, never a batch of one empty submission.
func TestDiscoverNoSubmissions(t *testing.T) {
	root := writeTree(t, map[string]string{
		"empty.zip":               string(makeZip(t)),
		"folders-only.zip":        string(makeZip(t, entry{name: "hw4/", data: ""})),
		"notes.txt":               "not a zip",
		"fake.zip":                "not a zip either",
		"junk/.DS_Store":          "x",
		"junk/grades.csv":         "x",
		"nothing/":                "",
		"batch/a/EightQueen.java": "a",
	})
	in := func(p string) string { return filepath.Join(root, p) }
	for _, tc := range []struct{ input, want string }{
		{"empty.zip", "empty.zip: an empty zip archive: no submissions in it"},
		{"folders-only.zip", "folders-only.zip: an empty zip archive: no submissions in it"},
		{"notes.txt", "notes.txt: not a folder, a zip archive or a source file (zip: not a valid zip file): no submissions in it"},
		{"fake.zip", "fake.zip: not a folder, a zip archive or a source file (zip: not a valid zip file): no submissions in it"},
		{"junk", "junk: no submissions in it (no sub-folder, zip or .java file)"},
		{"nothing", "nothing: no submissions in it (no sub-folder, zip or .java file)"},
	} {
		t.Run(tc.input, func(t *testing.T) {
			subs, err := Discover([]string{in("batch"), in(tc.input)}, []string{".java"}, DefaultLimits)
			if !errors.Is(err, ErrNoSubmissions) || subs != nil {
				t.Fatalf("got %d submissions, error %v; want ErrNoSubmissions", len(subs), err)
			}
			if got := strings.TrimPrefix(err.Error(), root+string(filepath.Separator)); got != tc.want {
				t.Errorf("error %q, want %q", got, tc.want)
			}
		})
	}
}

func TestUniqueIDs(t *testing.T) {
	subs := []Submission{
		{ID: "a", Source: "x/a"}, {ID: "a", Source: "x/a.zip"}, {ID: "a", Source: "y/a.zip"}, {ID: "a", Source: "z/a"},
		{ID: "a-2", Source: "z/a-2"}, {ID: "b", Source: "b.java"},
	}
	UniqueIDs(subs)
	var got []string
	for _, s := range subs {
		got = append(got, s.ID)
	}
	seen := map[string]bool{}
	for _, id := range got {
		if seen[id] {
			t.Errorf("ID %q given twice: %v", id, got)
		}
		seen[id] = true
	}
	if want := []string{"a", "a.zip", "a-2", "a-3", "a-2-2", "b"}; !reflect.DeepEqual(got, want) {
		t.Errorf("IDs %v, want %v", got, want)
	}
}

func TestSafeName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"EightQueen.java", "EightQueen.java"},
		{"./hw4/./EightQueen.java", "hw4/EightQueen.java"},
		{"hw4\\src\\EightQueen.java", "hw4/src/EightQueen.java"},
		{"a..b/c..", "a..b/c.."},
		{"..", ""}, {"../a", ""}, {"a/../../b", ""}, {"a/..", ""}, {"a\\..\\..\\b", ""},
		{"a\x00b", ""}, {"/a", ""}, {"\\a", ""}, {"C:/a", ""}, {"c:a", ""}, {".", ""}, {"./", ""}, {"", ""},
	} {
		got, err := safeName(tc.in)
		if got != tc.want || (err != nil) != (tc.want == "") {
			t.Errorf("safeName(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

// TestLoadEntries: entries gathered from elsewhere (a Canvas download) are
// read with Load's checks, under one budget for all of them.
func TestLoadEntries(t *testing.T) {
	nested := makeZip(t, entry{name: "hw4/EightQueen.java", data: "inner"}, entry{name: "hw4/deeper.zip", data: "not unpacked"})
	slip := makeZip(t, entry{name: "hw4/../../evil.java", data: "x"})
	gib, crc := bomb(t, 1024)
	download := makeZip(t,
		entry{name: "s_1_10_EightQueen.java", data: "e"},
		entry{name: "s_1_11_hw4.zip", data: string(nested)},
		entry{name: "s_1_12_slip.zip", data: string(slip)},
		entry{name: "s_1_13_link", data: "/etc/passwd", mode: fs.ModeSymlink | 0o777},
		entry{name: "s_1_14_.DS_Store", data: "x"},
	)
	zr, err := zip.NewReader(bytes.NewReader(download), int64(len(download)))
	if err != nil {
		t.Fatal(err)
	}
	bz, err := zip.NewReader(bytes.NewReader(rawZip(t, "s_1_15_EightQueen.java", gib, crc, 1<<30)), int64(len(rawZip(t, "s_1_15_EightQueen.java", gib, crc, 1<<30))))
	if err != nil {
		t.Fatal(err)
	}
	e := func(i int, name string) Entry { return ZipEntry(zr.File[i], name) }
	failing := Entry{Name: "x", Size: 1, Open: func() (io.ReadCloser, error) { return nil, errors.New("disk on fire") }}
	liar := Entry{Name: "liar.java", Label: `file "liar.java"`, Size: 1, Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("longer")), nil }}
	tests := []struct {
		name    string
		entries []Entry
		lim     Limits
		want    []string
		problem string // the whole Problem
	}{
		{"renamed", []Entry{e(0, "EightQueen.java")}, DefaultLimits, []string{"EightQueen.java=e"}, ""},
		{"nested-one-level", []Entry{e(1, "hw4.zip"), e(0, "EightQueen.java")}, DefaultLimits,
			[]string{"EightQueen.java=e", "hw4.zip/hw4/EightQueen.java=inner", "hw4.zip/hw4/deeper.zip=not unpacked"}, ""},
		{"junk-skipped", []Entry{e(4, ".DS_Store"), e(0, "EightQueen.java")}, DefaultLimits, []string{"EightQueen.java=e"}, ""},
		{"none", nil, DefaultLimits, []string{}, ""},
		{"nested-slip", []Entry{e(0, "EightQueen.java"), e(2, "hw4.zip")}, DefaultLimits, nil,
			`zip entry "s_1_12_slip.zip": zip entry "hw4/../../evil.java" climbs out of the archive with ".." (zip-slip)`},
		{"slip-name", []Entry{e(0, "../EightQueen.java")}, DefaultLimits, nil,
			`zip entry "s_1_10_EightQueen.java" climbs out of the archive with ".." (zip-slip)`},
		{"absolute-name", []Entry{e(0, "/tmp/EightQueen.java")}, DefaultLimits, nil,
			`zip entry "s_1_10_EightQueen.java" has an absolute path`},
		{"link", []Entry{e(3, "link")}, DefaultLimits, nil, `zip entry "s_1_13_link" is a symbolic link`},
		{"bomb", []Entry{e(0, "A.java"), ZipEntry(bz.File[0], "EightQueen.java")}, DefaultLimits, nil,
			`zip entry "s_1_15_EightQueen.java" unpacks to 1 GiB, 1011 times its packed size (at most 200 allowed): refused as a zip bomb`},
		{"files-across-entries", []Entry{e(0, "A.java"), e(0, "B.java"), e(1, "hw4.zip")}, Limits{Files: 3, FileBytes: 1000, Bytes: 10000, Ratio: 100}, nil,
			`zip entry "s_1_11_hw4.zip": more than 3 files`},
		{"open-fails", []Entry{failing}, DefaultLimits, nil, `"x": disk on fire`},
		{"size-lies", []Entry{liar}, DefaultLimits, nil, `file "liar.java" is not the size its header says`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := LoadEntries("s_1", "d.zip/s_1", tc.entries, tc.lim)
			if s.ID != "s_1" || s.Source != "d.zip/s_1" {
				t.Errorf("id %q source %q", s.ID, s.Source)
			}
			if s.Problem != tc.problem {
				t.Errorf("problem %q, want %q", s.Problem, tc.problem)
			}
			if got := names(s); tc.problem == "" && !reflect.DeepEqual(got, tc.want) || tc.problem != "" && len(s.Files) != 0 {
				t.Errorf("files %q, want %q", got, tc.want)
			}
		})
	}
}

func TestUTF8Name(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"EightQueen.java", "EightQueen.java"}, {"café/ü.java", "café/ü.java"}, {"caf\xe9.txt", "caf%E9.txt"},
		{"\xff\xfe/a", "%FF%FE/a"}, {"a\xe2\x82", "a%E2%82"}, {"100%.txt", "100%.txt"},
	} {
		if got := utf8Name(tc.in); got != tc.want {
			t.Errorf("utf8Name(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestLoadDuplicateNote: a name an archive holds twice is built from its
// last copy, and the submission says so.
func TestLoadDuplicateNote(t *testing.T) {
	dir := writeTree(t, map[string]string{"lee.zip": string(makeZip(t, entry{name: "sum.c", data: "bad"}, entry{name: "sum.c", data: "good"}))})
	s := Load(filepath.Join(dir, "lee.zip"), DefaultLimits)
	if len(s.Files) != 1 || string(s.Files[0].Data) != "good" || len(s.Skipped) != 1 || !strings.Contains(s.Skipped[0], "sum.c is in the archive 2 times: built its last copy") {
		t.Errorf("files %v, notes %q", s.Files, s.Skipped)
	}
}
