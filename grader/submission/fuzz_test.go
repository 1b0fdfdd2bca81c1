package submission

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"
)

// FuzzReadZip: whatever the archive, readZip never panics, never returns a
// name that is absolute or has a ".." element (or any name fs.ValidPath
// refuses: every name is made UTF-8), and never returns more than the limits
// allow.
func FuzzReadZip(f *testing.F) {
	lim := Limits{Files: 20, FileBytes: 4 << 10, Bytes: 16 << 10, Ratio: 50}
	nested := makeZip(f, entry{name: "hw4/EightQueen.java", data: src})
	for _, z := range [][]byte{
		makeZip(f, entry{name: "hw4/"}, entry{name: "hw4/EightQueen.java", data: src}, entry{name: "__MACOSX/._x", data: "x"}),
		makeZip(f, entry{name: "hw4.zip", data: string(nested)}, entry{name: ".DS_Store", data: "x"}),
		makeZip(f, entry{name: "../evil", data: "x"}, entry{name: "/abs", data: "x"}, entry{name: "a\\..\\b", data: "x"}),
		makeZip(f, entry{name: "link", data: "/etc/passwd", mode: fs.ModeSymlink | 0o777}),
		makeZip(f, entry{name: "caf\xe9\x00.java", data: strings.Repeat("a", 4000)}),
		makeZip(f, entry{name: "caf\xe9/\xff\xfe.java", data: src}, entry{name: "hw4.zip", data: string(makeZip(f, entry{name: "\x81/EightQueen.java", data: src}))}),
		makeZip(f),
		[]byte("PK\x03\x04"),
	} {
		f.Add(z)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		files, err := readZip(bytes.NewReader(data), int64(len(data)), &budget{lim: lim}, "")
		if err != nil {
			if len(files) != 0 {
				t.Fatalf("%d files with the error %v", len(files), err)
			}
			return
		}
		if len(files) > lim.Files {
			t.Fatalf("%d files, limit %d", len(files), lim.Files)
		}
		total := 0
		for _, f := range files {
			total += len(f.Data)
			if !fs.ValidPath(f.Name) || strings.ContainsAny(f.Name, "\\\x00") || (len(f.Name) > 1 && f.Name[1] == ':') {
				t.Fatalf("unsafe name %q", f.Name)
			}
			for _, part := range strings.Split(f.Name, "/") {
				if part == "" || part == ".." || part == "." || junk(part) {
					t.Fatalf("name %q has the element %q", f.Name, part)
				}
			}
			if int64(len(f.Data)) > lim.FileBytes {
				t.Fatalf("%q is %d bytes, limit %d", f.Name, len(f.Data), lim.FileBytes)
			}
		}
		if int64(total) > lim.Bytes {
			t.Fatalf("%d bytes in all, limit %d", total, lim.Bytes)
		}
	})
}
