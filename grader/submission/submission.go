// Package submission finds and reads student submissions: a folder, a zip
// archive or a single source file each, or one student's entries of a
// download that holds a whole class (LoadEntries, for package canvas),
// with limits on what an archive may unpack to, so that one hostile or
// broken submission is reported, never fatal to a batch.
package submission

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/cs540-tools/autograder/internal/textfmt"
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
	// Skipped says, a line each, what of a folder was left out because it
	// could not be read (a folder nested past the longest path, an entry
	// the grader may not open): the rest is graded.
	Skipped []string

	// What a learning system's download says about the student (package
	// canvas); empty for a plain folder or zip.
	Student    string // the student's name as the download spells it ("smithjohn")
	UserID     string // the student's id in the learning system (Canvas's user id)
	LateMarker bool   // the download marked the submission late (Canvas's LATE)
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

// ErrNoSubmissions marks an input that holds no submission: an empty
// folder or zip, or a file that is neither a zip nor a source file.
var ErrNoSubmissions = errors.New("no submissions in it")

// Discover lists the submissions of the inputs: a folder holds one
// submission per entry (a sub-folder, a zip, or a loose source file), and a
// zip or a source file given directly is one submission, except a zip of
// a class's folders, which is one submission per folder (zipBatch); a
// folder that holds one such folder and nothing else is read as it. Names starting
// with "." and __MACOSX are skipped. (A single submission's folder, as
// `check .` takes, is read with Load.) Errors are for inputs that do not
// exist or hold no submission (ErrNoSubmissions: an empty folder or zip, a
// file that is neither); an unreadable submission in a folder is returned
// with Problem set.
func Discover(inputs []string, sourceExts []string, lim Limits) ([]Submission, error) {
	out, _, err := DiscoverSkipped(inputs, sourceExts, lim)
	return out, err
}

// DiscoverSkipped is Discover, and the paths of the entries of the
// inputs' folders it left out for their names' leading dot though they
// would be submissions (a folder, a zip, a source file), but for the
// folders tools keep (toolDirs) that hold no source file at their top: a
// student's folder named so (.alice, ..bob, a .cache holding stats.py)
// is not graded, and the caller says so.
func DiscoverSkipped(inputs []string, sourceExts []string, lim Limits) ([]Submission, []string, error) {
	var out []Submission
	var skipped []string
	for _, in := range inputs {
		st, err := os.Stat(in)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", in, ErrNotFound)
		}
		if !st.IsDir() {
			if !hasExt(in, sourceExts) {
				if err := checkZip(in); err != nil {
					return nil, nil, err
				}
				if batch := zipBatch(in, sourceExts, lim); batch != nil {
					out = append(out, batch...)
					continue
				}
			}
			out = append(out, Load(in, lim))
			continue
		}
		entries, err := os.ReadDir(in)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", in, err)
		}
		if wrapped := batchFolder(in, entries, sourceExts); wrapped != "" {
			in = wrapped // a folder that holds a class's folders, and nothing else
			if entries, err = os.ReadDir(in); err != nil {
				return nil, nil, fmt.Errorf("%s: %w", in, err)
			}
		}
		found := len(out)
		for _, e := range entries {
			name := e.Name()
			p := filepath.Join(in, name)
			if !e.IsDir() && !isZipName(name) && !hasExt(name, sourceExts) {
				continue
			}
			switch {
			case !junk(name):
				out = append(out, Load(p, lim))
			case name != "__MACOSX" && (!toolDirs[name] || holdsSource(p, sourceExts)):
				skipped = append(skipped, p)
			}
		}
		if len(out) == found {
			what := "sub-folder or zip"
			if len(sourceExts) > 0 {
				what = "sub-folder, zip or " + strings.Join(sourceExts, ", ") + " file"
			}
			return nil, nil, fmt.Errorf("%s: %w (no %s)", in, ErrNoSubmissions, what)
		}
	}
	UniqueIDs(out)
	return out, skipped, nil
}

// toolDirs are the folders whose names start with a dot that tools keep
// beside a class's submissions (version control, editors, notebooks, the
// grader's own .autograder, which holds a course's rubric):
// DiscoverSkipped leaves them out without a word.
var toolDirs = map[string]bool{".git": true, ".svn": true, ".hg": true, ".idea": true, ".vscode": true, ".ipynb_checkpoints": true, ".cache": true, ".autograder": true}

// holdsSource reports whether the folder dir holds, at its top, a file
// with one of exts: a submission, though in a folder named as a tool's.
func holdsSource(dir string, exts []string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil || len(exts) == 0 {
		return false
	}
	for _, e := range entries {
		if !e.IsDir() && hasExt(e.Name(), exts) {
			return true
		}
	}
	return false
}

// maxBatchBytes bounds what a zip read as a batch (zipBatch) may unpack
// to in all, as a Canvas download is bounded.
const maxBatchBytes = 2 << 30

// zipBatch reads the zip p as a batch when it is one: when its top level
// (or, if it holds one folder and nothing else, that folder's) holds no
// source file but several folders that do (a class's folders zipped
// together), each folder there is a submission, named by it and read
// under lim as Load reads one. nil when p is one submission's zip (or
// cannot be read: Load says why).
func zipBatch(p string, exts []string, lim Limits) []Submission {
	zr, err := zip.OpenReader(p)
	if err != nil || len(exts) == 0 {
		return nil
	}
	defer zr.Close()
	var names []string
	files := map[string]*zip.File{}
	var size uint64 // what the headers say it all unpacks to
	for _, f := range zr.File {
		n := strings.ReplaceAll(f.Name, "\\", "/")
		if _, err := safeName(n); err != nil {
			return nil // a hostile entry: Load refuses the whole zip
		}
		if size += f.UncompressedSize64; size > maxBatchBytes {
			return nil // more than a class hands in: Load refuses it
		}
		if f.FileInfo().IsDir() || slices.ContainsFunc(strings.Split(n, "/"), junk) {
			continue
		}
		names = append(names, n)
		files[n] = f
	}
	top, folders := batchLayout(names, exts)
	if folders == nil {
		return nil
	}
	var out []Submission
	for _, dir := range folders {
		var entries []Entry
		for _, n := range names {
			if rel, ok := strings.CutPrefix(n, top+dir+"/"); ok {
				entries = append(entries, ZipEntry(files[n], rel))
			}
		}
		out = append(out, LoadEntries(utf8Name(dir), filepath.Join(p, filepath.FromSlash(top+dir)), entries, lim))
	}
	return out
}

// batchLayout finds a class's folders among the slash paths of an
// archive's files: top is "" or the one folder ("class/") that holds
// every file, and folders are the folders directly below top, sorted,
// when no file directly in top is a source (of exts) and two or more of
// them hold one; folders is nil otherwise.
func batchLayout(names []string, exts []string) (top string, folders []string) {
	first := func(n string) (string, bool) {
		dir, _, found := strings.Cut(n, "/")
		return dir, found
	}
	if len(names) > 0 {
		if d, ok := first(names[0]); ok && !slices.ContainsFunc(names, func(n string) bool { return !strings.HasPrefix(n, d+"/") }) {
			top = d + "/"
		}
	}
	shaped := map[string]bool{}
	var all []string
	for _, n := range names {
		rel := strings.TrimPrefix(n, top)
		dir, inFolder := first(rel)
		switch {
		case !inFolder && hasExt(rel, exts):
			return "", nil // a source at the top: one submission
		case !inFolder:
		default:
			if !slices.Contains(all, dir) {
				all = append(all, dir)
			}
			shaped[dir] = shaped[dir] || hasExt(rel, exts)
		}
	}
	if len(shaped) < 2 || countTrue(shaped) < 2 {
		return "", nil
	}
	slices.Sort(all)
	return top, all
}

func countTrue(m map[string]bool) int {
	n := 0
	for _, v := range m {
		if v {
			n++
		}
	}
	return n
}

// batchFolder is the folder a batch's input folder dir wraps, when dir
// holds that one folder and nothing else, and it holds a class's folders
// (batchLayout) rather than one submission; "" otherwise.
func batchFolder(dir string, entries []os.DirEntry, exts []string) string {
	var kept []os.DirEntry
	for _, e := range entries {
		if !junk(e.Name()) {
			kept = append(kept, e)
		}
	}
	if len(kept) != 1 || !kept[0].IsDir() || len(exts) == 0 {
		return ""
	}
	inner := filepath.Join(dir, kept[0].Name())
	var names []string
	filepath.WalkDir(inner, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == inner {
			return nil
		}
		if junk(d.Name()) && d.IsDir() {
			return filepath.SkipDir
		}
		if !d.IsDir() && !junk(d.Name()) {
			rel, _ := filepath.Rel(inner, p)
			names = append(names, filepath.ToSlash(rel))
		}
		return nil
	})
	if _, folders := batchLayout(names, exts); folders == nil {
		return ""
	}
	return inner
}

// checkZip says why the file p, given as a batch, is not one: it is not a
// zip archive, or one without a file.
func checkZip(p string) error {
	zr, err := zip.OpenReader(p)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return fmt.Errorf("%s: not a folder, a zip archive or a source file (%v): %w", p, err, ErrNoSubmissions)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if !f.FileInfo().IsDir() {
			return nil
		}
	}
	return fmt.Errorf("%s: an empty zip archive: %w", p, ErrNoSubmissions)
}

func hasExt(name string, exts []string) bool {
	return slices.ContainsFunc(exts, func(e string) bool { return strings.EqualFold(filepath.Ext(name), e) })
}

// UniqueIDs keeps IDs distinct: a later submission whose ID is taken keeps
// its extension, then gets a numeric suffix.
func UniqueIDs(subs []Submission) {
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

// IDOf is the submission ID for a path: its base name without extension,
// made valid UTF-8 as file names are (utf8Name).
func IDOf(p string) string {
	base := filepath.Base(p)
	if st, err := os.Stat(p); err == nil && st.IsDir() {
		return utf8Name(base)
	}
	return utf8Name(strings.TrimSuffix(base, filepath.Ext(base)))
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
		s.Files, s.Skipped, err = readDir(p, lim)
	case strings.EqualFold(filepath.Ext(p), ".zip"):
		s.Files, err = readZipFile(p, lim)
		s.Files, s.Skipped = lastCopies(s.Files)
	default:
		var data []byte
		data, err = readCapped(p, lim.FileBytes)
		s.Files = []File{{Name: utf8Name(filepath.Base(p)), Data: data}}
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
		return fmt.Errorf("%s is %s, larger than the %s one file may have", name, textfmt.Size(n), textfmt.Size(b.lim.FileBytes))
	case b.bytes > b.lim.Bytes:
		return fmt.Errorf("more than %s in all", textfmt.Size(b.lim.Bytes))
	}
	return nil
}

// readDir reads a folder's regular files. What cannot be read, a folder
// nested past the longest path a submission's file may have or an entry
// that will not open, is left out and said in skipped: it is the
// submission's own, and the rest is graded.
func readDir(root string, lim Limits) (files []File, skipped []string, err error) {
	b := &budget{lim: lim}
	skip := func(p string, why string) {
		rel, _ := filepath.Rel(root, p)
		name := utf8Name(filepath.ToSlash(rel))
		if len(name) > 200 {
			name = name[:200] + "…"
		}
		skipped = append(skipped, fmt.Sprintf("left out %s: %s", name, why))
	}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil && p == root:
			return err
		case err != nil:
			skip(p, "it could not be read")
			if d != nil && d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case d.Type()&fs.ModeSymlink != 0 || (!d.IsDir() && !d.Type().IsRegular()):
			return nil // a link could point anywhere on the grader's machine
		}
		rel, _ := filepath.Rel(root, p)
		if p != root && junk(d.Name()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if p != root && nameFits(filepath.ToSlash(rel)) != nil {
			skip(p, "its path is longer than a submission's file may have ("+fmt.Sprint(maxPathBytes)+" bytes)")
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		return b.readFile(p, rel, d, &files, skip)
	})
	return files, skipped, err
}

// readFile reads one regular file of a folder into files, unpacking a
// zip; a file that will not open is skipped, one over the budget is an
// error.
func (b *budget) readFile(p, rel string, d fs.DirEntry, files *[]File, skip func(p, why string)) error {
	info, err := d.Info()
	if err != nil {
		skip(p, "it could not be read")
		return nil
	}
	if err := b.take(rel, info.Size()); err != nil {
		return err
	}
	f, err := os.Open(p)
	if err != nil {
		skip(p, "it could not be read")
		return nil
	}
	f.Close()
	data, err := readCapped(p, b.lim.FileBytes)
	if err != nil {
		return err
	}
	if isZipName(rel) {
		inner, err := readZip(bytes.NewReader(data), int64(len(data)), b, utf8Name(filepath.ToSlash(rel)))
		if err != nil {
			return err
		}
		*files = append(*files, inner...)
		return nil
	}
	*files = append(*files, File{Name: utf8Name(filepath.ToSlash(rel)), Data: data})
	return nil
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

// Entry is one file to read into a submission from a place that holds more
// than one student's work, such as a Canvas download (package canvas): its
// name in the submission, and how to read it. LoadEntries checks it as Load
// checks the entries of a zip.
type Entry struct {
	Name  string // its name in the submission: checked by the zip-slip rules
	Label string // how messages name it (`zip entry "x_1_2_a.zip"`); Name when empty
	Size  int64  // the unpacked size its zip header or the file system gives
	// Packed is its compressed size in a zip (for the compression ratio
	// limit); 0 for a plain file.
	Packed int64
	Link   bool // a symbolic link: always refused
	Open   func() (io.ReadCloser, error)
}

// ZipEntry is the Entry of the archive member f, to be named name.
func ZipEntry(f *zip.File, name string) Entry {
	return Entry{Name: name, Label: fmt.Sprintf("zip entry %q", f.Name), Size: clampSize(f.UncompressedSize64),
		Packed: clampSize(f.CompressedSize64), Link: f.Mode()&fs.ModeSymlink != 0, Open: f.Open}
}

func clampSize(n uint64) int64 { return int64(min(n, math.MaxInt64)) }

// LoadEntries reads entries as the files of one submission, with the checks
// and limits Load applies to a zip: a name that is absolute or climbs out
// with ".." (zip-slip), a symbolic link, and anything over lim (files,
// bytes, compression ratio: a zip bomb is refused from its header, before
// it is inflated) make the submission unreadable, its Problem naming the
// entry and its Files empty; junk (.DS_Store, __MACOSX) is skipped; a zip
// among the entries is unpacked one level, under its own name.
func LoadEntries(id, source string, entries []Entry, lim Limits) Submission {
	s := Submission{ID: id, Source: source}
	b := &budget{lim: lim}
	for _, e := range entries {
		files, err := b.read(e, "", true)
		if err != nil {
			s.Problem = err.Error()
			s.Files = nil
			return s
		}
		s.Files = append(s.Files, files...)
	}
	s.Files, s.Skipped = lastCopies(s.Files)
	sort.Slice(s.Files, func(i, j int) bool { return s.Files[i].Name < s.Files[j].Name })
	return s
}

// lastCopies keeps, of files of the same name (an archive may hold a name
// twice), the last, as unpacking the archive over itself would, with a
// note for each name kept so.
func lastCopies(files []File) ([]File, []string) {
	n := map[string]int{}
	for _, f := range files {
		n[f.Name]++
	}
	var out []File
	var notes []string
	for i, f := range files {
		switch {
		case n[f.Name] == 1:
			out = append(out, f)
		case slices.ContainsFunc(files[i+1:], func(g File) bool { return g.Name == f.Name }):
			// an earlier copy: left out
		default:
			out = append(out, f)
			notes = append(notes, fmt.Sprintf("%s is in the archive %d times: built its last copy", f.Name, n[f.Name]))
		}
	}
	return out, notes
}

// read takes e into the budget and returns its files under prefix: itself,
// or, for a zip when unpack is set, what it holds.
func (b *budget) read(e Entry, prefix string, unpack bool) ([]File, error) {
	label := e.Label
	if label == "" {
		label = fmt.Sprintf("%q", e.Name)
	}
	if e.Link {
		return nil, fmt.Errorf("%s is a symbolic link", label)
	}
	clean, err := safeName(e.Name)
	if err != nil {
		return nil, fmt.Errorf("%s %v", label, err)
	}
	clean = utf8Name(clean)
	if slices.ContainsFunc(strings.Split(clean, "/"), junk) {
		return nil, nil
	}
	if err := nameFits(clean); err != nil {
		return nil, fmt.Errorf("%s %v", label, err)
	}
	// The ratio first: for a bomb it is the telling reason.
	if e.Packed > 0 && e.Size/e.Packed > b.lim.Ratio {
		return nil, fmt.Errorf("%s unpacks to %s, %d times its packed size (at most %d allowed): refused as a zip bomb",
			label, textfmt.Size(e.Size), e.Size/e.Packed, b.lim.Ratio)
	}
	if err := b.take(label, e.Size); err != nil {
		return nil, err
	}
	rc, err := e.Open()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", label, err)
	}
	// The header's size may lie; never read past what the budget allows.
	data, err := io.ReadAll(io.LimitReader(rc, e.Size+1))
	rc.Close()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", label, err)
	}
	if int64(len(data)) != e.Size {
		return nil, fmt.Errorf("%s is not the size its header says", label)
	}
	full := clean
	if prefix != "" {
		full = prefix + "/" + clean
	}
	if unpack && isZipName(clean) {
		inner, err := readZip(bytes.NewReader(data), int64(len(data)), b, full)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", label, err)
		}
		return inner, nil
	}
	return []File{{Name: full, Data: data}}, nil
}

// readZip unpacks an archive in memory, refusing entries that would escape
// their folder, links, and anything over the limits. A zip nested in it (a
// student's hw4.zip) is unpacked one level, under the name of the archive.
func readZip(r io.ReaderAt, size int64, b *budget, prefix string) ([]File, error) {
	zr, err := zip.NewReader(r, size)
	// ErrInsecurePath (under GODEBUG=zipinsecurepath=0) comes with a usable
	// reader; such names are refused one by one below, with the entry named.
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, fmt.Errorf("not a readable zip archive: %v", err)
	}
	var out []File
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		files, err := b.read(ZipEntry(f, f.Name), prefix, prefix == "")
		if err != nil {
			return nil, err
		}
		out = append(out, files...)
	}
	return out, nil
}

// utf8Name makes a file name valid UTF-8, as every file written for a
// build must be: each byte that is not part of a UTF-8 character is written
// %XX (a zip from an old Windows tool names café.txt "caf\xe9.txt", which
// becomes caf%E9.txt).
func utf8Name(name string) string {
	if utf8.ValidString(name) {
		return name
	}
	var b strings.Builder
	for i := 0; i < len(name); {
		r, n := utf8.DecodeRuneInString(name[i:])
		if r == utf8.RuneError && n == 1 {
			fmt.Fprintf(&b, "%%%02X", name[i])
		} else {
			b.WriteString(name[i : i+n])
		}
		i += n
	}
	return b.String()
}

// safeName refuses absolute paths, "..", and backslash tricks (zip-slip);
// its errors read after the name ("zip entry \"../x\" climbs out ...").
// The longest file name, and path, a submission's file may have: what
// every common file system holds (255 bytes a name), and a path far from
// the system's limit wherever the sandbox puts it.
const (
	maxNameBytes = 255
	maxPathBytes = 1024
)

// nameFits says why a file of a submission named name (clean, slash
// separated) could not be written to disk to be built: a name or the
// path too long.
func nameFits(name string) error {
	for _, part := range strings.Split(name, "/") {
		if len(part) > maxNameBytes {
			return fmt.Errorf("has a name of %d bytes, longer than a file system holds (%d)", len(part), maxNameBytes)
		}
	}
	if len(name) > maxPathBytes {
		return fmt.Errorf("has a path of %d bytes (at most %d)", len(name), maxPathBytes)
	}
	return nil
}

func safeName(name string) (string, error) {
	n := strings.ReplaceAll(name, "\\", "/")
	if strings.ContainsRune(n, 0) {
		return "", errors.New("has a NUL character in its name")
	}
	if strings.HasPrefix(n, "/") || (len(n) > 1 && n[1] == ':') {
		return "", errors.New("has an absolute path")
	}
	for _, part := range strings.Split(n, "/") {
		if part == ".." {
			return "", errors.New("climbs out of the archive with \"..\" (zip-slip)")
		}
	}
	clean := path.Clean(n)
	if clean == "." || clean == "" {
		return "", errors.New("has no name")
	}
	return clean, nil
}
