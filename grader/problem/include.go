package problem

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
)

// readInclude reads a package's include/ folder: include/default/ holds
// the files added to every submission, include/LANGUAGE/ (LANGUAGE a
// contest language code of a toolchain, Toolchain.Codes) those added
// instead to a submission in that language (rubric.Build.Include). A
// folder of another language, which the grader does not build, is not
// read; a folder inside a language's folder is refused. content gathers
// the files, for the rubric's hash.
func readInclude(dir string, consts rubric.Constants, content *bytes.Buffer) (rubric.Included, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	out := rubric.Included{}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		lang, ok := codeLanguage(name)
		switch {
		case !e.IsDir():
			return nil, badf(filepath.Join(dir, name), "include/ holds folders, one per language (default, %s)", strings.Join(firstCodes(), ", "))
		case name == "default":
			lang, ok = "", true
		}
		if !ok {
			continue
		}
		files, err := includeFiles(filepath.Join(dir, name), consts, content)
		if err != nil {
			return nil, err
		}
		out[lang] = files
	}
	return out, nil
}

// includeFiles reads one language's included files.
func includeFiles(folder string, consts rubric.Constants, content *bytes.Buffer) (map[string][]byte, error) {
	entries, err := os.ReadDir(folder)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, e := range entries {
		p := filepath.Join(folder, e.Name())
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		switch file, err := submission.ProgramFile(folder, e); {
		case err != nil:
			return nil, err
		case !file:
			return nil, badf(p, "the grader adds the files of a language's include folder, not folders")
		default:
			data, err := os.ReadFile(p)
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(content, "\ninclude/%s/%s %d\n%s", filepath.Base(folder), e.Name(), len(data), data)
			files[e.Name()] = consts.Replace(data)
		}
	}
	if len(files) == 0 {
		return nil, badf(folder, "empty: the format wants each include folder to hold files")
	}
	return files, nil
}

// dataEntries are what data/ may hold: the test data the grader runs,
// the groups' settings, and the validation test data (which tests a
// package's validators, not a submission, and is not read), also under
// the plural names older BAPCtools gave it (its upgrade renames them).
var dataEntries = []string{"sample", "secret", "testdata.yaml", "test_group.yaml",
	"invalid_input", "invalid_answer", "invalid_output", "valid_output",
	"invalid_inputs", "invalid_answers", "invalid_outputs", "valid_outputs"}

// unsupportedFolders refuses a package's static validator, which judges
// a submission's source and which the grader does not run, and what
// data/ holds that the format does not define.
func unsupportedFolders(dir, data string) error {
	if sv := filepath.Join(dir, "static_validator"); isDir(sv) {
		return badf(sv, "the grader has no static validator: it judges programs by their runs")
	}
	entries, err := os.ReadDir(filepath.Join(data, "data"))
	if err != nil {
		return nil // read again, and reported, with data/secret
	}
	for _, e := range entries {
		n := e.Name()
		// A file that is no test case (a generator script kept beside
		// the data) is not test data, as problemtools and BAPCtools read
		// data/; a case there, or a folder the format does not define,
		// would be test data the grader does not run.
		if strings.HasPrefix(n, ".") || slices.Contains(dataEntries, n) || !e.IsDir() && !slices.Contains([]string{".in", ".ans"}, filepath.Ext(n)) {
			continue
		}
		return badf(filepath.Join(data, "data", n), "not a folder the format defines in data/ (sample, secret, invalid_input, invalid_answer, invalid_output, valid_output)")
	}
	return nil
}
