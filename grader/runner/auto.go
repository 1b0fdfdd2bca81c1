package runner

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/sandbox"
)

// pick chooses the preset of a submission under a rubric whose language
// is "auto" or a list (b.Languages), as package rubric documents: the
// files of the shallowest folder holding a source of an accepted
// language, the language of their extensions, and the Java class or
// Python file to run. When no preset fits, problem says why, for the
// student: the build fails with it as its log.
func pick(b rubric.Build, files []submission.File) (preset rubric.Build, picked []submission.File, problem string) {
	langOf := map[string]rubric.Language{}
	var exts []string
	for _, l := range b.Languages {
		for _, e := range rubric.SourceExts(l) {
			langOf[e] = l
			exts = append(exts, e)
		}
	}
	picked = folderOf(files, langOf)
	if picked == nil {
		return rubric.Build{}, nil, fmt.Sprintf("no source file to build: the assignment accepts %s (%s)",
			languageList(b.Languages), strings.Join(exts, ", "))
	}
	byLang := map[rubric.Language][]string{}
	var langs []rubric.Language
	for _, f := range picked {
		if l, ok := langOf[path.Ext(f.Name)]; ok {
			if byLang[l] == nil {
				langs = append(langs, l)
			}
			byLang[l] = append(byLang[l], f.Name)
		}
	}
	if len(langs) > 1 {
		var each []string
		for _, l := range langs {
			each = append(each, fmt.Sprintf("%s (%s)", strings.Join(byLang[l], ", "), l))
		}
		return rubric.Build{}, nil, fmt.Sprintf("sources in %d languages: %s; hand in one language only", len(langs), strings.Join(each, "; "))
	}
	lang, sources := langs[0], byLang[langs[0]]
	main, problem := mainOf(lang, sources, picked, b.Main)
	if problem != "" {
		return rubric.Build{}, nil, problem
	}
	preset, err := rubric.PresetMain(lang, sources, main)
	if err != nil {
		return rubric.Build{}, nil, err.Error()
	}
	return preset, picked, ""
}

// folderOf returns the files directly in the shallowest folder that holds
// a source of a language of langOf (of several at that depth, the first by
// name), named by their base names and sorted; nil when there is none.
func folderOf(files []submission.File, langOf map[string]rubric.Language) []submission.File {
	dir, depth := "", -1
	for _, f := range files {
		if _, ok := langOf[path.Ext(f.Name)]; !ok {
			continue
		}
		d, fd := strings.Count(f.Name, "/"), path.Dir(f.Name)
		if depth < 0 || d < depth || d == depth && fd < dir {
			dir, depth = fd, d
		}
	}
	if depth < 0 {
		return nil
	}
	var out []submission.File
	for _, f := range files {
		if path.Dir(f.Name) == dir {
			out = append(out, submission.File{Name: path.Base(f.Name), Data: f.Data})
		}
	}
	slices.SortFunc(out, func(a, b submission.File) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// mainOf chooses what a submission runs, as its toolchain picks it (a
// Java class declaring main, one Python file of several); a toolchain
// that picks none keeps its preset's default.
func mainOf(lang rubric.Language, sources []string, files []submission.File, want string) (main, problem string) {
	tc := toolchain.Lookup(lang)
	if tc == nil || tc.PickMain == nil {
		return "", ""
	}
	boxed := make([]sandbox.File, len(files))
	for i, f := range files {
		boxed[i] = sandbox.File{Name: f.Name, Data: f.Data}
	}
	return tc.PickMain(sources, boxed, want)
}

func languageList(langs []rubric.Language) string {
	s := make([]string, len(langs))
	for i, l := range langs {
		s[i] = string(l)
	}
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}
