package grader

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/sandbox"
)

// The sources stage: what of a submission is built. A submission is
// admitted (readable, not later than the late policy accepts), its files
// are picked by the rubric's required names (a file under another name
// or in a folder, a misnamed main), what a compiler makes is left out,
// and a package statement is kept, stripped or refused.

// sources is what Grade makes of a submission before it builds: the files
// to build with the deduction and notes they bring, or, when status is
// set, why nothing is built.
type sources struct {
	files  []submission.File
	deduct float64
	notes  []string
	handed []HandedFile      // every file handed in, and what it was built as
	all    []submission.File // every file handed in, as handed in (a tests part's)

	status Status
	note   string

	// given maps a handed-in file's path to the name it is given to the
	// build under (a required name, its base name, its path).
	given map[string]string
}

// handedFiles lists the files handed in, each with the name it was built
// under when it is given to the build as one of the files built (given):
// that name, or under a list of languages (auto), its base name, as
// package grader/runner builds the files of one folder.
func handedFiles(all []submission.File, given map[string]string, built []submission.File, auto bool) []HandedFile {
	names := map[string]bool{}
	for _, f := range built {
		names[f.Name] = true
	}
	var out []HandedFile
	for _, f := range all {
		h := HandedFile{Path: f.Name, Bytes: len(f.Data)}
		if as, ok := given[f.Name]; ok && names[as] {
			h.BuiltAs = as
			if auto {
				h.BuiltAs = path.Base(as)
			}
		}
		out = append(out, h)
	}
	return out
}

func (a *Assignment) sources(sub submission.Submission, lateDays int) sources {
	src := a.sourcesOf(sub, lateDays)
	src.handed = handedFiles(sub.Files, src.given, src.files, a.Rubric.Build.Language == rubric.Auto)
	src.all = sub.Files
	return src
}

func (a *Assignment) sourcesOf(sub submission.Submission, lateDays int) sources {
	switch _, accepted := a.Rubric.Late.Penalty(lateDays); {
	case sub.Problem != "":
		return sources{status: StatusUnread, note: sub.Problem}
	case !accepted:
		return sources{status: StatusLate, note: fmt.Sprintf("%s late: the late policy accepts at most %d", Days(lateDays), len(a.Rubric.Late.Penalties))}
	}
	p := a.pickFiles(sub.Files)
	if len(p.missing) > 0 {
		p.nearMissing(sub.Files)
		return sources{status: StatusMissing, note: p.missingNote()}
	}
	src := sources{notes: append(slices.Clone(sub.Skipped), p.notes...), given: p.given}
	if p.renamed {
		src.deduct += a.Rubric.Submission.RenamePenalty
	} else if note := a.mainStandIn(p.files); note != "" {
		src.deduct += a.Rubric.Submission.RenamePenalty
		src.notes = append(src.notes, note)
	}
	files, dropped := a.dropProducts(p.files)
	src.notes = append(src.notes, dropped...)
	if found := packageFiles(files); len(found) > 0 {
		switch a.Rubric.Submission.Package {
		case "reject":
			return sources{status: StatusReject, note: fmt.Sprintf("%s has a package statement; the assignment asks for none", strings.Join(found, ", "))}
		case "strip":
			files = stripPackage(files)
			src.deduct += a.Rubric.Submission.PackagePenalty
			src.notes = append(src.notes, fmt.Sprintf("%s has a package statement: removed before building, %s points deducted", strings.Join(found, ", "), FormatPoints(a.Rubric.Submission.PackagePenalty)))
		default:
			src.notes = append(src.notes, fmt.Sprintf("%s has a package statement; the assignment asks for none", strings.Join(found, ", ")))
		}
	}
	src.files = files
	return src
}

// dropProducts leaves out what a compiler makes (class files, jars, object
// files): a submission is built from its sources alone, whatever it
// brought. Required files and the rubric's submission.allow are kept.
func (a *Assignment) dropProducts(files []submission.File) ([]submission.File, []string) {
	s := a.Rubric.Submission
	var ignored []string
	files = slices.DeleteFunc(slices.Clone(files), func(f submission.File) bool {
		base := path.Base(f.Name)
		if !a.Rubric.Build.Product(f.Name) || slices.Contains(s.Required, base) || slices.Contains(s.Allow, base) {
			return false
		}
		ignored = append(ignored, f.Name)
		return true
	})
	if len(ignored) == 0 {
		return files, nil
	}
	return files, []string{fmt.Sprintf("ignored %s: only sources are built", strings.Join(ignored, ", "))}
}

// BuildFiles returns the files Grade gives the runner's Build for sub,
// nil when it would build nothing (the submission is unreadable, late
// past the policy, missing a file or rejected). A Preparer is given these.
func (a *Assignment) BuildFiles(sub submission.Submission, lateDays int) []submission.File {
	src := a.sources(sub, lateDays)
	if src.status != "" {
		return nil
	}
	return src.files
}

// picked is what pickFiles makes of a submission's files.
type picked struct {
	files   []submission.File // the files to build, named as they are built
	notes   []string          // a tie of required files, a file built under another's name
	renamed bool              // a file is built under a required name it does not have
	missing []absentFile
	given   map[string]string // a file's path to its name in files
	dir     string            // the folder built from, when found (anchor)

	required []string  // what the submission must hold (required)
	fit      sourceFit // what its language knows of a source; nil: none
}

// requiredNames is what a submission of files must hold, and the language
// whose sources it is judged by: the rubric's required files and language;
// or, under a list of languages ("auto"), the required files of the
// submission's language (requiredLanguage) and those that are no
// language's source (a README), each language's own name holding for it
// alone (required = ["sum.c", "sum.py"]: a C submission needs sum.c).
func (a *Assignment) requiredNames(files []submission.File) ([]string, rubric.Language) {
	b, req := a.Rubric.Build, a.Rubric.Submission.Required
	if b.Language != rubric.Auto {
		return req, b.Language
	}
	lang := requiredLanguage(b.Languages, req, files)
	var out []string
	for _, r := range req {
		if l := languageOf(b.Languages, r); l == "" || l == lang {
			out = append(out, r)
		}
	}
	return out, lang
}

// requiredLanguage is the language of langs a submission of files is in:
// the first whose required sources (of req) it holds, all by name; else
// that of its shallowest source (of several, the first by path), as
// package grader/runner picks; "" when it holds none.
func requiredLanguage(langs []rubric.Language, req []string, files []submission.File) rubric.Language {
	names := map[string]bool{}
	for _, f := range files {
		names[path.Base(f.Name)] = true
	}
	for _, l := range langs {
		all, some := true, false
		for _, r := range req {
			if languageOf(langs, r) == l {
				some, all = true, all && names[r]
			}
		}
		if some && all {
			return l
		}
	}
	var sources []string
	for _, f := range files {
		if languageOf(langs, f.Name) != "" {
			sources = append(sources, f.Name)
		}
	}
	if s := shallowest(sources); len(s) > 0 {
		return languageOf(langs, s[0])
	}
	return ""
}

// languageOf is the language of langs whose source name is, by its
// extension; "" when none.
func languageOf(langs []rubric.Language, name string) rubric.Language {
	for _, l := range langs {
		if slices.Contains(rubric.SourceExts(l), path.Ext(name)) {
			return l
		}
	}
	return ""
}

// absentFile is a required file that is not there, and why no other file was
// taken for it.
type absentFile struct {
	name    string
	several []string // the files that could each be it
	refused []string // files that could be it but for their content, each with why
	near    []string // files meant for it, perhaps, that cannot be it, each with why
}

// nearMissing finds, for each missing required file, the files of the
// submission that look meant for it but cannot be built as it: another
// extension, of another language or none (a C++ file for a C assignment's
// matrix.c), or
// its name in another folder than the one built. A student who handed in
// the wrong file must see it named.
func (p *picked) nearMissing(files []submission.File) {
	for i, m := range p.missing {
		for _, f := range files {
			base := path.Base(f.Name)
			switch {
			case slices.Contains(m.several, f.Name) || slices.ContainsFunc(m.refused, func(r string) bool { return strings.HasPrefix(r, f.Name+" ") }):
			case !strings.EqualFold(path.Ext(base), path.Ext(m.name)) && nameLike(base, m.name):
				what := "another extension"
				if tc := toolchain.ByExt(path.Ext(base)); tc != nil {
					what = "a " + tc.Title + " source"
				}
				p.missing[i].near = append(p.missing[i].near, f.Name+" ("+what+")")
			case p.dir != "" && path.Dir(f.Name) != p.dir && (base == m.name || nameLike(base, m.name)):
				p.missing[i].near = append(p.missing[i].near, f.Name+" (outside "+folderName(p.dir)+", the folder of "+p.required[0]+")")
			}
		}
	}
}

// folderName names a folder of a submission: "hw4/", "the top folder".
func folderName(dir string) string {
	if dir == "." {
		return "the top folder"
	}
	return dir + "/"
}

// missingNote says which required files are missing and, for each, the
// files that were not taken in its place and why: a student who handed in
// EightQueens.java must read more than "missing EightQueen.java".
func (p picked) missingNote() string {
	var out []string
	for _, m := range p.missing {
		s := "missing " + m.name
		switch {
		case len(m.several) > 0:
			s += fmt.Sprintf(": %s could each be it, so none was built", andList(m.several))
		case len(m.refused) == 1:
			s += fmt.Sprintf(": %s, so it cannot be built as %s", m.refused[0], m.name)
		case len(m.refused) > 1:
			s += fmt.Sprintf(": %s, so they cannot be built as %s", andList(m.refused), m.name)
		}
		if len(m.near) > 0 {
			s += fmt.Sprintf("; handed in %s, not built in its place", andList(m.near))
		}
		out = append(out, s)
	}
	return strings.Join(out, "; ")
}

// pickFiles picks the files to build: the folder holding the first required
// file (the shallowest if several) and every file directly in it. Students
// zip folders in many ways (hw4/EightQueen.java, src/...); the required
// names are what anchors the build. When more than one such file is the
// shallowest, the first by name is used, with a note naming them all.
//
// A required file that is not there is looked for (standIn): the first
// anywhere in the submission, the others in its folder. The file found is
// built under the required name, with a note naming it.
func (a *Assignment) pickFiles(files []submission.File) picked {
	req, lang := a.requiredNames(files)
	if len(req) == 0 {
		return picked{files: files, notes: a.folderNote(files), given: a.givenAsIs(files)}
	}
	p := picked{fit: fitOf(lang), required: req}
	rename := map[string]string{} // a file's path to the required name it is built under
	dir, ok := p.anchor(files, rename)
	if !ok {
		return p
	}
	p.dir = dir
	var inDir []submission.File
	for _, f := range files {
		if path.Dir(f.Name) == dir {
			inDir = append(inDir, f)
		}
	}
	p.findOthers(inDir, rename)
	if len(p.missing) == 0 {
		p.name(inDir, rename, a.Rubric.Submission.RenamePenalty)
	}
	return p
}

// anchor is the folder the submission is built from: that of its
// shallowest file named as the first required file (of several, the
// first by path; the others ignored, with a note), or of the file that
// stands in for it (in rename); false, with p.missing, when there is none.
func (p *picked) anchor(files []submission.File, rename map[string]string) (string, bool) {
	first := p.required[0]
	candidates, deeper := shallowestNamed(first, files)
	if len(candidates) == 1 && len(deeper) > 0 {
		slices.Sort(deeper)
		p.notes = append(p.notes, fmt.Sprintf("%d files named %s: built %s, the shallowest, and ignored %s",
			1+len(deeper), first, candidates[0], strings.Join(deeper, ", ")))
	}
	if len(candidates) == 0 {
		found, m := p.standIn(first, files)
		if found == "" {
			for _, r := range p.required[1:] {
				m = append(m, absentFile{name: r})
			}
			p.missing = m
			return "", false
		}
		candidates, rename[found] = []string{found}, first
	}
	slices.Sort(candidates)
	if len(candidates) > 1 {
		ignored := append(slices.Clone(candidates[1:]), deeper...)
		slices.Sort(ignored)
		p.notes = append(p.notes, fmt.Sprintf("%d files named %s at the same depth: built %s, ignored %s",
			len(candidates), first, candidates[0], strings.Join(ignored, ", ")))
	}
	return path.Dir(candidates[0]), true
}

// shallowestNamed are the paths of the files called name at the least
// depth, and those deeper.
func shallowestNamed(name string, files []submission.File) (shallowest, deeper []string) {
	depth := math.MaxInt
	for _, f := range files {
		if path.Base(f.Name) != name {
			continue
		}
		switch d := strings.Count(f.Name, "/"); {
		case d < depth:
			deeper = append(deeper, shallowest...)
			shallowest, depth = []string{f.Name}, d
		case d == depth:
			shallowest = append(shallowest, f.Name)
		default:
			deeper = append(deeper, f.Name)
		}
	}
	return shallowest, deeper
}

// findOthers finds the other required files in the anchor's folder, each
// by its name or else a file that stands in for it (in rename); p.missing
// lists those neither finds.
func (p *picked) findOthers(inDir []submission.File, rename map[string]string) {
	for _, r := range p.required[1:] {
		if slices.ContainsFunc(inDir, func(f submission.File) bool { return path.Base(f.Name) == r }) {
			continue
		}
		var rest []submission.File // the files not yet built under a required name
		for _, f := range inDir {
			if _, taken := rename[f.Name]; !taken {
				rest = append(rest, f)
			}
		}
		found, m := p.standIn(r, rest)
		if found == "" {
			p.missing = append(p.missing, m...)
			continue
		}
		rename[found] = r
	}
}

// name gives p the folder's files as they are built: each by its base
// name, or the required name it stands in for (a note, and the rename
// penalty when there is one).
func (p *picked) name(inDir []submission.File, rename map[string]string, penalty float64) {
	p.given = map[string]string{}
	for _, f := range inDir {
		name := path.Base(f.Name)
		if r, ok := rename[f.Name]; ok {
			name = r
			p.renamed = true
			note := fmt.Sprintf("%s is missing: built %s under that name", r, f.Name)
			if penalty > 0 {
				note += fmt.Sprintf(", %s points deducted", FormatPoints(penalty))
			}
			p.notes = append(p.notes, note)
		}
		p.files = append(p.files, submission.File{Name: name, Data: f.Data})
		p.given[f.Name] = name
	}
}

// BuiltAs says what each file of sub that is built is built as: by its
// path in the submission, its name in the build (its base name, or the
// required name it stands in for). hw4/EightQueen.java and a bare
// EightQueen.java are both built as EightQueen.java. A file not built
// (in another folder) is not in it; nor is any when a required file is
// missing.
func (a *Assignment) BuiltAs(sub submission.Submission) map[string]string {
	p := a.pickFiles(sub.Files)
	if len(p.missing) > 0 {
		return map[string]string{}
	}
	return maps.Clone(p.given)
}

// givenAsIs is what files handed to the build as they are are built as:
// each under its own path; under a list of languages, those of the
// folder package grader/runner builds (builtDir) under their base names.
func (a *Assignment) givenAsIs(files []submission.File) map[string]string {
	b := a.Rubric.Build
	given := map[string]string{}
	dir, ok := builtDir(b.Languages, files)
	for _, f := range files {
		switch {
		case b.Language != rubric.Auto:
			given[f.Name] = f.Name
		case ok && path.Dir(f.Name) == dir:
			given[f.Name] = f.Name
		}
	}
	return given
}

// folderNote says which folder a submission is built from under a list
// of languages when sources of its languages sit in several folders, as
// package grader/runner picks it (the shallowest, of several the first
// by name), and which it ignored; nil when one folder holds them all.
func (a *Assignment) folderNote(files []submission.File) []string {
	b := a.Rubric.Build
	if b.Language != rubric.Auto {
		return nil
	}
	var dirs []string // each folder holding a source, once
	for _, f := range files {
		if d := path.Dir(f.Name); languageOf(b.Languages, f.Name) != "" && !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	if len(dirs) < 2 {
		return nil
	}
	slices.SortFunc(dirs, func(x, y string) int {
		return cmp.Or(cmp.Compare(strings.Count(x, "/"), strings.Count(y, "/")), strings.Compare(x, y))
	})
	why := "the shallowest"
	if strings.Count(dirs[0], "/") == strings.Count(dirs[1], "/") {
		why = "the first by name of those at the shallowest depth"
	}
	shown := make([]string, len(dirs))
	for i, d := range dirs {
		shown[i] = d + "/"
		if d == "." {
			shown[i] = "the top folder"
		}
	}
	return []string{fmt.Sprintf("sources in %d folders: built those in %s, %s, and ignored %s", len(dirs), shown[0], why, andList(shown[1:]))}
}

// mainStandIn says, under a list of languages whose rubric names the
// main (build.main = "wordfreq"), what runs in its place when the
// submission has none of that name: the file or class its toolchain
// picks instead (the only Python file, word_freq.py; the only Java class
// declaring main), as package grader/runner will run it. That is a
// misnamed file as a required one is, and rename_penalty is deducted
// with this note. "" when the named main runs, or the rubric names none.
func (a *Assignment) mainStandIn(files []submission.File) string {
	b := a.Rubric.Build
	if b.Language != rubric.Auto || b.Main == "" || len(b.Include) > 0 {
		return ""
	}
	dir, ok := builtDir(b.Languages, files)
	if !ok {
		return ""
	}
	var lang rubric.Language
	var sources []string
	var inDir []sandbox.File
	for _, f := range files {
		if path.Dir(f.Name) != dir {
			continue
		}
		base := path.Base(f.Name)
		inDir = append(inDir, sandbox.File{Name: base, Data: f.Data})
		if l := languageOf(b.Languages, base); l != "" {
			if lang != "" && l != lang {
				return "" // two languages: a compile error says so
			}
			lang, sources = l, append(sources, base)
		}
	}
	tc := toolchain.Lookup(lang)
	if tc == nil || tc.PickMain == nil {
		return ""
	}
	slices.Sort(sources)
	main, problem := tc.PickMain(sources, inDir, b.Main)
	if problem != "" || main == "" || strings.TrimSuffix(main, path.Ext(main)) == b.Main {
		return ""
	}
	note := fmt.Sprintf("no %s to run: ran %s in its place", b.Main, main)
	if pen := a.Rubric.Submission.RenamePenalty; pen > 0 {
		note += fmt.Sprintf(", %s points deducted", FormatPoints(pen))
	}
	return note
}

// builtDir is the folder whose files a submission under a list of
// languages is built from, as package grader/runner picks it: the
// shallowest holding a source of langs, of several the first by name.
func builtDir(langs []rubric.Language, files []submission.File) (string, bool) {
	dir, depth := "", -1
	for _, f := range files {
		if languageOf(langs, f.Name) == "" {
			continue
		}
		d, fd := strings.Count(f.Name, "/"), path.Dir(f.Name)
		if depth < 0 || d < depth || d == depth && fd < dir {
			dir, depth = fd, d
		}
	}
	return dir, depth >= 0
}

// standIn looks among files for the one that must be the missing required
// file req, of the same extension: the one that declares what req would
// (by the build language's sourceFit), or else the one whose name differs
// from req's only by case, a prefix or a suffix (eightqueen.java,
// HW4-EightQueen.java, EightQueens.java for EightQueen.java). Of files at
// different depths the shallowest counts. A file that could not build
// under req's name is never taken. It returns the path of the file found,
// or "" and the missing file with what could have been it.
func (p picked) standIn(req string, files []submission.File) (string, []absentFile) {
	m := absentFile{name: req}
	fit := p.fit
	var declares, named []string
	for _, f := range files {
		base := path.Base(f.Name)
		if !strings.EqualFold(path.Ext(base), path.Ext(req)) || slices.Contains(p.required, base) {
			continue
		}
		decl, conflict := false, ""
		if fit != nil {
			decl, conflict = fit(req, f.Data)
		}
		like := nameLike(base, req)
		switch {
		case conflict != "" && (decl || like):
			m.refused = append(m.refused, f.Name+" "+conflict)
		case decl:
			declares = append(declares, f.Name)
		case like:
			named = append(named, f.Name)
		}
	}
	found := declares
	if len(found) == 0 {
		found = named
	}
	found = shallowest(found)
	switch len(found) {
	case 0:
		return "", []absentFile{m}
	case 1:
		return found[0], nil
	}
	m.several, m.refused = found, nil
	return "", []absentFile{m}
}

// nameLike reports whether a file name differs from the required one only
// by case, a prefix or a suffix of its stem.
func nameLike(name, req string) bool {
	stem := strings.ToLower(strings.TrimSuffix(name, path.Ext(name)))
	want := strings.ToLower(strings.TrimSuffix(req, path.Ext(req)))
	return want != "" && strings.Contains(stem, want)
}

// shallowest keeps the paths of the least depth, sorted.
func shallowest(paths []string) []string {
	var out []string
	depth := math.MaxInt
	for _, p := range paths {
		switch d := strings.Count(p, "/"); {
		case d < depth:
			out, depth = []string{p}, d
		case d == depth:
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// sourceFit is what a build language knows of a source that might be a
// missing required file: whether it declares what the required file
// would, and, when it could not build under the required name, why ("" when
// it could).
type sourceFit func(required string, data []byte) (declares bool, conflict string)

// fitOf is the fit of lang's toolchain; nil when it has none (a raw
// rubric's, or a language whose sources are looked for by name alone).
func fitOf(lang rubric.Language) sourceFit {
	if tc := toolchain.Lookup(lang); tc != nil && tc.Fit != nil {
		return tc.Fit
	}
	return nil
}

// andList joins names as "a", "a and b", "a, b and c".
func andList(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// packageFiles names the sources with a package statement, by their
// toolchain (one in a comment or a string is none).
func packageFiles(files []submission.File) []string {
	var out []string
	for _, f := range files {
		if _, _, ok := packageStatement(f); ok {
			out = append(out, f.Name)
		}
	}
	return out
}

// packageStatement finds the package statement of a source whose
// toolchain has them.
func packageStatement(f submission.File) (start, end int, ok bool) {
	tc := toolchain.ByExt(path.Ext(f.Name))
	if tc == nil || tc.Package == nil {
		return 0, 0, false
	}
	return tc.Package(f.Data)
}

// stripPackage blanks package statements, keeping line numbers and columns
// for the compiler's messages.
func stripPackage(files []submission.File) []submission.File {
	out := slices.Clone(files)
	for i, f := range out {
		if start, end, ok := packageStatement(f); ok {
			data := slices.Clone(f.Data)
			for k := start; k < end; k++ {
				if data[k] != '\n' && data[k] != '\r' {
					data[k] = ' '
				}
			}
			out[i].Data = data
		}
	}
	return out
}
