// Package nearcopy tells whether some bytes are a near-copy of a secret
// text: the same text up to its line endings (CRLF, CR, LF), the blanks
// that start and end its lines, its blank lines and a byte-order mark,
// and commented out (a comment marker before each line: #, //, --, ;, %,
// a block comment's * or its /* and */, <!-- and -->); whole, or (for a
// long enough secret) inside a larger text; as they are
// or inside an archive it can read (gzip, bzip2, zip, tar, nested), read
// within fixed bounds: an archive that expands past them is refused, not
// expanded.
package nearcopy

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"unicode/utf16"
)

// MinInside is the shortest canonical text (Canon) a secret must have to
// be looked for inside larger texts: shorter ones (a line or two) are
// found in honest files by chance; they are still found as a whole file.
const MinInside = 64

// MinPiece is the shortest canonical text a piece of a secret (a case's
// input or output) must have to be looked for at all.
const MinPiece = 16

// Set is a set of secret texts, each with the name that says where it
// comes from.
type Set struct {
	whole  map[[32]byte]string // canonical texts' hashes
	inside []secret            // the long ones, looked for inside texts
}

type secret struct {
	canon []byte
	name  string
}

// Add adds a secret file's bytes: found as a whole file, and, when long
// enough, inside another text. An empty text (canonically) is no secret.
func (s *Set) Add(name string, data []byte) {
	s.add(name, Canon(data), 1)
}

// AddPiece adds a piece of a secret file (a hidden case's input or
// output), found as the other file's whole or inside it, when it is at
// least MinPiece canonical bytes long.
func (s *Set) AddPiece(name string, data []byte) {
	s.add(name, Canon(data), MinPiece)
}

func (s *Set) add(name string, c []byte, least int) {
	if len(c) < least {
		return
	}
	if s.whole == nil {
		s.whole = map[[32]byte]string{}
	}
	h := sha256.Sum256(c)
	if _, ok := s.whole[h]; !ok {
		s.whole[h] = name
	}
	if len(c) >= MinInside {
		s.inside = append(s.inside, secret{c, name})
	}
}

// Forget drops every secret that the public text holds (canonically,
// whole or inside it): a text the assignment publishes anyway, such as a
// hidden case's input that a public case has too.
func (s *Set) Forget(public []byte) {
	c := Canon(public)
	if len(c) == 0 {
		return
	}
	delete(s.whole, sha256.Sum256(c))
	kept := s.inside[:0]
	for _, sec := range s.inside {
		if holds(c, sec.canon) {
			delete(s.whole, sha256.Sum256(sec.canon))
		} else {
			kept = append(kept, sec)
		}
	}
	s.inside = kept
}

// Match reports which secret data is a near-copy of, or holds, or ""
// when none: as it is, or with its lines' comment markers taken off
// (Uncommented), which finds a secret pasted in as comments.
func (s *Set) Match(data []byte) string {
	c := Canon(data)
	if name := s.match(c); name != "" {
		return name
	}
	if u := Uncommented(c); !bytes.Equal(u, c) {
		return s.match(u)
	}
	return ""
}

// match is the secret the canonical text c is, or holds, or "".
func (s *Set) match(c []byte) string {
	if len(c) == 0 {
		return ""
	}
	if name, ok := s.whole[sha256.Sum256(c)]; ok {
		return name
	}
	for _, sec := range s.inside {
		if holds(c, sec.canon) {
			return sec.name
		}
	}
	return ""
}

// Comment markers a line of a commented-out text starts with: any of
// loose, or one of spaced followed by a blank or the line's end (a
// block comment's "* ", SQL's "-- "), so that a line of data such as
// "*****" or "-1" keeps its first character.
var (
	loose  = [][]byte{[]byte("<!--"), []byte("//"), []byte("/*"), []byte("#")}
	spaced = [][]byte{[]byte("*"), []byte("--"), []byte(";"), []byte("%")}
	ends   = [][]byte{[]byte("*/"), []byte("-->")}
)

// Uncommented is the canonical text c (Canon) with one comment marker
// taken off the start of each line that has one, a block comment's end
// ("*/", "-->") off its end, and the blanks after or before them: what
// the lines were before someone commented them out ("# " or "// " before
// each, or a block comment around them). Lines left blank are left out.
func Uncommented(c []byte) []byte {
	out := make([]byte, 0, len(c))
	for _, line := range bytes.SplitAfter(c, []byte("\n")) {
		line = bytes.TrimSuffix(line, []byte("\n"))
		line = bytes.Trim(uncomment(line), " \t\v\f")
		if len(line) > 0 {
			out = append(out, line...)
			out = append(out, '\n')
		}
	}
	return out
}

// uncomment is line without its first comment marker and its block
// comment's end.
func uncomment(line []byte) []byte {
	for _, e := range ends {
		line = bytes.TrimSuffix(line, e)
	}
	for _, m := range loose {
		if bytes.HasPrefix(line, m) {
			return line[len(m):]
		}
	}
	for _, m := range spaced {
		if rest, ok := bytes.CutPrefix(line, m); ok && (len(rest) == 0 || bytes.IndexByte([]byte(" \t\v\f"), rest[0]) >= 0) {
			return rest
		}
	}
	return line
}

// holds reports whether the canonical text c holds the canonical text
// sec as whole lines.
func holds(c, sec []byte) bool {
	if len(sec) > len(c) {
		return false
	}
	if bytes.HasPrefix(c, sec) {
		return true
	}
	return bytes.Contains(c, append([]byte{'\n'}, sec...))
}

// Canon is a text's canonical form: in UTF-8 (a text in UTF-16 or
// UTF-32 with a byte-order mark decoded, Decode), without a UTF-8
// byte-order mark, each line without the blanks (space, tab, vertical
// tab, form feed) that start and end it, each run of blanks inside it
// one space (a tab for four spaces is the same text), and ended by LF
// (whether it ended by CRLF, CR or LF), blank lines left out. Canon of a
// text with no line but blank ones is empty.
func Canon(data []byte) []byte {
	data = bytes.TrimPrefix(Decode(data), []byte("\xef\xbb\xbf"))
	out := make([]byte, 0, len(data))
	for len(data) > 0 {
		i := bytes.IndexAny(data, "\r\n")
		line := data
		if i < 0 {
			data = nil
		} else {
			line = data[:i]
			if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			data = data[i+1:]
		}
		if f := bytes.FieldsFunc(line, blank); len(f) > 0 {
			out = append(append(out, bytes.Join(f, []byte{' '})...), '\n')
		}
	}
	return out
}

// Found is a near-copy of a secret: where, and of which secret.
type Found struct {
	Member string // the archive member it is, "" for the file itself; nested ones joined by "/"
	Secret string
}

func (f Found) String() string {
	if f.Member == "" {
		return f.Secret
	}
	return fmt.Sprintf("%s (member %s)", f.Secret, f.Member)
}

// blank reports whether r is a blank of a line: space, tab, vertical tab,
// form feed.
func blank(r rune) bool { return r == ' ' || r == '\t' || r == '\v' || r == '\f' }

// Decode is data in UTF-8: a text in UTF-32 or UTF-16 (little- or
// big-endian) that starts with a byte-order mark decoded, without it;
// anything else as it is.
func Decode(data []byte) []byte {
	var wide func([]byte) rune
	size := 0
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xfe, 0, 0}):
		wide, size = func(b []byte) rune { return rune(binary.LittleEndian.Uint32(b)) }, 4
	case bytes.HasPrefix(data, []byte{0, 0, 0xfe, 0xff}):
		wide, size = func(b []byte) rune { return rune(binary.BigEndian.Uint32(b)) }, 4
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}):
		wide, size = func(b []byte) rune { return rune(binary.LittleEndian.Uint16(b)) }, 2
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		wide, size = func(b []byte) rune { return rune(binary.BigEndian.Uint16(b)) }, 2
	default:
		return data
	}
	var units []rune
	for b := data[size:]; len(b) >= size; b = b[size:] {
		units = append(units, wide(b))
	}
	if size == 2 {
		u16 := make([]uint16, len(units))
		for i, u := range units {
			u16[i] = uint16(u)
		}
		units = utf16.Decode(u16)
	}
	return []byte(string(units))
}
