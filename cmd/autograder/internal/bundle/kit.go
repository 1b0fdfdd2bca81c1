package bundle

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// A kit's binary is an autograder binary with one assignment appended:
// the binary's bytes, a zip of the assignment's bundle (its files under
// the folder of its name), the zip's length (8 bytes, big-endian) and
// kitMagic. At start the binary finds it (appendedKit) and has the
// assignment built in beside its own, as its default: a student's check
// needs no rubric.toml. No compiler is needed to make one.
const kitMagic = "autograder-kit\x00\x01"

// maxKit bounds the appended zip a binary reads at start.
const maxKit = 256 << 20

// AppendKit writes to w the autograder binary exe followed by the bundle
// in the folder dir (as Generate writes one) as the assignment name, as
// described at kitMagic. exe must not have a kit already.
func AppendKit(w io.Writer, exe []byte, dir, name string) error {
	if !validName(name) {
		return fmt.Errorf("%q is no assignment name: lower-case letters, digits and dashes", name)
	}
	if _, _, err := kitOf(exe); err == nil {
		return errors.New("the binary has an assignment appended already: give one without")
	}
	var z bytes.Buffer
	zw := zip.NewWriter(&z)
	when := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC) // the same bytes every time
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s: not a regular file", p)
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f, err := zw.CreateHeader(&zip.FileHeader{Name: name + "/" + filepath.ToSlash(rel), Method: zip.Deflate, Modified: when})
		if err == nil {
			_, err = f.Write(data)
		}
		return err
	})
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		return err
	}
	var size [8]byte
	binary.BigEndian.PutUint64(size[:], uint64(z.Len()))
	for _, b := range [][]byte{exe, z.Bytes(), size[:], []byte(kitMagic)} {
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// validName is a name a kit's assignment may have: a folder name that
// needs no quoting anywhere.
func validName(name string) bool {
	return name != "" && len(name) <= 64 && strings.Trim(name, "abcdefghijklmnopqrstuvwxyz0123456789-") == "" && name[0] != '-'
}

// KitName makes an assignment name for a kit from a rubric's name:
// "CS540 HW4: Eight Queens" is "cs540-hw4-eight-queens".
func KitName(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
		if b.Len() >= 48 {
			break
		}
	}
	if b.Len() == 0 {
		return "assignment"
	}
	return b.String()
}

// kitOf finds the kit appended to a binary's bytes: its zip and name.
func kitOf(exe []byte) (*zip.Reader, string, error) {
	n := len(exe)
	if n < 8+len(kitMagic) || string(exe[n-len(kitMagic):]) != kitMagic {
		return nil, "", errors.New("no kit")
	}
	size := binary.BigEndian.Uint64(exe[n-len(kitMagic)-8:])
	end := uint64(n - len(kitMagic) - 8)
	if size > end || size > maxKit {
		return nil, "", errors.New("a broken kit")
	}
	zr, err := zip.NewReader(bytes.NewReader(exe[end-size:end]), int64(size))
	if err != nil {
		return nil, "", err
	}
	name := ""
	for _, f := range zr.File {
		top, _, _ := strings.Cut(f.Name, "/")
		if name == "" {
			name = top
		}
		if top != name || !fs.ValidPath(f.Name) {
			return nil, "", errors.New("a broken kit")
		}
	}
	if !validName(name) {
		return nil, "", errors.New("a broken kit")
	}
	return zr, name, nil
}

// appendedKit reads the kit appended to the running binary, if any: the
// zip and the assignment's name. Only its tail is read when there is none.
func appendedKit() (fs.FS, string, bool) {
	exe, err := os.Executable()
	if err != nil {
		return nil, "", false
	}
	f, err := os.Open(exe)
	if err != nil {
		return nil, "", false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.Size() < int64(8+len(kitMagic)) {
		return nil, "", false
	}
	tail := make([]byte, 8+len(kitMagic))
	if _, err := f.ReadAt(tail, st.Size()-int64(len(tail))); err != nil || string(tail[8:]) != kitMagic {
		return nil, "", false
	}
	size := int64(binary.BigEndian.Uint64(tail[:8]))
	if size > maxKit || size > st.Size()-int64(len(tail)) {
		return nil, "", false
	}
	buf := make([]byte, size+int64(len(tail)))
	if _, err := f.ReadAt(buf, st.Size()-int64(len(buf))); err != nil {
		return nil, "", false
	}
	zr, name, err := kitOf(buf)
	if err != nil || slices.Contains(Names(), name) {
		return nil, "", false
	}
	return zr, name, true
}

// withKit is the bundle with a kit's assignment beside the built-in ones.
type withKit struct {
	base fs.FS
	name string
	kit  fs.FS
}

func (w withKit) inKit(p string) bool { return p == w.name || strings.HasPrefix(p, w.name+"/") }

func (w withKit) Open(p string) (fs.File, error) {
	if w.inKit(p) {
		return w.kit.Open(p)
	}
	return w.base.Open(p)
}

func (w withKit) ReadDir(p string) ([]fs.DirEntry, error) {
	if w.inKit(p) {
		return fs.ReadDir(w.kit, p)
	}
	entries, err := fs.ReadDir(w.base, p)
	if err != nil || p != "." {
		return entries, err
	}
	info, err := fs.Stat(w.kit, w.name)
	if err != nil {
		return nil, err
	}
	entries = append(entries, fs.FileInfoToDirEntry(info))
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, nil
}

// useKit adds the kit appended to the running binary, if any, to the
// bundle, as the default assignment.
func useKit() {
	kit, name, ok := appendedKit()
	if !ok {
		return
	}
	files = withKit{base: files, name: name, kit: kit}
	Default = name
}
