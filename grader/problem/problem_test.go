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
		// The legacy format's "typical system default" of memory, 2048 MiB,
		// is problemtools', BAPCtools' and DOMjudge's default too.
		{"legacy defaults", "name: Sum\n", func(m meta) bool {
			return !m.modern && m.name == "Sum" && !m.scoring && !m.custom && m.limits.Memory == 2048<<20 && len(m.languages) == 6
		}},
		{"modern default memory", "problem_format_version: 2023-07\nname: X\nlimits: {time_limit: 1}\n", func(m meta) bool {
			return m.limits.Memory == 2048<<20
		}},
		{"legacy custom interactive", "validation: custom interactive score\nvalidator_flags: a b\ntype: scoring\n", func(m meta) bool {
			return m.custom && m.interactive && m.scoring && strings.Join(m.flags, " ") == "a b"
		}},
		{"modern", "problem_format_version: 2023-07\nname: {en: Guess, sv: Gissa}\ntype: [scoring, interactive]\nlimits: {time_limit: 1.5, memory: 256, output: 2}\nlanguages: [cpp, kotlin, python3]\n", func(m meta) bool {
			return m.modern && m.name == "Guess" && m.scoring && m.interactive && m.limits.CPU == 1500*time.Millisecond &&
				m.limits.Memory == 256<<20 && m.limits.Output == 2<<20 && len(m.languages) == 2 && m.languages[0] == rubric.CPP
		}},
		{"multi-pass", "problem_format_version: 2025-09\nname: X\ntype: [pass-fail, multi-pass, interactive]\nlimits: {validation_passes: 5, validation_time: 2}\n", func(m meta) bool {
			return m.final && m.multipass && m.interactive && m.passes == 5 && m.validation == 2*time.Second
		}},
		{"constants", "problem_format_version: 2025-09\nname: X\nconstants: {k: 1e6, m: {value: 5000000, tex: '5 \\cdot 10^6'}}\n", func(m meta) bool {
			return string(m.constants.Replace([]byte("{{k}} {{m}} {{m.tex}} {{m.value}} {{k.value}} {{x}} {k}"))) == `1e6 5000000 5 \cdot 10^6 5000000 1e6 {{x}} {k}`
		}},
		{"multi-pass default passes", "problem_format_version: 2025-09\nname: X\ntype: multi-pass\n", func(m meta) bool {
			return m.multipass && m.passes == 2 && m.custom
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
		{"type: submit-answer\n", "p/problem.yaml: type submit-answer: the grader grades programs, not answers"},
		{"limits: {validation_passes: 3}\n", "p/problem.yaml: limits.validation_passes applies only to a multi-pass problem"},
		{"type: multi-pass\nlimits: {validation_passes: 1}\n", "p/problem.yaml: limits.validation_passes must be a whole number from 2 to 1000, got 1"},
		{"limits: {time_multipliers: {ac_to_time_limit: 0.5}}\n", "p/problem.yaml: limits.time_multipliers.ac_to_time_limit must be a number from 1 to 100, got 0.5"},
		{"limits: {time_multipliers: {tle: 2}}\n", `p/problem.yaml: limits.time_multipliers: unknown key "tle"`},
		{"type: [pass-fail, scoring]\n", "p/problem.yaml: type: pass-fail and scoring exclude each other"},
		{"validation: custom fast\n", `p/problem.yaml: validation: "custom" may be followed by "interactive" and "score", not "fast"`},
		{"limits: {time_limit: -1}\n", "p/problem.yaml: limits.time_limit must be a positive number, got -1"},
		{"limits: {tme_limit: 1}\n", `p/problem.yaml: limits: unknown key "tme_limit"`},
		{"languages: [cobol]\n", "p/problem.yaml: languages cobol: none of them is c, cpp, java, python3, rust or go, which the grader builds"},
		{"problem_format_version: 2099-01\n", `p/problem.yaml: problem_format_version must be "legacy", "2023-07" or "2025-09", got 2099-01`},
		{"name: [\n", "p/problem.yaml: yaml:"},
		{"grading: {objective: min}\n", "p/problem.yaml: grading.objective min: the grader maximizes scores"},
		{"constants: {n-1: 5}\n", `p/problem.yaml: constants: "n-1" is not a name`},
		{"constants: {n: {tex: x}}\n", "p/problem.yaml: constants.n: a map needs its value"},
		{"constants: {n: [1]}\n", "p/problem.yaml: constants.n must be a number, a string or a map with a value"},
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
		{map[string]string{"problem.yaml": "name: X\n", "data/secret/1.in": "", "data/secret/1.ans": "", "include/c/sub/lib.h": "\n"},
			`include/c/sub: the grader adds the files of a language's include folder, not folders`},
		{map[string]string{"problem.yaml": "name: X\n", "data/secret/1.in": "", "data/secret/1.ans": "", "static_validator/v.py": "\n"},
			`static_validator: the grader has no static validator`},
		{map[string]string{"problem.yaml": "name: X\n", "data/secret/1.in": "", "data/secret/1.ans": "", "data/extra/1.in": "\n"},
			`data/extra: not a folder the format defines in data/`},
		{map[string]string{"problem.yaml": "name: X\n", "data/secret/1.in": "", "data/secret/1.ans": "", "data/1.in": "\n"},
			`data/1.in: not a folder the format defines in data/`},
		{map[string]string{"problem.yaml": "name: X\n", "data/secret/1.in": "", "data/secret/1.ans": "", "include/lib.h": "\n"},
			`include/lib.h: include/ holds folders, one per language`},
		{map[string]string{"problem.yaml": "name: X\n", "data/secret/1.in": "", "data/secret/1.ans": "", "data/secret/1.files/data.txt": "x\n"},
			`data/secret/1.files: the grader does not copy a test case's files`},
	} {
		_, err := Load(writePackage(t, tc.files), nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("got %v, want %s", err, tc.want)
		}
	}
}

// TestDataBeside: data/ may hold, beside its test data, the validators'
// test data under the format's names and older BAPCtools' plural ones,
// and files that are no test case (a generator script): none is read.
func TestDataBeside(t *testing.T) {
	a, err := Load(writePackage(t, map[string]string{"problem.yaml": "name: X\n",
		"data/secret/1.in": "1\n", "data/secret/1.ans": "1\n", "data/huge_random.py": "print(1)\n",
		"data/invalid_inputs/01_empty.in": "", "data/invalid_answer/1.in": "", "data/valid_outputs/1.in": ""}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(a.Parts); n != 1 {
		t.Errorf("%d parts, want 1 (secret)", n)
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
	a, err := Load(dir, nil)
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

func FuzzParseDOMjudgeINI(f *testing.F) {
	for _, s := range []string{"timelimit = 2\n", "timelimit='1.5'\r\n", "probid = A\n", "timelimit = \"x\"", "=\n=="} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tl, ok, err := parseDOMjudgeINI("domjudge-problem.ini", data)
		if ok && (err != nil || tl <= 0) || !ok && tl != 0 {
			t.Errorf("%q: %v %v %v", data, tl, ok, err)
		}
	})
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

// TestValidatorDiscovery: a validator is a file or a folder of its own,
// in output_validator/ (2023-07, 2025-09) or output_validators/ (legacy),
// as problemtools loads it; anything else is one line naming the folder.
func TestValidatorDiscovery(t *testing.T) {
	const modern, legacy = "problem_format_version: 2023-07-draft\nname: X\n", "name: X\nvalidation: custom\n"
	for _, tc := range []struct {
		yaml  string
		files []string
		want  string // the program, relative to the package; or an error's words
	}{
		{modern, []string{"output_validator/v.py"}, "output_validator"},
		{modern, []string{"output_validator/a.cc", "output_validator/a.h"}, "output_validator"},
		{modern, []string{"output_validator/guess/validate.cc", "output_validator/guess/validate.h"}, "output_validator/guess"},
		{modern, []string{"output_validators/v/validate.py"}, "output_validators/v"},
		{legacy, []string{"output_validators/v/validate.cc"}, "output_validators/v"},
		{legacy, []string{"output_validators/check.py"}, "output_validators/check.py"},
		{legacy, []string{"output_validators/a.py", "output_validators/b/b.py"}, "output_validators: 2 output validators (a.py, b): the grader runs one"},
		{modern, []string{"output_validator/a/a.py", "output_validator/b/b.py"}, "output_validator: 2 output validators (a, b)"},
		{modern, []string{"output_validator/x.py", "output_validator/lib/y.py"}, "output_validator: both files (x.py) and a folder (lib)"},
		{modern, []string{"output_validator/v/build", "output_validator/v/v.cc"}, "output_validator/v"},
		{legacy, []string{"output_validators/v/v.cc", "output_validators/validate.ctd.template", "output_validators/README.md"}, "output_validators/v"},
		{legacy, []string{"output_validators/v.py", "output_validators/notes.txt"}, "output_validators/v.py"},
	} {
		files := map[string]string{"problem.yaml": tc.yaml, "data/secret/1.in": "", "data/secret/1.ans": ""}
		for _, f := range tc.files {
			files[f] = "\n"
		}
		dir := writePackage(t, files)
		m, err := parseMeta(filepath.Join(dir, File), []byte(tc.yaml))
		if err != nil {
			t.Fatal(err)
		}
		got, err := validator(dir, m)
		if err != nil {
			got = err.Error()
		} else {
			got, _ = filepath.Rel(dir, got)
			got = filepath.ToSlash(got)
		}
		if !strings.Contains(got, tc.want) || strings.Contains(got, "\n") {
			t.Errorf("%q: got %q, want %q", tc.files, got, tc.want)
		}
	}
}

// TestFinalGroups: under 2025-09 a group is a folder of data/secret with
// test_group.yaml (or testdata.yaml) and every case below it, worth its
// max_score, pass-fail unless told; what the grader cannot score is one
// line naming the file.
func TestFinalGroups(t *testing.T) {
	const head = "problem_format_version: 2025-09\nname: X\nuuid: u\ntype: scoring\n"
	a, err := Load(writePackage(t, map[string]string{
		"problem.yaml":     head,
		"data/sample/1.in": "", "data/sample/1.ans": "",
		"data/secret/a/test_group.yaml": "max_score: 40\n",
		"data/secret/a/1.in":            "", "data/secret/a/1.ans": "",
		"data/secret/a/deep/2.in": "", "data/secret/a/deep/2.ans": "",
		"data/secret/b/testdata.yaml": "max_score: 60\nscore_aggregation: min\n",
		"data/secret/b/1.in":          "", "data/secret/b/1.ans": "",
	}), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, p := range a.Rubric.Parts {
		got = append(got, fmt.Sprintf("%s %v %s %d", p.Name, p.Points, p.Scoring, len(a.Parts[i])))
	}
	want := []string{"sample 0 proportional 1", "secret/a 40 all-or-nothing 2", "secret/b 60 min 1"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parts %q, want %q", got, want)
	}
	for _, tc := range []struct {
		files map[string]string
		want  string
	}{
		{map[string]string{"data/secret/1.in": "", "data/secret/1.ans": "", "data/secret/g/test_group.yaml": "max_score: 5\n", "data/secret/g/1.in": "", "data/secret/g/1.ans": ""},
			"data/secret: test cases beside test groups"},
		{map[string]string{"data/secret/g/test_group.yaml": "max_score: 5\n", "data/secret/g/h/test_group.yaml": "max_score: 5\n", "data/secret/g/h/1.in": "", "data/secret/g/h/1.ans": ""},
			"data/secret/g/h/test_group.yaml: max_score: a test group inside a test group"},
		{map[string]string{"data/secret/g/test_group.yaml": "max_score: 70\n", "data/secret/g/1.in": "", "data/secret/g/1.ans": "", "data/secret/h/test_group.yaml": "max_score: 70\n", "data/secret/h/1.in": "", "data/secret/h/1.ans": ""},
			"data/secret/test_group.yaml: the groups' max_score add up to 140, more than secret's max_score 100"},
		{map[string]string{"data/secret/g/test_group.yaml": "require_pass: sample\nmax_score: 100\n", "data/secret/g/1.in": "", "data/secret/g/1.ans": ""},
			"require_pass: the grader scores every group whatever the others earn"},
		{map[string]string{"data/sample/test_group.yaml": "max_score: 1\n", "data/secret/1.in": "", "data/secret/1.ans": ""},
			"data/sample/test_group.yaml: max_score is not permitted in data/sample"},
	} {
		tc.files["problem.yaml"] = head
		_, err := Load(writePackage(t, tc.files), nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("got %v, want %s", err, tc.want)
		}
	}
}

// TestFinalGroupsDecimal: groups worth 0.1 each add up to the secret's
// 0.3, as a person adds them (in binary floating point 0.1 three times
// is 0.30000000000000004).
func TestFinalGroupsDecimal(t *testing.T) {
	files := map[string]string{"problem.yaml": "problem_format_version: 2025-09\nname: X\nuuid: u\ntype: scoring\n",
		"data/secret/test_group.yaml": "max_score: 0.3\n"}
	for _, g := range []string{"a", "b", "c"} {
		files["data/secret/"+g+"/test_group.yaml"] = "max_score: 0.1\n"
		files["data/secret/"+g+"/1.in"], files["data/secret/"+g+"/1.ans"] = "", ""
	}
	if _, err := Load(writePackage(t, files), nil); err != nil {
		t.Error(err)
	}
}

// TestFinalNestedSettings: a test_group.yaml below a 2025-09 group that
// sets arguments only (as BAPCtools writes input_validator_args) applies
// to the cases below it; it is no group.
func TestFinalNestedSettings(t *testing.T) {
	a, err := Load(writePackage(t, map[string]string{
		"problem.yaml":       "problem_format_version: 2025-09\nname: X\nuuid: u\n",
		"data/secret/g/1.in": "", "data/secret/g/1.ans": "",
		"data/secret/g/h/test_group.yaml": "input_validator_args: [--small]\noutput_validator_args: [case_sensitive]\n",
		"data/secret/g/h/2.in":            "", "data/secret/g/h/2.ans": "",
	}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Parts) != 1 || len(a.Parts[0]) != 2 {
		t.Fatalf("parts %v", a.Parts)
	}
	if got := a.Parts[0][1].JudgeArgs; !reflect.DeepEqual(got, []string{"case_sensitive"}) {
		t.Errorf("secret/g/h/2's validator arguments %q", got)
	}
}
