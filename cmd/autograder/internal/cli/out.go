package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/internal/atomicfile"
)

// outMarker is the file grade writes first into its --out folder: a later
// run finds it and knows the folder is its own to overwrite.
const outMarker = ".autograder"

const markerText = "This folder is the output of `autograder grade`: the next run with this --out replaces its files.\n"

// outFiles are the files grade writes at the top of --out, beside reports/.
var outFiles = []string{"results.json", "gradebook.csv", "parts.csv", "index.html"}

// outDir is grade's --out folder, checked before anything is graded.
type outDir struct {
	path    string
	earlier bool // it holds an earlier run's output
}

// claimOut checks that grade may write into out: it is not an input nor
// inside one (the next run would grade the reports as a submission), and
// it is new, empty, or an earlier output of grade (outMarker, or the
// .cache/ of a grader older than the marker). Nothing is written.
func claimOut(out string, inputs []string) (outDir, error) {
	o := outDir{path: out}
	real, err := realPath(out)
	if err != nil {
		return o, badInputf("--out %s: %v", out, err)
	}
	for _, in := range inputs {
		rin, err := realPath(in)
		if err != nil {
			return o, badInputf("%s: %v", in, err)
		}
		if real == rin {
			return o, badInputf("--out %s is the input %s: the next run would grade the reports as a submission; write them elsewhere", out, in)
		}
		if within(real, rin) {
			return o, badInputf("--out %s is inside the input %s: the next run would grade the reports as a submission; write them elsewhere", out, in)
		}
	}
	entries, err := os.ReadDir(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return o, nil
	case err != nil:
		return o, badInputf("--out %s: not a folder (%v)", out, errors.Unwrap(err))
	case len(entries) == 0:
		return o, nil
	}
	for _, e := range entries {
		// The marker's temporary file: another grade (a shard) is
		// claiming the folder at this moment.
		if e.Name() == outMarker || e.Name() == ".cache" && e.IsDir() || strings.HasPrefix(e.Name(), "."+outMarker+".") {
			o.earlier = true
			return o, nil
		}
	}
	return o, badInputf("--out %s: not empty, and not an earlier output of autograder grade (no %s file in it): name a new or empty folder", out, outMarker)
}

// realPath is p made absolute with its symbolic links resolved, as far
// as it exists: an --out folder may not exist yet.
func realPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	var rest []string
	for dir := abs; ; dir = filepath.Dir(dir) {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(append([]string{r}, rest...)...), nil
		}
		if filepath.Dir(dir) == dir {
			return abs, nil
		}
		rest = append([]string{filepath.Base(dir)}, rest...)
	}
}

// within reports whether p is dir or lies inside it.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// create makes the folder and marks it as grade's.
func (o outDir) create() error {
	if err := os.MkdirAll(o.path, 0o755); err != nil {
		return err
	}
	marker := filepath.Join(o.path, outMarker)
	if data, err := os.ReadFile(marker); err == nil && string(data) == markerText {
		return nil
	}
	return atomicfile.WriteFile(marker, []byte(markerText))
}

// existing lists what of an earlier run the next WriteAll will replace:
// the top-level files by name, and how many of the reports named (their
// file names under reports/, report.ReportNames).
func (o outDir) existing(names []string) (files []string, reports int) {
	for _, name := range outFiles {
		if _, err := os.Stat(filepath.Join(o.path, name)); err == nil {
			files = append(files, name)
		}
	}
	for _, name := range o.reports() {
		if slices.Contains(names, name) {
			reports++
		}
	}
	return files, reports
}

// reports lists the file names of the reports in the folder, sorted.
func (o outDir) reports() []string {
	entries, _ := os.ReadDir(filepath.Join(o.path, "reports"))
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".md") && e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	return names
}

// removeStale removes the reports that are not named (an earlier batch's
// submissions') and returns their paths, sorted.
func (o outDir) removeStale(names []string) ([]string, error) {
	var removed []string
	for _, name := range o.reports() {
		if slices.Contains(names, name) {
			continue
		}
		if err := os.Remove(filepath.Join(o.path, "reports", name)); err != nil {
			return removed, err
		}
		removed = append(removed, "reports/"+name)
	}
	return removed, nil
}

// replacedText says what an earlier run left that this one replaced:
// "results.json, gradebook.csv and 6 reports".
func replacedText(files []string, reports int) string {
	items := slices.Clone(files)
	switch {
	case reports == 1:
		items = append(items, "1 report")
	case reports > 1:
		items = append(items, fmt.Sprintf("%d reports", reports))
	}
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// freshFolder refuses to write into a folder that holds files, unless
// forced: cases generate never overwrites an assignment's cases unasked.
func freshFolder(dir string, force bool) error {
	ents, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return badInputf("--out %s: %v", dir, err)
	case len(ents) > 0 && !force:
		return badInputf("--out %s already holds files: name a new folder, or add --force to replace its cases", dir)
	}
	return nil
}
