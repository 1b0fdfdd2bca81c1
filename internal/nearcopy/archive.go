package nearcopy

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"path"
)

// The bounds of what Walk expands of one file.
const (
	MaxExpanded = 64 << 20 // bytes of all its members together, nested ones too
	MaxMembers  = 10000    // members, nested ones too
	MaxDepth    = 4        // archives inside archives
)

// ErrTooLarge is Walk's error for an archive that expands past its
// bounds (an archive bomb): refused, not expanded.
var ErrTooLarge = errors.New("an archive that expands past 64 MiB, 10000 members or 4 archives deep")

// ErrUnreadable is Walk's error for a file that is an archive by its
// first bytes whose members cannot all be read (corrupt, encrypted, or a
// method this reader does not know): what it holds cannot be checked.
var ErrUnreadable = errors.New("an archive whose members cannot all be read (corrupt, encrypted or of an unknown method)")

// ErrOpaque is Walk's error for a file that is, by its first bytes, a
// compressed file or an archive of a kind Walk does not read (xz, zstd,
// 7z, rar, lz4, lzip, lzma, compress): what it holds cannot be checked.
type ErrOpaque struct{ Kind string }

func (e ErrOpaque) Error() string {
	return fmt.Sprintf("compressed as %s, which the kit cannot look inside: ship it uncompressed, or as gzip, bzip2, zip or tar", e.Kind)
}

// Walk calls visit with data, named "", and, when data is an archive it
// reads (gzip, bzip2, zip, tar, one inside another), with each member's
// bytes, named by its path, members of nested archives by theirs joined
// with "/" (a gzip or bzip2 stream's one member by the name its header
// gives, else "-"). visit returns false to stop the walk. Walk stops with
// ErrTooLarge before it expands past its bounds, with ErrUnreadable at a
// member it cannot read, and with ErrOpaque at one compressed in a way it
// does not read.
func Walk(data []byte, visit func(member string, data []byte) bool) error {
	w := &walker{left: MaxExpanded, visit: visit}
	_, err := w.walk("", data, 0)
	return err
}

type walker struct {
	left    int64 // bytes it may still expand
	members int
	visit   func(string, []byte) bool
}

// walk visits data and its members; false when visit stopped the walk.
func (w *walker) walk(name string, data []byte, depth int) (bool, error) {
	if !w.visit(name, data) {
		return false, nil
	}
	if o := opaque(data); o != "" {
		return false, ErrOpaque{o}
	}
	k := kind(data)
	if k == "" {
		return true, nil
	}
	if depth >= MaxDepth {
		return false, ErrTooLarge
	}
	next := func(member string, r io.Reader) (bool, error) {
		b, err := w.read(r)
		if err != nil {
			return false, err
		}
		return w.walk(path.Join(name, member), b, depth+1)
	}
	switch k {
	case "gzip":
		r, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return false, ErrUnreadable
		}
		return next(streamName(r.Name), r)
	case "bzip2":
		return next("-", bzip2.NewReader(bytes.NewReader(data)))
	case "zip":
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil && zr == nil {
			return false, ErrUnreadable
		}
		for _, f := range zr.File {
			if f.FileInfo().IsDir() {
				continue
			}
			rc, err := f.Open()
			if err != nil {
				return false, ErrUnreadable
			}
			more, err := next(f.Name, rc)
			rc.Close()
			if !more || err != nil {
				return more, err
			}
		}
		return true, nil
	}
	tr := tar.NewReader(bytes.NewReader(data))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return true, nil
		}
		if err != nil {
			return false, ErrUnreadable
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		if more, err := next(h.Name, tr); !more || err != nil {
			return more, err
		}
	}
}

// read reads a member whole, within the walk's bounds.
func (w *walker) read(r io.Reader) ([]byte, error) {
	w.members++
	if w.members > MaxMembers {
		return nil, ErrTooLarge
	}
	b, err := io.ReadAll(io.LimitReader(r, w.left+1))
	if int64(len(b)) > w.left {
		return nil, ErrTooLarge
	}
	if err != nil {
		return nil, ErrUnreadable
	}
	w.left -= int64(len(b))
	return b, nil
}

// streamName is a gzip header's name for its member ("-" when none).
func streamName(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// kind names the archive data is by its first bytes ("" when none it
// reads): gzip (1f 8b 08), bzip2 ("BZh", a level, then a block's or the
// stream end's magic), zip (a local file header), tar (ustar at 257).
func kind(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0x1f, 0x8b, 0x08}):
		return "gzip"
	case len(data) >= 10 && bytes.HasPrefix(data, []byte("BZh")) && data[3] >= '1' && data[3] <= '9' &&
		(bytes.Equal(data[4:10], []byte{0x31, 0x41, 0x59, 0x26, 0x53, 0x59}) || bytes.Equal(data[4:10], []byte{0x17, 0x72, 0x45, 0x38, 0x50, 0x90})):
		return "bzip2"
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		return "zip"
	case len(data) >= 262 && bytes.Equal(data[257:262], []byte("ustar")):
		return "tar"
	}
	return ""
}

// opaque names the compressed file or archive data is by its first
// bytes, of a kind Walk does not read, or "": xz, zstd, 7z, rar, lz4
// (frame), lzip, lzma (the .lzma format's usual header: properties 0x5d,
// a dictionary size of whole MiB) and compress (.Z).
func opaque(data []byte) string {
	for _, m := range []struct {
		kind, magic string
	}{
		{"xz", "\xfd7zXZ\x00"},
		{"zstd", "\x28\xb5\x2f\xfd"},
		{"7z", "7z\xbc\xaf\x27\x1c"},
		{"rar", "Rar!\x1a\x07"},
		{"lz4", "\x04\x22\x4d\x18"},
		{"lzip", "LZIP"},
		{"lzma", "\x5d\x00\x00"},
		{"compress (.Z)", "\x1f\x9d"},
	} {
		if bytes.HasPrefix(data, []byte(m.magic)) {
			return m.kind
		}
	}
	return ""
}
