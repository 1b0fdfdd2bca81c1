// Package submission finds and reads student submissions: a folder, a zip
// archive or a single source file each, with limits on what an archive may
// unpack to, so that one hostile or broken submission is reported, never
// fatal to a batch.
package submission

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// File is one file of a submission; Name is slash-separated and relative.
type File struct {
	Name string
	Data []byte
}

// Submission is one student's work as found on disk.
type Submission struct {
	ID     string // stable: the folder or file name without extension
	Source string // the path it was read from
	Files  []File // sorted by Name
	// Problem, when set, says why the submission could not be read (a zip
	// that will not open, one over the limits); Files is then empty.
	Problem string
}

// Limits bound what reading one submission may take in.
type Limits struct {
	Files     int   // files in a submission
	FileBytes int64 // bytes of one file
	Bytes     int64 // bytes of all files together
	Ratio     int64 // compressed-to-unpacked ratio a zip entry may have
}

// DefaultLimits suit source-code homework.
var DefaultLimits = Limits{Files: 1000, FileBytes: 8 << 20, Bytes: 32 << 20, Ratio: 200}

// ErrNotFound marks an input path that does not exist.
var ErrNotFound = errors.New("no such file or folder")

// Discover lists the submissions of the inputs: a folder holds one
// submission per entry (a sub-folder, a zip, or a loose source file), and a
// zip or a file given directly is one submission. Names starting with "."
// and __MACOSX are skipped. (A single submission's folder, as `check .`
// takes, is read with Load.) Errors are for inputs that do not exist; an
// unreadable submission is returned with Problem set.
func Discover(inputs []string, sourceExts []string, lim Limits) ([]Submission, error) {
	var out []Submission
	for _, in := range inputs {
		st, err := os.Stat(in)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", in, ErrNotFound)
		}
		if !st.IsDir() {
			out = append(out, Load(in, lim))
			continue
		}
		entries, err := os.ReadDir(in)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", in, err)
		}
		for _, e := range entries {
			name := e.Name()
			if junk(name) {
				continue
			}
			p := filepath.Join(in, name)
			switch {
			case e.IsDir(), strings.EqualFold(filepath.Ext(name), ".zip"), hasExt(name, sourceExts):
				out = append(out, Load(p, lim))
			}
		}
	}
	uniqueIDs(out)
	return out, nil
}

func hasExt(name string, exts []string) bool {
	return slices.ContainsFunc(exts, func(e string) bool { return strings.EqualFold(filepath.Ext(name), e) })
}

// uniqueIDs keeps IDs distinct: a later submission whose ID is taken keeps
// its extension, then gets a numeric suffix.
func uniqueIDs(subs []Submission) {
	seen := map[string]bool{}
	for i := range subs {
		id := subs[i].ID
		if seen[id] {
			id = filepath.Base(subs[i].Source)
			for n := 2; seen[id]; n++ {
				id = fmt.Sprintf("%s-%d", subs[i].ID, n)
			}
		}
		seen[id] = true
		subs[i].ID = id
	}
}

// IDOf is the submission ID for a path: its base name without extension.
func IDOf(p string) string {
	base := filepath.Base(p)
	if st, err := os.Stat(p); err == nil && st.IsDir() {
		return base
	}
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// Load reads one submission from a folder, a zip or a single file.
func Load(p string, lim Limits) Submission {
	s := Submission{ID: IDOf(p), Source: p}
	var err error
	st, statErr := os.Stat(p)
	switch {
	case statErr != nil:
		err = statErr
	case st.IsDir():
		s.Files, err = readDir(p, lim)
	case strings.EqualFold(filepath.Ext(p), ".zip"):
		s.Files, err = readZipFile(p, lim)
	default:
		var data []byte
		data, err = readCapped(p, lim.FileBytes)
		s.Files = []File{{Name: filepath.Base(p), Data: data}}
	}
	if err != nil {
		s.Files = nil
		s.Problem = err.Error()
	}
	sort.Slice(s.Files, func(i, j int) bool { return s.Files[i].Name < s.Files[j].Name })
	return s
}

func readCapped(p string, max int64) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s is larger than %d bytes", filepath.Base(p), max)
	}
	return data, nil
}

// budget counts what a submission has taken in so far.
type budget struct {
	lim   Limits
	files int
	bytes int64
}

func (b *budget) take(name string, n int64) error {
	b.files++
	b.bytes += n
	switch {
	case b.files > b.lim.Files:
		return fmt.Errorf("more than %d files", b.lim.Files)
	case n > b.lim.FileBytes:
		return fmt.Errorf("%s is larger than %d bytes", name, b.lim.FileBytes)
	case b.bytes > b.lim.Bytes:
		return fmt.Errorf("more than %d bytes in all", b.lim.Bytes)
	}
	return nil
}

func readDir(root string, lim Limits) ([]File, error) {
	b := &budget{lim: lim}
	var out []File
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 || (!d.IsDir() && !d.Type().IsRegular()) {
			return nil // a link could point anywhere on the grader's machine
		}
		if d.IsDir() {
			if p != root && junk(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if junk(d.Name()) {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		info, err := d.Info()
		if err != nil {
			return err
		}
		if err := b.take(rel, info.Size()); err != nil {
			return err
		}
		data, err := readCapped(p, lim.FileBytes)
		if err != nil {
			return err
		}
		if isZipName(rel) {
			inner, err := readZip(bytes.NewReader(data), int64(len(data)), b, filepath.ToSlash(rel))
			if err != nil {
				return err
			}
			out = append(out, inner...)
			return nil
		}
		out = append(out, File{Name: filepath.ToSlash(rel), Data: data})
		return nil
	})
	return out, err
}

// junk reports whether a file or folder name is one that archivers and
// editors leave behind (.DS_Store, .git, .idea, __MACOSX), never part of
// the work.
func junk(name string) bool { return strings.HasPrefix(name, ".") || name == "__MACOSX" }

func isZipName(name string) bool { return strings.EqualFold(path.Ext(name), ".zip") }

func readZipFile(p string, lim Limits) ([]File, error) {
	data, err := readCapped(p, lim.Bytes)
	if err != nil {
		return nil, err
	}
	return readZip(bytes.NewReader(data), int64(len(data)), &budget{lim: lim}, "")
}

// readZip unpacks an archive in memory, refusing entries that would escape
// their folder, links, and anything over the limits. A zip nested in it (a
// student's hw4.zip) is unpacked one level, under the name of the archive.
func readZip(r io.ReaderAt, size int64, b *budget, prefix string) ([]File, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, fmt.Errorf("not a readable zip archive: %v", err)
	}
	var out []File
	for _, f := range zr.File {
		name := f.Name
		if f.FileInfo().IsDir() {
			continue
		}
		if f.Mode()&fs.ModeSymlink != 0 {
			return nil, fmt.Errorf("zip entry %q is a symbolic link", name)
		}
		clean, err := safeName(name)
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(strings.Split(clean, "/"), junk) {
			continue
		}
		if err := b.take(clean, int64(f.UncompressedSize64)); err != nil {
			return nil, err
		}
		if f.CompressedSize64 > 0 && int64(f.UncompressedSize64/f.CompressedSize64) > b.lim.Ratio {
			return nil, fmt.Errorf("zip entry %q unpacks %d times its size (a zip bomb?)", clean, f.UncompressedSize64/f.CompressedSize64)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("zip entry %q: %v", clean, err)
		}
		// The header's size may lie; never read past what the budget allows.
		data, err := io.ReadAll(io.LimitReader(rc, int64(f.UncompressedSize64)+1))
		rc.Close()
		if err != nil {
			return nil, fmt.Errorf("zip entry %q: %v", clean, err)
		}
		if uint64(len(data)) != f.UncompressedSize64 {
			return nil, fmt.Errorf("zip entry %q is not the size its header says", clean)
		}
		full := clean
		if prefix != "" {
			full = prefix + "/" + clean
		}
		if isZipName(clean) && prefix == "" {
			inner, err := readZip(bytes.NewReader(data), int64(len(data)), b, full)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", clean, err)
			}
			out = append(out, inner...)
			continue
		}
		out = append(out, File{Name: full, Data: data})
	}
	return out, nil
}

// safeName refuses absolute paths, "..", and backslash tricks (zip-slip).
func safeName(name string) (string, error) {
	n := strings.ReplaceAll(name, "\\", "/")
	if strings.HasPrefix(n, "/") || (len(n) > 1 && n[1] == ':') {
		return "", fmt.Errorf("zip entry %q has an absolute path", name)
	}
	for _, part := range strings.Split(n, "/") {
		if part == ".." {
			return "", fmt.Errorf("zip entry %q climbs out of the archive (zip-slip)", name)
		}
	}
	clean := path.Clean(n)
	if clean == "." || clean == "" {
		return "", fmt.Errorf("zip entry %q has no name", name)
	}
	return clean, nil
}
