package problem

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/rubric"
)

func TestParseMeta(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		check      func(m meta) bool
	}{
		{"legacy defaults", "name: Sum\n", func(m meta) bool {
			return !m.modern && m.name == "Sum" && !m.scoring && !m.custom && m.limits.Memory == 1<<30 && len(m.languages) == 6
		}},
		{"legacy custom interactive", "validation: custom interactive score\nvalidator_flags: a b\ntype: scoring\n", func(m meta) bool {
			return m.custom && m.interactive && m.scoring && strings.Join(m.flags, " ") == "a b"
		}},
		{"modern", "problem_format_version: 2023-07\nname: {en: Guess, sv: Gissa}\ntype: [scoring, interactive]\nlimits: {time_limit: 1.5, memory: 256, output: 2}\nlanguages: [cpp, kotlin, python3]\n", func(m meta) bool {
			return m.modern && m.name == "Guess" && m.scoring && m.interactive && m.limits.CPU == 1500*time.Millisecond &&
				m.limits.Memory == 256<<20 && m.limits.Output == 2<<20 && len(m.languages) == 2 && m.languages[0] == rubric.CPP
		}},
	} {
		m, err := parseMeta("p/problem.yaml", []byte(tc.yaml))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !tc.check(m) {
			t.Errorf("%s: %+v", tc.name, m)
		}
	}
}

func TestParseMetaErrors(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"nmae: x\n", `p/problem.yaml: unknown key "nmae"`},
		{"type: multi-pass\n", "p/problem.yaml: type multi-pass: the grader cannot grade this type of problem"},
		{"type: [pass-fail, scoring]\n", "p/problem.yaml: type: pass-fail and scoring exclude each other"},
		{"validation: custom fast\n", `p/problem.yaml: validation: "custom" may be followed by "interactive" and "score", not "fast"`},
		{"limits: {time_limit: -1}\n", "p/problem.yaml: limits.time_limit must be a positive number, got -1"},
		{"limits: {tme_limit: 1}\n", `p/problem.yaml: limits: unknown key "tme_limit"`},
		{"languages: [cobol]\n", "p/problem.yaml: languages cobol: none of them is c, cpp, java, python3, rust or go, which the grader builds"},
		{"problem_format_version: 2099-01\n", `p/problem.yaml: problem_format_version must be "legacy" or "2023-07", got 2099-01`},
		{"name: [\n", "p/problem.yaml: yaml:"},
	} {
		_, err := parseMeta("p/problem.yaml", []byte(tc.yaml))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: got %v, want %s", tc.yaml, err, tc.want)
		}
	}
}

func TestParseSettings(t *testing.T) {
	set, err := parseSettings("t.yaml", []byte("on_reject: continue\ngrader_flags: ignore_sample min\naccept_score: 25\noutput_validator_flags: x y\n"), defaults)
	if err != nil || set.onReject != "continue" || set.aggregation != "min" || set.acceptScore != 25 || strings.Join(set.flags, " ") != "x y" {
		t.Errorf("legacy: %+v %v", set, err)
	}
	set, err = parseSettings("t.yaml", []byte("scoring: {score: 40, aggregation: min}\noutput_validator_args: [x]\n"), defaults)
	if err != nil || *set.score != 40 || set.aggregation != "min" || !set.flagsSet {
		t.Errorf("2023-07: %+v %v", set, err)
	}
	for _, bad := range []string{"on_reject: stop\n", "grading: custom\n", "grader_flags: avg\n", "accept_score: -1\n", "scoring: {aggregation: max}\n", "args: {a: 1}\n", "wat: 1\n"} {
		if _, err := parseSettings("t.yaml", []byte(bad), defaults); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestLoadErrors: a package's problems are one line naming the file.
func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct {
		files map[string]string
		want  string
	}{
		{map[string]string{"problem.yaml": "name: X\n"}, "data/secret: no test case"},
		{map[string]string{"problem.yaml": "name: X\n", "data/secret/1.in": "1\n"}, "data/secret/1.in: no answer file 1.ans beside it"},
		{map[string]string{"problem.yaml": "name: X\nvalidation: custom\n", "data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}, "problem.yaml: validation is custom, but output_validators/ holds no validator"},
		{map[string]string{"problem.yaml": "name: X\n", "data/secret/a/1.in": "", "data/secret/a/1.ans": "", "data/secret/a/testdata.yaml": "output_validator_flags: x\n"},
			`data/secret/a: case secret-a/1: output validator arguments: unknown validator flag "x"`},
		{map[string]string{"problem.yaml": "name: X\n", "data/secret/1.in": "", "data/secret/1.ans": "", "data/secret/1.yaml": "arg: [a]\n"},
			`data/secret/1.yaml: unknown key "arg"`},
		{map[string]string{"problem.yaml": "name: X\n", "data/secret/1.in": "", "data/secret/1.ans": "", "data/secret/1.yaml": "args: 7\n"},
			`data/secret/1.yaml: args: must be a string or a list of strings, got 7`},
		{map[string]string{"problem.yaml": "name: X\n", "data/secret/1.in": "", "data/secret/1.ans": "", "include/c/lib.h": "\n"},
			`include: the grader does not add a package's included files to submissions`},
		{map[string]string{"problem.yaml": "name: X\n", "data/secret/1.in": "", "data/secret/1.ans": "", "data/secret/1.files/data.txt": "x\n"},
			`data/secret/1.files: the grader does not copy a test case's files`},
	} {
		_, err := Load(writePackage(t, tc.files))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("got %v, want %s", err, tc.want)
		}
	}
}

// TestCaseArgs: a group's args and output validator arguments reach its
// cases, a case's own yaml replaces them, and groups may differ.
func TestCaseArgs(t *testing.T) {
	dir := writePackage(t, map[string]string{
		"problem.yaml":     "problem_format_version: 2023-07\nname: X\nvalidator_flags: case_sensitive\n",
		"data/sample/1.in": "", "data/sample/1.ans": "",
		"data/secret/test_group.yaml": "args: [--fast]\n",
		"data/secret/a/1.in":          "", "data/secret/a/1.ans": "",
		"data/secret/a/2.in": "", "data/secret/a/2.ans": "",
		"data/secret/a/2.yaml":          "args: [-n, \"3\"]\noutput_validator_args: [float_tolerance, \"1e-6\"]\nhint: think\ndescription: small\n",
		"data/secret/b/test_group.yaml": "output_validator_args: space_change_sensitive\n",
		"data/secret/b/1.in":            "", "data/secret/b/1.ans": "",
	})
	a, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, part := range a.Parts {
		for _, c := range part {
			got[c.ID] = fmt.Sprintf("args %q judge %q", c.Args, c.JudgeArgs)
		}
	}
	want := map[string]string{
		"sample/1":   `args [] judge []`,
		"secret-a/1": `args ["--fast"] judge []`,
		"secret-a/2": `args ["-n" "3"] judge ["case_sensitive" "float_tolerance" "1e-6"]`,
		"secret-b/1": `args ["--fast"] judge ["case_sensitive" "space_change_sensitive"]`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("cases:\n got %q\nwant %q", got, want)
	}
	if f := a.Rubric.Judge.Flags; len(f) != 1 || f[0] != "case_sensitive" {
		t.Errorf("the rubric's flags %q, want problem.yaml's", f)
	}
}

// writePackage writes a problem package's files (slash-separated names)
// into a new folder and returns it.
func writePackage(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func FuzzParseMeta(f *testing.F) {
	f.Add([]byte("name: Sum\nvalidation: custom interactive\nlimits: {time_limit: 2}\n"))
	f.Add([]byte("problem_format_version: 2023-07\ntype: [scoring]\nname: {en: x}\nlanguages: all\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := parseMeta("problem.yaml", data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("a multi-line error: %q", err)
			}
			return
		}
		if m.name == "" || len(m.languages) == 0 || m.limits.Memory <= 0 || m.limits.Output <= 0 {
			t.Fatalf("incomplete: %+v", m)
		}
	})
}

func FuzzParseSettings(f *testing.F) {
	f.Add([]byte("on_reject: continue\ngrader_flags: min\naccept_score: 3\n"))
	f.Add([]byte("scoring: {score: 40, aggregation: sum}\noutput_validator_args: [a]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		set, err := parseSettings("testdata.yaml", data, defaults)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("a multi-line error: %q", err)
			}
			return
		}
		if set.acceptScore < 0 || set.score != nil && *set.score < 0 {
			t.Fatalf("a negative score: %+v", set)
		}
	})
}
