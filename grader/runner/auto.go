package runner

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
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

// mainOf chooses what a Java or Python submission runs: the class that
// declares main (of several, the one named want; of none, the only
// file's, or want's, or the first file's name), the only Python file (of
// several, want.py, else main.py). C and C++ keep their preset's.
func mainOf(lang rubric.Language, sources []string, files []submission.File, want string) (main, problem string) {
	switch lang {
	case rubric.Java:
		var classes []string
		for _, f := range files {
			if c := JavaMainClass(f.Data); c != "" && slices.Contains(sources, f.Name) && !slices.Contains(classes, c) {
				classes = append(classes, c)
			}
		}
		switch {
		case len(classes) == 1:
			return classes[0], ""
		case len(classes) > 1 && slices.Contains(classes, want):
			return want, ""
		case len(classes) > 1:
			return "", fmt.Sprintf("several classes declare main (%s): the assignment cannot tell which one to run", strings.Join(classes, ", "))
		case slices.Contains(sources, want+".java"):
			return want, ""
		}
		return strings.TrimSuffix(sources[0], ".java"), ""
	case rubric.Python:
		switch {
		case len(sources) == 1:
			return sources[0], ""
		case want != "" && slices.Contains(sources, want+".py"):
			return want + ".py", ""
		case slices.Contains(sources, "main.py"):
			return "main.py", ""
		}
		name := "main.py"
		if want != "" {
			name = want + ".py"
		}
		return "", fmt.Sprintf("several Python files (%s) and none named %s: the assignment cannot tell which one to run", strings.Join(sources, ", "), name)
	}
	return "", ""
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

var (
	javaClassRE = regexp.MustCompile(`\b(?:class|record|enum|interface)\s+([A-Za-z_$][A-Za-z0-9_$]*)`)
	javaMainRE  = regexp.MustCompile(`\b(?:public\s+static|static\s+public)\s+(?:final\s+)?void\s+main\s*\(`)
)

// JavaMainClass returns the name of the class of a Java source that
// declares "public static void main", or "" when none does: the innermost
// class (or record, enum, interface) whose body holds the method (a
// record declared and closed before main, inside the class, is not it),
// comments, strings and character literals left out.
func JavaMainClass(src []byte) string {
	code := javaCode(src)
	m := javaMainRE.FindIndex(code)
	if m == nil {
		return ""
	}
	var class string
	for _, c := range javaClassRE.FindAllSubmatchIndex(code[:m[0]], -1) {
		if openAt(code[c[1]:m[0]]) {
			class = string(code[c[2]:c[3]])
		}
	}
	return class
}

// openAt reports whether the body a declaration starts (at its first
// brace in code) is still open at the end of code.
func openAt(code []byte) bool {
	depth, opened := 0, false
	for _, b := range code {
		switch b {
		case '{':
			depth++
			opened = true
		case '}':
			depth--
			if opened && depth == 0 {
				return false
			}
		}
	}
	return opened
}

// javaCode blanks a Java source's comments, strings and character
// literals, keeping every other byte where it was.
func javaCode(src []byte) []byte {
	out := slices.Clone(src)
	blank := func(i int) {
		if out[i] != '\n' {
			out[i] = ' '
		}
	}
	for i := 0; i < len(out); i++ {
		switch {
		case out[i] == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				blank(i)
			}
		case out[i] == '/' && i+1 < len(out) && out[i+1] == '*':
			j := i + 2
			for j < len(out) && !(out[j-1] == '*' && out[j] == '/' && j > i+2) {
				j++
			}
			for ; i <= j && i < len(out); i++ {
				blank(i)
			}
			i--
		case out[i] == '"' || out[i] == '\'':
			q := out[i]
			blank(i)
			for i++; i < len(out) && out[i] != q && out[i] != '\n'; i++ {
				if out[i] == '\\' && i+1 < len(out) {
					blank(i)
					i++
				}
				blank(i)
			}
			if i < len(out) && out[i] == q {
				blank(i)
			}
		}
	}
	return out
}
