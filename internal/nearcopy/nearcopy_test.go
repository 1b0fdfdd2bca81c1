package nearcopy

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"
)

// secretTest is a hidden test long enough to be looked for inside other
// texts.
const secretTest = "def test_hidden():\n    assert mean([1, 2, 3]) == 2\n    assert mean([4]) == 4\n"

func TestCanon(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a\nb\n", "a\nb\n"},
		{"a\r\nb\r\n", "a\nb\n"},
		{"a\rb", "a\nb\n"},
		{"\xef\xbb\xbfa  \t\n\n\n  b\n\n", "a\nb\n"},
		{" \r\n\t\n", ""},
		{"\tif x:\n\t\treturn  a +\t\vb\n", "if x:\nreturn a + b\n"},
		{"\xff\xfea\x00\n\x00\xe9\x00\x3d\xd8\x00\xde", "a\n\u00e9\U0001f600\n"}, // UTF-16LE, a surrogate pair
		{"\xfe\xff\x00a\x00\r\x00\n\x00b", "a\nb\n"},                             // UTF-16BE
		{"\xff\xfe\x00\x00a\x00\x00\x00\n\x00\x00\x00", "a\n"},                   // UTF-32LE
		{"\xfe\x00a", "\xfe\x00a\n"},                                             // no BOM it knows: bytes as they are

		{"", ""},
	} {
		if got := string(Canon([]byte(tc.in))); got != tc.want {
			t.Errorf("Canon(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestMatch: near-copies of a secret are found, whole or inside a larger
// text; honest texts (a starter sharing a few lines, a piece too short
// to tell) are not.
func TestMatch(t *testing.T) {
	var s Set
	s.Add("hidden.py", []byte(secretTest))
	s.Add("short.case", []byte("40 2\n42\n"))
	s.AddPiece("hidden-01 input", []byte("1000000 999999 123456\n"))
	s.AddPiece("hidden-01 output", []byte("42\n"))
	for _, tc := range []struct {
		name, data, want string
	}{
		{"the same bytes", secretTest, "hidden.py"},
		{"CRLF", strings.ReplaceAll(secretTest, "\n", "\r\n"), "hidden.py"},
		{"a BOM and trailing blanks", "\xef\xbb\xbf" + strings.ReplaceAll(secretTest, "\n", "  \n") + "\n\n", "hidden.py"},
		{"inside another file", "import math\n\n" + secretTest + "\nprint(1)\n", "hidden.py"},
		{"indented inside another file", "class X:\n" + strings.ReplaceAll("\n"+secretTest, "\n", "\n        "), "hidden.py"},
		{"commented out with # , inside a helper", "import stats\n\n" + commented(secretTest, "# ") + "def helper():\n    pass\n", "hidden.py"},
		{"commented out with # alone", commented(secretTest, "#"), "hidden.py"},
		{"commented out with //, indented", commented(secretTest, "    // "), "hidden.py"},
		{"commented out with -- ", commented(secretTest, "-- "), "hidden.py"},
		{"in a block comment, each line starred", "/*\n" + commented(secretTest, " * ") + " */\n", "hidden.py"},
		{"in a block comment on its first and last lines", "/* " + strings.TrimSuffix(secretTest, "\n") + " */\n", "hidden.py"},
		{"in an HTML comment", "<!--\n" + secretTest + "-->\n", "hidden.py"},
		{"a short secret whole, commented", "# 40 2\n# 42\n", "short.case"},
		{"tabs for spaces", strings.ReplaceAll(secretTest, "    ", "\t"), "hidden.py"},
		{"blanks inside lines", strings.ReplaceAll(secretTest, " ", "  "), "hidden.py"},
		{"UTF-16 with a BOM", utf16LE(secretTest), "hidden.py"},
		{"UTF-16 inside another file", utf16LE("import math\n" + secretTest), "hidden.py"},
		{"a short secret whole, CRLF", "40 2\r\n42\r\n", "short.case"},
		{"a piece whole", "1000000 999999 123456", "hidden-01 input"},
		{"honest: a short secret inside a text", "x\n40 2\n42\ny\n", ""},
		{"honest: a starter sharing lines", "def test_hidden():\n    pass\n", ""},
		{"honest: a helper sharing a few commented lines", "# def test_hidden():\n#     assert mean([1, 2, 3]) == 2\ndef helper():\n    pass\n", ""},
		{"honest: a piece too short to tell", "42\n", ""},
		{"honest: part of a line", "say " + secretTest, ""},
		{"honest: blank", " \r\n", ""},
	} {
		if got := s.Match([]byte(tc.data)); got != tc.want {
			t.Errorf("%s: Match = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// commented is text with prefix before each of its lines.
func commented(text, prefix string) string {
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "")
}

// TestUncommented: one comment marker comes off each line that has one;
// a line of data that merely starts with * or - keeps it.
func TestUncommented(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"# a\n#b\n// c\n//d\n", "a\nb\nc\nd\n"},
		{"/* a\n* b\nc */\n*/\n", "a\nb\nc\n"},
		{"<!-- a -->\n-- b\n; c\n% d\n", "a\nb\nc\nd\n"},
		{"# # a\n", "# a\n"},
		{"*****\n-1 -2\n--x\n;;\n%d\n", "*****\n-1 -2\n--x\n;;\n%d\n"},
		{"#\n//\n", ""},
	} {
		if got := string(Uncommented([]byte(tc.in))); got != tc.want {
			t.Errorf("Uncommented(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestForget: a secret a public text holds is no secret (a hidden case's
// input that a public case has too).
func TestForget(t *testing.T) {
	var s Set
	s.Add("hidden.py", []byte(secretTest))
	s.AddPiece("hidden input", []byte("1000000 999999 123456\n"))
	s.Forget([]byte("1000000 999999 123456\r\n"))
	s.Forget([]byte("# public\n" + secretTest))
	for _, data := range []string{"1000000 999999 123456\n", secretTest, "x\n" + secretTest} {
		if got := s.Match([]byte(data)); got != "" {
			t.Errorf("Match(%q) = %q after a public text had it", data, got)
		}
	}
}

// utf16LE is s in UTF-16, little-endian, with a byte-order mark.
func utf16LE(s string) string {
	b := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

func gz(data []byte) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

func tarOf(files ...string) []byte { // name, data, name, data...
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	for i := 0; i+1 < len(files); i += 2 {
		w.WriteHeader(&tar.Header{Name: files[i], Mode: 0o644, Size: int64(len(files[i+1])), Typeflag: tar.TypeReg, Format: tar.FormatUSTAR})
		w.Write([]byte(files[i+1]))
	}
	w.Close()
	return b.Bytes()
}

func zipOf(files ...string) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for i := 0; i+1 < len(files); i += 2 {
		f, _ := w.Create(files[i])
		f.Write([]byte(files[i+1]))
	}
	w.Close()
	return b.Bytes()
}

// TestWalk: the members of the archives it reads, nested ones too; an
// archive bomb stops the walk with ErrTooLarge, a broken archive with
// ErrUnreadable, a file compressed in a way it does not read (xz, zstd,
// 7z), whole or as a member, with ErrOpaque.
func TestWalk(t *testing.T) {
	big := gz(make([]byte, MaxExpanded+1))
	many := make([]string, 0, 2*(MaxMembers+1))
	for i := range MaxMembers + 1 {
		many = append(many, fmt.Sprint(i), "")
	}
	deep := []byte("x")
	for range MaxDepth + 1 {
		deep = gz(deep)
	}
	for _, tc := range []struct {
		name    string
		data    []byte
		members string // the members visited, comma separated
		err     error
	}{
		{"not an archive", []byte("hello\n"), "", nil},
		{"gzip", gz([]byte("a")), "-", nil},
		{"zip", zipOf("a.txt", "a", "d/b.txt", "b"), "a.txt,d/b.txt", nil},
		{"tar", tarOf("a.txt", "a"), "a.txt", nil},
		{"tar.gz", gz(tarOf("a.txt", "a", "b.txt", "b")), "-,-/a.txt,-/b.txt", nil},
		{"a zip in a tar", tarOf("in.zip", string(zipOf("x", "1"))), "in.zip,in.zip/x", nil},
		{"a gzip bomb", big, "", ErrTooLarge},
		{"too many members", zipOf(many...), "", ErrTooLarge},
		{"too deep", deep, "", ErrTooLarge},
		{"a broken gzip", gz([]byte("hello"))[:12], "", ErrUnreadable},
		{"xz", []byte("\xfd7zXZ\x00\x00\x04\xe6\xd6\xb4\x46"), "", ErrOpaque{"xz"}},
		{"an xz in a tar", tarOf("t.tar.xz", "\xfd7zXZ\x00\x00\x04"), "", ErrOpaque{"xz"}},
		{"zstd in a gzip", gz([]byte("\x28\xb5\x2f\xfd\x20\x05")), "", ErrOpaque{"zstd"}},
		{"7z", []byte("7z\xbc\xaf\x27\x1c\x00\x04"), "", ErrOpaque{"7z"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			err := Walk(tc.data, func(m string, _ []byte) bool {
				if m != "" {
					got = append(got, m)
				}
				return true
			})
			if !errors.Is(err, tc.err) {
				t.Fatalf("error %v, want %v", err, tc.err)
			}
			if tc.err == nil && strings.Join(got, ",") != tc.members {
				t.Errorf("members %q, want %q", strings.Join(got, ","), tc.members)
			}
		})
	}
}

// TestWalkFinds: a secret in a gzip, zip or tar is found as a member.
func TestWalkFinds(t *testing.T) {
	var s Set
	s.Add("hidden.py", []byte(secretTest))
	crlf := strings.ReplaceAll(secretTest, "\n", "\r\n")
	for name, data := range map[string][]byte{
		"gzip":   gz([]byte(secretTest)),
		"zip":    zipOf("README", "hi", "t.py", crlf),
		"tar.gz": gz(tarOf("t.py", "x\n"+secretTest)),
	} {
		found := ""
		if err := Walk(data, func(m string, b []byte) bool {
			if found = s.Match(b); found != "" {
				return false
			}
			return true
		}); err != nil || found != "hidden.py" {
			t.Errorf("%s: found %q, error %v; want hidden.py", name, found, err)
		}
	}
}

// FuzzWalk: any bytes are walked within the bounds, without a panic.
func FuzzWalk(f *testing.F) {
	f.Add([]byte("hello"))
	f.Add(gz(tarOf("a", "b")))
	f.Add(zipOf("a", "b"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var total int
		Walk(data, func(m string, b []byte) bool {
			if m != "" {
				total += len(b)
			}
			return true
		})
		if total > MaxExpanded {
			t.Fatalf("expanded %d bytes", total)
		}
	})
}
