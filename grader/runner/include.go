package runner

import (
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/grader/toolchain"
)

// includeFor is the files a rubric adds to a submission of language lang
// (rubric.Build.Include): that language's, else every language's ("").
func includeFor(inc rubric.Included, lang rubric.Language) map[string][]byte {
	if files, ok := inc[lang]; ok {
		return files
	}
	return inc[""]
}

// withIncluded adds the included files to the picked ones (base names,
// in one folder), each replacing a file of its name, sorted by name.
func withIncluded(picked []submission.File, inc map[string][]byte) []submission.File {
	out := slices.DeleteFunc(slices.Clone(picked), func(f submission.File) bool {
		_, replaced := inc[f.Name]
		return replaced
	})
	for name, data := range inc {
		out = append(out, submission.File{Name: name, Data: data})
	}
	slices.SortFunc(out, func(a, b submission.File) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// mainWithIncluded is what a submission runs once the included files are
// added (rubric.Build.Main under Auto), as its toolchain names it
// (toolchain.Toolchain.WantMain): an included entry point (Python's
// __main__.py), else what the submission ran on its own (b, its preset),
// so that an included module is imported, not run.
func mainWithIncluded(b rubric.Build, inc map[string][]byte) string {
	if tc := toolchain.Lookup(b.Language); tc != nil {
		return tc.WantMain(b.Main, inc)
	}
	return ""
}
