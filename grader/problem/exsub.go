package problem

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
)

// Submission reads the example as the format builds it: its files, a
// link among them followed when it leads to a file of the package (the
// format lets a package link to its own files; a link leading out of it
// is left out, as any submission's links are), its constants replaced.
func (ex Example) Submission(lim submission.Limits) submission.Submission {
	sub := submission.Load(ex.Path, lim)
	if sub.Problem == "" {
		sub.Files = append(sub.Files, ex.linked(lim)...)
		slices.SortFunc(sub.Files, func(a, b submission.File) int { return strings.Compare(a.Name, b.Name) })
	}
	for i := range sub.Files {
		sub.Files[i].Data = ex.Replace(sub.Files[i].Data)
	}
	return sub
}

// linked reads the files of the example's folder that are links to a
// regular file of the package, each at most lim.FileBytes long.
func (ex Example) linked(lim submission.Limits) []submission.File {
	root, err := resolved(ex.root)
	if err != nil || ex.root == "" {
		return nil
	}
	var out []submission.File
	filepath.WalkDir(ex.Path, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.Type()&fs.ModeSymlink == 0 || p == ex.Path {
			return nil
		}
		target, err := resolved(p)
		if err != nil || !inside(root, target) {
			return nil
		}
		st, err := os.Stat(target)
		if err != nil || !st.Mode().IsRegular() || (lim.FileBytes > 0 && st.Size() > lim.FileBytes) {
			return nil
		}
		data, err := os.ReadFile(target)
		rel, _ := filepath.Rel(ex.Path, p)
		if err == nil {
			out = append(out, submission.File{Name: filepath.ToSlash(rel), Data: data})
		}
		return nil
	})
	return out
}

// resolved is p absolute, its links followed.
func resolved(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// inside reports whether path p lies in folder root (both resolved).
func inside(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// Build is b with the example's entry point as its main, when
// submissions.yaml names one (its entrypoint: a file, "ac.py", or a Java
// class); else, for a Java folder of several classes that declare main,
// the class BAPCtools runs (judgesJavaMain); else b.
func (ex Example) Build(b rubric.Build) rubric.Build {
	if ex.entry == "" {
		if c := judgesJavaMain(ex.Path); c != "" {
			b.Main = c
		}
		return b
	}
	b.Main = ex.entry
	if ext := filepath.Ext(ex.entry); toolchain.ByExt(strings.ToLower(ext)) != nil {
		b.Main = strings.TrimSuffix(ex.entry, ext)
	}
	return b
}

// judgesJavaMain is the class BAPCtools runs of a submission folder whose
// .java files declare main in several classes and that names no entry
// point: the class of its first .java file by name that starts with
// "main" (in any case), else of its first .java file ("" for a folder of
// one class with main or none: the grader's own choice holds). The
// format's default, the class Main, is one of the first.
func judgesJavaMain(dir string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var files []string
	mains := 0
	for _, e := range entries { // in name order
		if !e.Type().IsRegular() || filepath.Ext(e.Name()) != ".java" {
			continue
		}
		files = append(files, e.Name())
		if data, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil && toolchain.JavaMainClass(data) != "" {
			mains++
		}
	}
	if mains < 2 {
		return ""
	}
	pick := files[0]
	if i := slices.IndexFunc(files, func(f string) bool { return strings.HasPrefix(strings.ToLower(f), "main") }); i >= 0 {
		pick = files[i]
	}
	return strings.TrimSuffix(pick, ".java")
}

// Parts are the package's rubric parts ps as this example is graded
// with them: a group that stops at its first rejected case
// (rubric.Part.StopAtReject) runs every case when a rule of the example
// names some cases (a test case glob of submissions.yaml), whose own
// verdicts it checks.
func (ex Example) Parts(ps []rubric.Part) []rubric.Part {
	if !slices.ContainsFunc(ex.rules, func(r rule) bool { return r.cases != "" }) {
		return ps
	}
	ps = slices.Clone(ps)
	for i := range ps {
		ps[i].StopAtReject = false
	}
	return ps
}
