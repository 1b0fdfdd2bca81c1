package canvas

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/submission"
)

// Limits bound reading a download: each student's files as one submission
// (Student), and the download as a whole.
type Limits struct {
	Student submission.Limits
	Entries int   // entries in the download
	Bytes   int64 // bytes all students' files may take together
}

// DefaultLimits suit a class's source-code homework.
var DefaultLimits = Limits{Student: submission.DefaultLimits, Entries: 20000, Bytes: 2 << 30}

// ErrTooBig marks a download over its Limits as a whole.
var ErrTooBig = errors.New("over the limits for a download")

// entry is one file of a download, before it is read.
type entry struct {
	raw  string // its name in the download, as the archive or folder has it
	name Name   // what the base of raw says, when ok
	ok   bool
	// problem, when set, says why the entry is refused as it stands (a
	// path, a link): a hostile download.
	problem string
	read    submission.Entry
}

// IsDownload reports whether p is a Canvas download: a zip, or a folder
// it was unpacked to, in which more than half of the files (and at least
// one) are named as Canvas names them. Junk (.DS_Store, __MACOSX) does not
// count. A zip that will not open is not a download.
func IsDownload(p string) bool {
	d, err := open(p)
	if err != nil {
		return false
	}
	defer d.close()
	return d.isDownload()
}

// download is an opened zip or folder.
type download struct {
	path    string
	count   int // entries, junk and folders included
	entries []entry
	close   func()
}

func (d *download) isDownload() bool {
	named, all := 0, 0
	for _, e := range d.entries {
		all++
		if e.ok {
			named++
		}
	}
	return named > 0 && 2*named > all
}

// open lists the entries of a zip or folder without reading them.
func open(p string) (*download, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return openDir(p)
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	zr, err := zip.NewReader(f, st.Size())
	// ErrInsecurePath (GODEBUG=zipinsecurepath=0) comes with a usable
	// reader: such entries are refused one by one.
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		f.Close()
		return nil, fmt.Errorf("%s: not a readable zip archive: %v", p, err)
	}
	d := &download{path: p, count: len(zr.File), close: func() { f.Close() }}
	for _, zf := range zr.File {
		if zf.FileInfo().IsDir() {
			continue
		}
		d.add(zf.Name, submission.ZipEntry(zf, ""))
	}
	return d, nil
}

func openDir(p string) (*download, error) {
	des, err := os.ReadDir(p)
	if err != nil {
		return nil, err
	}
	d := &download{path: p, count: len(des), close: func() {}}
	for _, de := range des {
		full := filepath.Join(p, de.Name())
		info, err := de.Info()
		if err != nil {
			return nil, err
		}
		e := submission.Entry{Label: fmt.Sprintf("file %q", de.Name()), Size: info.Size(),
			Link: de.Type()&fs.ModeSymlink != 0, Open: func() (io.ReadCloser, error) { return os.Open(full) }}
		switch {
		case de.IsDir():
			if !junk(de.Name()) {
				// A folder in a download is a stray, never a student's.
				d.entries = append(d.entries, entry{raw: de.Name() + "/"})
			}
			continue
		case !e.Link && !de.Type().IsRegular():
			e.Link = true // a device or pipe: refused as a link is
		}
		d.add(de.Name(), e)
	}
	return d, nil
}

// add lists the entry raw unless it is junk.
func (d *download) add(raw string, e submission.Entry) {
	slash := strings.ReplaceAll(raw, "\\", "/")
	parts := strings.Split(slash, "/")
	if slices.ContainsFunc(parts, junk) {
		return
	}
	base := parts[len(parts)-1]
	n, ok := ParseName(base)
	en := entry{raw: raw, name: n, ok: ok, read: e}
	en.read.Name = n.File
	switch {
	case e.Link:
		en.problem = fmt.Sprintf("entry %q is a symbolic link", raw)
	case len(parts) > 1:
		// Canvas writes every file at the top: a path is a forged download.
		en.problem = fmt.Sprintf("entry %q %s", raw, pathProblem(slash))
	}
	d.entries = append(d.entries, en)
}

// pathProblem says what is wrong with an entry's path in a download.
func pathProblem(slash string) string {
	switch {
	case strings.HasPrefix(slash, "/") || len(slash) > 1 && slash[1] == ':':
		return "has an absolute path"
	case slices.Contains(strings.Split(slash, "/"), ".."):
		return `climbs out of the archive with ".." (zip-slip)`
	}
	return "is in a folder, where Canvas writes none"
}

// junk is a name archivers and file managers leave behind (".." is not:
// it is an attack).
func junk(name string) bool {
	return strings.HasPrefix(name, ".") && name != "." && name != ".." || name == "__MACOSX"
}

// Read reads the Canvas download p (a zip or the folder it was unpacked to)
// as one submission per student, sorted by ID. Entries that belong to no
// student (not named as Canvas names files) are skipped, each with a
// warning; an entry that is a link or has a path is refused, spoiling its
// student's submission, or with a warning when it names none. Errors are
// for a download that cannot be opened or is over lim as a whole.
func Read(p string, lim Limits) (subs []submission.Submission, warnings []string, err error) {
	d, err := open(p)
	if err != nil {
		return nil, nil, err
	}
	defer d.close()
	if d.count > lim.Entries {
		return nil, nil, fmt.Errorf("%s: %d entries, more than the %d a download may have: %w", p, d.count, lim.Entries, ErrTooBig)
	}
	byID := map[string][]entry{}
	var ids []string
	for _, e := range d.entries {
		switch {
		case !e.ok && e.problem != "":
			warnings = append(warnings, fmt.Sprintf("%s: %s: refused", p, e.problem))
		case !e.ok:
			warnings = append(warnings, fmt.Sprintf("%s: entry %q is not named as Canvas names submitted files: skipped", p, e.raw))
		default:
			id := e.name.ID()
			if byID[id] == nil {
				ids = append(ids, id)
			}
			byID[id] = append(byID[id], e)
		}
	}
	slices.Sort(ids)
	slices.Sort(warnings)
	var total int64
	for _, id := range ids {
		s := student(p, id, byID[id], lim.Student)
		for _, f := range s.Files {
			total += int64(len(f.Data))
		}
		if total > lim.Bytes {
			return nil, nil, fmt.Errorf("%s: the students' files take more than %d bytes in all: %w", p, lim.Bytes, ErrTooBig)
		}
		subs = append(subs, s)
	}
	return subs, warnings, nil
}

// student reads one student's entries as a submission.
func student(p, id string, es []entry, lim submission.Limits) submission.Submission {
	// Stable: a forged zip may name two entries alike; the first counts.
	slices.SortStableFunc(es, func(x, y entry) int { return strings.Compare(x.raw, y.raw) })
	source := filepath.Join(p, id) // a student's part of the download
	first := es[0].name
	late := slices.ContainsFunc(es, func(e entry) bool { return e.name.Late })
	fill := func(s submission.Submission) submission.Submission {
		s.Student, s.UserID, s.LateMarker = first.Student, first.UserID, late
		if first.AnonymousID != "" {
			s.Student = id
		}
		return s
	}
	for _, e := range es {
		if e.problem != "" {
			return fill(submission.Submission{ID: id, Source: source, Problem: e.problem})
		}
	}
	// The newest attachment of each name, under its name without Canvas's "-N".
	newest := map[string]entry{}
	var names []string
	for _, e := range es {
		name := e.name.File
		if !e.name.Online() {
			name = baseName(name)
		}
		old, seen := newest[name]
		if !seen {
			names = append(names, name)
		}
		if !seen || newer(e.name, old.name) {
			e.read.Name = name
			newest[name] = e
		}
	}
	slices.Sort(names)
	var read []submission.Entry
	for _, name := range names {
		read = append(read, newest[name].read)
	}
	return fill(submission.LoadEntries(id, source, read, lim))
}

// newer reports whether x was uploaded after y: the higher attachment id
// (a text entry, with none, is oldest).
func newer(x, y Name) bool {
	a, b := strings.TrimLeft(x.AttachmentID, "0"), strings.TrimLeft(y.AttachmentID, "0")
	if len(a) != len(b) {
		return len(a) > len(b)
	}
	return a > b
}

// Discover lists the submissions of inputs as submission.Discover does,
// except that an input that is a Canvas download (IsDownload) gives one
// submission per student (Read). IDs are kept distinct across inputs.
func Discover(inputs []string, sourceExts []string, lim Limits) (subs []submission.Submission, warnings []string, err error) {
	for _, in := range inputs {
		if IsDownload(in) {
			s, w, err := Read(in, lim)
			if err != nil {
				return nil, nil, err
			}
			subs, warnings = append(subs, s...), append(warnings, w...)
			continue
		}
		s, skipped, err := submission.DiscoverSkipped([]string{in}, sourceExts, lim.Student)
		if err != nil {
			return nil, nil, err
		}
		subs = append(subs, s...)
		if len(skipped) > 0 {
			warnings = append(warnings, fmt.Sprintf("not graded: %s: a name that starts with a dot is not taken for a submission; rename it to grade it",
				strings.Join(skipped, ", ")))
		}
	}
	submission.UniqueIDs(subs)
	return subs, warnings, nil
}
