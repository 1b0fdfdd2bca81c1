package rubric

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/internal/testenv"
)

// dump writes out a rubric with every field resolved.
func dump(t *testing.T, r *Rubric) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	casesDir, err := filepath.Rel(wd, r.CasesDir)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	line := func(key string, v any) { fmt.Fprintf(&b, "%s = %v\n", key, v) }
	line("name", fmt.Sprintf("%q", r.Name))
	line("total", r.Total)
	line("path", r.Path)
	line("cases dir (relative)", filepath.ToSlash(casesDir))
	if r.Handout != "" {
		handout, err := filepath.Rel(wd, r.Handout)
		if err != nil {
			t.Fatal(err)
		}
		line("handout (relative)", filepath.ToSlash(handout))
	}
	line("submission.required", fmt.Sprintf("%q", r.Submission.Required))
	line("submission.package", r.Submission.Package)
	line("submission.package_penalty", r.Submission.PackagePenalty)
	line("submission.rename_penalty", r.Submission.RenamePenalty)
	line("build.language", r.Build.Language)
	line("build.main", r.Build.Main)
	line("build.sources", fmt.Sprintf("%q", r.Build.Sources))
	line("build.runtime", r.Build.Runtime)
	build, run := r.Build.Commands()
	line("build commands", fmt.Sprintf("%q", build))
	line("run command", fmt.Sprintf("%q", run))
	line("limits.wall", r.Limits.Wall)
	line("limits.cpu", r.Limits.CPU)
	line("limits.memory", r.Limits.Memory)
	line("limits.stack", r.Limits.Stack)
	line("limits.output", r.Limits.Output)
	line("limits.past_output", r.Limits.PastOutput)
	line("limits.build_wall", r.Limits.BuildWall)
	line("limits.build_file", r.Limits.BuildFile)
	line("compare.mode", r.Compare.Mode)
	deadline := "none"
	if !r.Late.Deadline.IsZero() {
		deadline = r.Late.Deadline.Format(time.RFC3339) + " = " + r.Late.Deadline.UTC().Format(time.RFC3339)
	}
	line("late.deadline", deadline)
	line("late.penalties", r.Late.Penalties)
	line("report.hidden", r.Report.Hidden)
	line("report.gradescope_hidden", r.Report.Gradescope)
	for _, p := range r.Parts {
		fmt.Fprintf(&b, "part %q: name %q, points %v, cases %q, scoring %s, readings %q\n", p.ID, p.Name, p.Points, p.Cases, p.Scoring, p.Readings)
	}
	return b.String()
}

func TestLoadGolden(t *testing.T) {
	for _, name := range []string{"full", "minimal"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", name+".toml")
			r, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			got := dump(t, r)
			golden := filepath.Join("testdata", name+".golden")
			want := testenv.Golden(t, golden, []byte(got))
			if m := compare.Explain(want, []byte(got), compare.Strict); m.Line != 0 {
				t.Errorf("%s resolves otherwise than %s says (go test -update rewrites it):\n%s", path, golden, m.Diff)
			}

			data, _ := os.ReadFile(path)
			sum := sha256.Sum256(data)
			if r.SHA256() != hex.EncodeToString(sum[:]) {
				t.Errorf("SHA256() = %s, want the file's %x", r.SHA256(), sum)
			}
		})
	}
}

func TestPart(t *testing.T) {
	r, err := Load("testdata/full.toml")
	if err != nil {
		t.Fatal(err)
	}
	p, ok := r.Part("c")
	if !ok || p.Cases != "hill-climbing" || p != &r.Parts[2] {
		t.Errorf(`Part("c") = %+v, %v`, p, ok)
	}
	if p, ok := r.Part("z"); ok || p != nil {
		t.Errorf(`Part("z") = %+v, %v; want nil, false`, p, ok)
	}
}

// casesDir makes a rubric folder whose cases/ has parts a and b with a
// case each, and a part "empty" with none.
func casesDir(t testing.TB) string {
	dir := t.TempDir()
	for _, p := range []string{"a", "b", "sub/c"} {
		if err := os.MkdirAll(filepath.Join(dir, "cases", p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "cases", p, "1.case"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "cases", "empty", "x.case"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// head is a valid start: snippets add to it, so their lines start at 4.
const head = `name = "HW"
total = 5
submission.required = ["A.java"]
`

const partA = `
[[part]]
id = "a"
points = 5
`

// parseErrorCases are rubrics with one problem each and the error it gives;
// DIR stands for the rubric's folder.
var parseErrorCases = []struct {
	name, toml, want string
}{
	{"bad TOML", head + "cases = \"cases\n",
		`rubric.toml:4:15: toml: strings cannot contain newlines`},
	{"bad TOML value", head + "wall = 10 s\n",
		`rubric.toml:4:10: toml: expected a top-level item to end with a newline, comment, or EOF, but got 's' instead`},
	{"unclosed table array", head + "[[part]\nid = \"a\"\n",
		`rubric.toml:4:7: toml: expected end of table array name delimiter ']', but got '\n' instead`},
	{"duplicate key", head + "total = 6\n",
		`rubric.toml:4:1: toml: Key 'total' has already been defined.`},
	{"handout missing", head + "handout = \"handout.md\"\n" + partA,
		`rubric.toml:4:1: no handout file DIR/handout.md`},
	{"handout outside", head + "handout = \"../etc/passwd\"\n" + partA,
		`rubric.toml:4:1: handout must name a file in the rubric's folder, got "../etc/passwd"`},
	{"handout a folder", head + "handout = \"cases\"\n" + partA,
		`rubric.toml:4:1: no handout file DIR/cases`},
	{"unknown key", "name = \"HW\"\ntotl = 60\n" + partA,
		`rubric.toml:2:1: unknown key "totl"`},
	{"unknown table", head + partA + "[limit]\nwall = \"1s\"\n",
		`rubric.toml:8:1: unknown key "limit"`},
	{"unknown key in table", head + "[limits]\nwall = \"1s\"\n  wal = \"2s\"\n" + partA,
		`rubric.toml:6:3: unknown key "limits.wal"`},
	{"unknown key in part", head + partA + "pionts = 5\n",
		`rubric.toml:8:1: part "a": unknown key "pionts"`},
	{"unknown key in inline table", head + "limits = { wall = \"1s\", cpu = \"1s\", mem = 5 }\n" + partA,
		`rubric.toml:4:37: unknown key "limits.mem"`},
	{"unknown key first", head + "[limits]\nwall = \"-1s\"\n" + partA + "color = true\n",
		`rubric.toml:10:1: part "a": unknown key "color"`},
	{"negative points", head + "\n[[part]]\nid = \"a\"\npoints = 10\n\n[[part]]\nid = \"b\"\npoints = -5\n",
		`rubric.toml:11:1: part "b": points must be positive, got -5`},
	{"points not a number", head + "[[part]]\nid = \"a\"\npoints = \"5\"\n",
		`rubric.toml:6:1: part "a": points must be a number, got a string`},
	{"missing points", head + "[[part]]\nid = \"a\"\n",
		`rubric.toml:4:1: part "a": missing key "points"`},
	{"missing id", head + partA + "[[part]]\npoints = 0.5\n",
		`rubric.toml:8:1: part #2: missing key "id"`},
	{"bad id", head + "[[part]]\nid = \"A b\"\npoints = 5\n",
		`rubric.toml:5:1: part #1: id "A b" must be made of a-z, 0-9, _ and -`},
	{"duplicate id", "name = \"HW\"\ntotal = 10\nsubmission.required = [\"A.java\"]\n" + partA + partA,
		`rubric.toml:10:1: part #2: id "a" is already used by the part at line 5`},
	{"total mismatch", head + partA + "[[part]]\nid = \"b\"\npoints = 2.5\n",
		`rubric.toml:2:1: total is 5 but the parts' points add up to 7.5`},
	{"no parts", head,
		`rubric.toml:1:1: no parts: a rubric needs at least one [[part]] table`},
	{"empty parts", head + "part = []\n",
		`rubric.toml:4:1: no parts: a rubric needs at least one [[part]] table`},
	{"part not an array", head + "[part]\nid = \"a\"\npoints = 5\n",
		`rubric.toml:4:1: part must be an array of tables ([[part]]), got a table`},
	{"part with no cases", head + "[[part]]\nid = \"empty\"\npoints = 5\n",
		`rubric.toml:5:1: part "empty": no cases: ` + filepath.Join("DIR", "cases", "empty") + ` holds no *.case file`},
	{"part with no case folder", head + "[[part]]\nid = \"z\"\npoints = 5\ncases = \"sub/z\"\n",
		`rubric.toml:7:1: part "z": no case folder ` + filepath.Join("DIR", "cases", "sub", "z")},
	{"part cases outside", head + "[[part]]\nid = \"z\"\npoints = 5\ncases = \"../a\"\n",
		`rubric.toml:7:1: part "z": cases must be a folder inside the rubric's cases folder, got "../a"`},
	{"missing name", "total = 5\nsubmission.required = [\"A.java\"]\n" + partA,
		`rubric.toml:1:1: missing key "name"`},
	{"zero total", "name = \"HW\"\ntotal = 0\nsubmission.required = [\"A.java\"]\n" + partA,
		`rubric.toml:2:1: total must be positive, got 0`},
	{"enum", head + "[submission]\npackage = \"drop\"\n" + partA,
		`rubric.toml:5:1: submission.package must be "report", "strip" or "reject", got "drop"`},
	{"language", head + "[build]\nlanguage = \"cobol\"\n" + partA,
		`rubric.toml:5:1: build.language must be "java", "c", "cpp", "python", "rust", "go", "raw" or "auto", got "cobol"`},
	{"language list", head + "[build]\nlanguage = [\"c\", \"cobol\"]\n" + partA,
		`rubric.toml:5:1: build.language: "cobol" is not a preset ("c", "cpp", "java", "python", "rust" or "go")`},
	{"language list twice", head + "[build]\nlanguage = [\"c\", \"c\"]\n" + partA,
		`rubric.toml:5:1: build.language lists "c" twice`},
	{"language list empty", head + "[build]\nlanguage = []\n" + partA,
		`rubric.toml:5:1: build.language: an empty list accepts no language`},
	{"language raw in a list", head + "[build]\nlanguage = [\"raw\"]\n" + partA,
		`rubric.toml:5:1: build.language: "raw" is not a preset ("c", "cpp", "java", "python", "rust" or "go")`},
	{"auto main", head + "[build]\nlanguage = \"auto\"\nmain = \"sol.py\"\n" + partA,
		`rubric.toml:6:1: build.main must be a name without extension (a Java class, a Python file without .py) under language "auto", got "sol.py"`},
	{"auto run", head + "[build]\nlanguage = \"auto\"\nrun = [\"./x\"]\n" + partA,
		`rubric.toml:6:1: build.run applies only to language = "raw"; "auto" builds and runs with its preset`},
	{"no source", "name = \"HW\"\ntotal = 5\n" + partA,
		`rubric.toml:1:1: build.language "java" needs a .java file in submission.required`},
	{"compare mode", head + "compare.mode = \"exact\"\n" + partA,
		`rubric.toml:4:1: compare.mode must be "lines", "strict" or "ignore-case", got "exact"`},
	{"scoring", head + partA + "scoring = \"all\"\n",
		`rubric.toml:8:1: part "a": scoring must be "proportional", "all-or-nothing" or "min", got "all"`},
	{"hidden", head + "[report]\nhidden = \"none\"\n" + partA,
		`rubric.toml:5:1: report.hidden must be "verdict" or "count", got "none"`},
	{"gradescope hidden", head + "[report]\ngradescope_hidden = \"visible\"\n" + partA,
		`rubric.toml:5:1: report.gradescope_hidden must be "after_due_date", "after_published" or "hidden", got "visible"`},
	{"duration", head + "[limits]\nwall = \"10\"\n" + partA,
		`rubric.toml:5:1: limits.wall must be a positive duration such as "10s" or "1m30s", got "10"`},
	{"negative duration", head + "[limits]\ncpu = \"-1s\"\n" + partA,
		`rubric.toml:5:1: limits.cpu must be a positive duration such as "10s" or "1m30s", got "-1s"`},
	{"duration type", head + "[limits]\nbuild_wall = 60\n" + partA,
		`rubric.toml:5:1: limits.build_wall must be a duration in a string, such as "10s", got an integer`},
	{"size", head + "[limits]\nmemory = \"512MB\"\n" + partA,
		`rubric.toml:5:1: limits.memory must be a positive size such as "512MiB", "64KiB" or a number of bytes, got "512MB"`},
	{"negative size", head + "[limits]\noutput = -1\n" + partA,
		`rubric.toml:5:1: limits.output must be a positive size such as "512MiB", "64KiB" or a number of bytes, got -1`},
	{"penalty range", head + "[late]\npenalties = [10, 25, 150]\n" + partA,
		`rubric.toml:5:1: late.penalties: the penalty for 3 days late must be between 0 and 100 (percent), got 150`},
	{"penalty decreasing", head + "[late]\npenalties = [10, 25, 20]\n" + partA,
		`rubric.toml:5:1: late.penalties: the penalty for 3 days late (20) is less than for 2 days (25)`},
	{"penalty type", head + "[late]\npenalties = [10, \"25\"]\n" + partA,
		`rubric.toml:5:1: late.penalties[1] must be a number, got a string`},
	{"local deadline", head + "[late]\ndeadline = 2025-03-05T09:30:00\n" + partA,
		`rubric.toml:5:1: late.deadline must be a date-time with a UTC offset, as in 2025-03-05T09:30:00-06:00, got a date-time`},
	{"string deadline", head + "[late]\ndeadline = \"March 5\"\n" + partA,
		`rubric.toml:5:1: late.deadline must be a date-time with a UTC offset, as in 2025-03-05T09:30:00-06:00, got "March 5"`},
	{"required path", "name = \"HW\"\ntotal = 5\n[submission]\nrequired = [\"src/A.java\"]\n" + partA,
		`rubric.toml:4:1: submission.required: "src/A.java" must be a file name, without folders`},
	{"spot check", head + "[build]\nspot_check = -1\n" + partA,
		`rubric.toml:5:1: build.spot_check must be a whole number from 0 to 1000, got -1`},
	{"allow path", head + "[submission]\nallow = [\"lib/x.jar\"]\n" + partA,
		`rubric.toml:5:1: submission.allow: "lib/x.jar" must be a file name, without folders`},
	{"package penalty without strip", head + "[submission]\npackage_penalty = 2\n" + partA,
		`rubric.toml:5:1: submission.package_penalty applies only with package = "strip"`},
	{"package penalty over total", head + "[submission]\npackage = \"strip\"\npackage_penalty = 6\n" + partA,
		`rubric.toml:6:1: submission.package_penalty is 6, more than the total 5`},
	{"rename penalty negative", head + "[submission]\nrename_penalty = -1\n" + partA,
		`rubric.toml:5:1: submission.rename_penalty must not be negative, got -1`},
	{"rename penalty over total", head + "[submission]\nrename_penalty = 6\n" + partA,
		`rubric.toml:5:1: submission.rename_penalty is 6, more than the total 5`},
	{"past output", head + "[limits]\npast_output = \"keep\"\n" + partA,
		`rubric.toml:5:1: limits.past_output must be "stop" or "discard", got "keep"`},
	{"build file", head + "[limits]\nbuild_file = \"1GB\"\n" + partA,
		`rubric.toml:5:1: limits.build_file must be a positive size such as "512MiB", "64KiB" or a number of bytes, got "1GB"`},
	{"unknown runtime", head + "[build]\nruntime = \"pypy\"\n" + partA,
		`rubric.toml:5:1: build.runtime must be "grader" or "judges", got "pypy"`},
	{"raw without run", head + "[build]\nlanguage = \"raw\"\n" + partA,
		`rubric.toml:4:1: missing key "build.run"`},
	{"raw with main", head + "[build]\nlanguage = \"raw\"\nmain = \"x\"\nrun = [\"./x\"]\n" + partA,
		`rubric.toml:6:1: build.main applies to the presets, not to language = "raw": name the program in build.run`},
	{"raw empty command", head + "[build]\nlanguage = \"raw\"\nbuild = [[]]\nrun = [\"./x\"]\n" + partA,
		`rubric.toml:6:1: build.build[0] must start with a program`},
	{"preset with run", head + "[build]\nrun = [\"java\", \"A\"]\n" + partA,
		`rubric.toml:5:1: build.run applies only to language = "raw"; "java" builds and runs with its preset`},
	{"java main", head + "[build]\nmain = \"a.B\"\n" + partA,
		`rubric.toml:5:1: build.main must be a Java class name without a package, got "a.B"`},
	{"python main", "name = \"HW\"\ntotal = 5\nsubmission.required = [\"x.py\"]\n[build]\nlanguage = \"python\"\nmain = \"y.py\"\n" + partA,
		`rubric.toml:6:1: build.main must be a file of submission.required, got "y.py"`},
	{"readings", head + partA + "readings = [\"x\", \"x\"]\n",
		`rubric.toml:8:1: part "a": readings lists "x" twice`},
	{"table type", head + "limits = 5\n" + partA,
		`rubric.toml:4:1: limits must be a table, got an integer`},
	{"dotted key position", head + partA + "  limits.wall = \"0s\"\n",
		`rubric.toml:8:3: part "a": unknown key "limits"`},
}

func TestParseErrors(t *testing.T) {
	for _, tc := range parseErrorCases {
		t.Run(tc.name, func(t *testing.T) {
			dir := casesDir(t)
			r, err := Parse("rubric.toml", []byte(tc.toml), dir)
			if err == nil {
				t.Fatalf("Parse(%q) = %+v, want error %q", tc.toml, r, tc.want)
			}
			got := strings.ReplaceAll(err.Error(), dir, "DIR")
			if got != tc.want {
				t.Errorf("Parse(%q):\n got %s\nwant %s", tc.toml, got, tc.want)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error %q does not wrap ErrInvalid", err)
			}
		})
	}
}

// TestProduct: what each preset's compiler makes is a product, sources
// and data are not.
func TestProduct(t *testing.T) {
	tests := []struct {
		lang Language
		main string
		name string
		want bool
	}{
		{Java, "EightQueen", "EightQueen.class", true},
		{Java, "EightQueen", "hw4/Board$1.class", true},
		{Java, "EightQueen", "lib.jar", true},
		{Java, "EightQueen", "EightQueen.java", false},
		{Java, "EightQueen", "input.txt", false},
		{C, "main", "main", true},
		{C, "main", "util.o", true},
		{C, "main", "main.c", false},
		{CPP, "prog", "a.out", true},
		{Python, "main.py", "__pycache__/x.cpython-311.pyc", true},
		{Python, "main.py", "main.py", false},
		{Raw, "", "x.class", false},
	}
	for _, tc := range tests {
		if got := (Build{Language: tc.lang, Main: tc.main}).Product(tc.name); got != tc.want {
			t.Errorf("%s preset (main %q): Product(%q) = %v, want %v", tc.lang, tc.main, tc.name, got, tc.want)
		}
	}
}

// manualHead is a rubric with one autograded part "a" (5 points) and
// room for a manual part of 3.
const manualHead = "name = \"HW\"\ntotal = 8\nsubmission.required = [\"A.java\"]\n[[part]]\nid = \"a\"\npoints = 5\n[[manual_part]]\nid = \"style\"\npoints = 3\n"

func TestManual(t *testing.T) {
	src := manualHead + "floor = -1\n[[manual_part]]\nid = \"a\"\nceiling = 6\n" +
		"[[manual]]\nid = \"names\"\ntext = \"Meaningful names\"\npoints = 1.5\npart = \"style\"\n" +
		"[[manual]]\nid = \"hardcoded\"\ntext = \"Hard-coded answer\"\npoints = -5\npart = \"a\"\n"
	r, err := Parse("rubric.toml", []byte(src), casesDir(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []ManualPart{{ID: "style", Name: "style", Points: 3, Floor: -1, Ceiling: 3}, {ID: "a", Name: "a", Floor: 0, Ceiling: 6, Auto: true}}
	if fmt.Sprint(r.ManualParts) != fmt.Sprint(want) {
		t.Errorf("manual parts %+v, want %+v", r.ManualParts, want)
	}
	items := []ManualItem{{"names", "Meaningful names", 1.5, "style"}, {"hardcoded", "Hard-coded answer", -5, "a"}}
	if fmt.Sprint(r.Manual) != fmt.Sprint(items) {
		t.Errorf("manual items %+v, want %+v", r.Manual, items)
	}
	r2, err := Parse("rubric.toml", []byte(manualHead+"file = \"A.java\"\nfunction = \"solve\"\n[[manual_part]]\nid = \"a\"\nfile = \"A.java\"\nlines = \"3-40\"\n"), casesDir(t))
	if err != nil {
		t.Fatal(err)
	}
	if m := r2.ManualParts; m[0].File != "A.java" || m[0].Function != "solve" || m[1].Lines != [2]int{3, 40} {
		t.Errorf("where parts are graded: %+v", m)
	}
	if m, ok := r.ManualPart("a"); !ok || m.Ceiling != 6 {
		t.Errorf("ManualPart(a) = %+v, %v", m, ok)
	}
}

func TestManualErrors(t *testing.T) {
	item := "[[manual]]\nid = \"x\"\ntext = \"X\"\npoints = 1\npart = \"style\"\n"
	for _, tc := range []struct{ name, toml, want string }{
		{"unknown key", manualHead + item + "colour = 1\n", `rubric.toml:15:1: manual "x": unknown key "colour"`},
		{"unknown part", manualHead + strings.Replace(item, `"style"`, `"nope"`, 1), `rubric.toml:14:1: manual "x": part "nope" is neither a [[part]] nor a [[manual_part]]`},
		{"zero points", manualHead + strings.Replace(item, "points = 1", "points = 0", 1), `rubric.toml:13:1: manual "x": points must be a non-zero number of points, got 0`},
		{"no text", manualHead + strings.Replace(item, "text = \"X\"\n", "", 1), `rubric.toml:10:1: manual "x": text must say what the item is`},
		{"duplicate", manualHead + item + item, `rubric.toml:16:1: manual #2: id "x" is already a manual item`},
		{"total", strings.Replace(manualHead, "total = 8", "total = 5", 1), `rubric.toml:2:1: total is 5 but the parts' points add up to 8`},
		{"auto part points", manualHead + "[[manual_part]]\nid = \"a\"\npoints = 2\n", `rubric.toml:10:1: manual_part "a": names the autograded part "a": only floor, ceiling and where it is graded (file, function, lines) may be given (its name and points are the part's)`},
		{"file not required", manualHead + "file = \"B.java\"\n", `rubric.toml:10:1: manual_part "style": file "B.java" is not one of the required files (A.java)`},
		{"bad lines", manualHead + "file = \"A.java\"\nlines = \"9-3\"\n", `rubric.toml:11:1: manual_part "style": lines must be FIRST-LAST, from 1 ("12-40"), got "9-3"`},
		{"function and lines", manualHead + "file = \"A.java\"\nfunction = \"f\"\nlines = \"1-3\"\n", `rubric.toml:12:1: manual_part "style": give function or lines, not both`},
		{"lines without file", manualHead + "lines = \"1-3\"\n", `rubric.toml:7:1: manual_part "style": a function or lines need the file that holds them: give file too`},
		{"floor above ceiling", manualHead + "floor = 4\n", `rubric.toml:10:1: manual_part "style": floor 4 is above ceiling 3`},
		{"part unknown key", manualHead + "weight = 2\n", `rubric.toml:10:1: manual_part "style": unknown key "weight"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := casesDir(t)
			_, err := Parse("rubric.toml", []byte(tc.toml), dir)
			if err == nil || strings.ReplaceAll(err.Error(), dir, "DIR") != tc.want {
				t.Errorf("Parse:\n got %v\nwant %s", err, tc.want)
			}
		})
	}
}

// TestScripted: a program's build and run scripts build and run it, each
// with the interpreter its shebang names, else /bin/sh; without run,
// the build's ./run; without either, no scripted build.
func TestScripted(t *testing.T) {
	scripts := map[string]string{"build": "#!/usr/bin/env sh\ncc x.c\n", "run": "python3 x.py\n"}
	first := func(n string) []byte { return []byte(scripts[n]) }
	for _, tc := range []struct {
		files      []string
		ok         bool
		build, run string
	}{
		{[]string{"x.c", "build", "run"}, true, `[["/usr/bin/env" "sh" "build"]]`, `["/bin/sh" "run"]`},
		{[]string{"build", "x.c"}, true, `[["/usr/bin/env" "sh" "build"]]`, `["./run"]`},
		{[]string{"run"}, true, `[]`, `["/bin/sh" "run"]`},
		{[]string{"x.c", "main.py"}, false, "", ""},
	} {
		b, ok := Scripted(tc.files, first)
		if ok != tc.ok {
			t.Errorf("%q: scripted %v", tc.files, ok)
			continue
		}
		if !ok {
			continue
		}
		build, run := b.Commands()
		if got := fmt.Sprintf("%q", build); b.Language != Raw || got != tc.build && !(len(build) == 0 && tc.build == "[]") {
			t.Errorf("%q: %s build %s, want %s", tc.files, b.Language, got, tc.build)
		}
		if got := fmt.Sprintf("%q", run); got != tc.run {
			t.Errorf("%q: run %s, want %s", tc.files, got, tc.run)
		}
	}
}
