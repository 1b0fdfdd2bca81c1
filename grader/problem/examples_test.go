package problem

import (
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/rubric"
)

func TestGlobMatches(t *testing.T) {
	for _, tc := range []struct {
		glob, name string
		want       bool
	}{
		{"accepted", "accepted/a.py", true},
		{"accepted/*", "accepted/a.py", true},
		{"accepted/*.py", "accepted/a.cpp", false},
		{"accepted/a.{py,cpp}", "accepted/a.cpp", true},
		{"{accepted,wrong_answer}/*", "wrong_answer/w.py", true},
		{"secret/*-easy", "secret/01-easy/3", true},
		{"secret/*", "sample/1", false},
		{"*", "secret/g/1", true},
	} {
		if got := globMatches(tc.glob, tc.name); got != tc.want {
			t.Errorf("globMatches(%q, %q) = %v", tc.glob, tc.name, got)
		}
	}
}

// TestExamples: a folder's default expectation, replaced key by key by
// submissions.yaml's entry of that name; other globs add rules; group
// keys apply to their cases; unknown folders and keys are errors.
func TestExamples(t *testing.T) {
	dir := writePackage(t, map[string]string{
		"submissions/accepted/a.py":            "",
		"submissions/accepted/b.php":           "",
		"submissions/time_limit_exceeded/t.cc": "",
		"submissions/mixed/m.py":               "",
		"submissions/submissions.yaml": "time_limit_exceeded:\n  permitted: [AC, WA, TLE]\n" +
			"accepted/*.php:\n  language: php\n" +
			"mixed/m.py:\n  secret/hard:\n    required: [TLE]\n  sample:\n    permitted: [AC]\n  message: slow\n",
	})
	exs, err := Examples(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, ex := range exs {
		var rs []string
		for _, r := range ex.rules {
			rs = append(rs, strings.TrimSpace(r.cases+" "+strings.Join(r.permitted, ",")+"/"+strings.Join(r.required, ",")+" "+r.message))
		}
		got[ex.Name] = strings.Join(rs, "; ")
		if ex.Skip != "" {
			got[ex.Name] += " skip"
		}
	}
	want := map[string]string{
		"accepted/a.py":            "AC/",
		"accepted/b.php":           "AC/ skip",
		"time_limit_exceeded/t.cc": "AC,WA,TLE/TLE",
		"mixed/m.py":               "sample AC/; secret/hard /TLE; / slow",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rules:\n got %q\nwant %q", got, want)
	}
	for _, tc := range []struct {
		files map[string]string
		want  string
	}{
		{map[string]string{"submissions/accepted/x.py": "", "submissions/submissions.yaml": "accepted:\n  permited: [AC]\n"}, `accepted: unknown key "permited"`},
		{map[string]string{"submissions/accepted/x.py": "", "submissions/submissions.yaml": "accepted:\n  permitted: [OK]\n"}, `"OK" is not one of AC, WA, TLE, RTE`},
	} {
		_, err := Examples(writePackage(t, tc.files))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want %s", err, tc.want)
		}
	}
}

// TestTLELimits: a submission that must run out of time is graded with
// the time limit times time_limit_to_tle (1.5 by default), of CPU time
// and of wall clock alike.
func TestTLELimits(t *testing.T) {
	for _, tc := range []struct {
		yaml string
		cpu  time.Duration
	}{
		{"name: X\n", 3 * time.Second},
		{"problem_format_version: 2025-09\nname: X\nlimits: {time_multipliers: {time_limit_to_tle: 2}}\n", 4 * time.Second},
		// Legacy's name for time_limit_to_tle.
		{"name: X\nlimits: {time_safety_margin: 2.5}\n", 5 * time.Second},
	} {
		dir := writePackage(t, map[string]string{"problem.yaml": tc.yaml})
		lim, err := TLELimits(dir, rubric.Limits{CPU: 2 * time.Second, Wall: 9 * time.Second})
		if err != nil || lim.CPU != tc.cpu || lim.Wall != tc.cpu {
			t.Errorf("%q: %v %v", tc.yaml, lim, err)
		}
	}
	exs, err := Examples(writePackage(t, map[string]string{
		"submissions/time_limit_exceeded/t.py": "", "submissions/brute_force/b.py": "", "submissions/accepted/a.py": "",
	}))
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range exs {
		if want := ex.Name == "time_limit_exceeded/t.py"; ex.WantsTLE() != want {
			t.Errorf("%s: WantsTLE %v", ex.Name, !want)
		}
	}
}

// TestExamplesSkipped: a folder the format does not define and
// submissions.yaml does not name, and a submission in a language the
// grader does not build, are listed as skipped, saying why.
func TestExamplesSkipped(t *testing.T) {
	exs, err := Examples(writePackage(t, map[string]string{
		"submissions/slow_accepted/x.py": "", "submissions/accepted/h.kt": "", "submissions/accepted/f/main.hs": "", "submissions/accepted/a.py": "",
		"submissions/accepted/p3.py3": "print(1)\n", "submissions/accepted/p2.py": "#!/usr/bin/env python2\nprint 1\n",
	}))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, ex := range exs {
		got[ex.Name] = ex.Skip
	}
	want := map[string]string{
		"accepted/a.py":      "",
		"accepted/p3.py3":    "",
		"accepted/p2.py":     `p2.py: its first line, "#!/usr/bin/env python2", asks for Python 2, ` + python2Why(),
		"accepted/f":         "no file in a language the grader builds (c, cpp, java, python3, rust, go): .hs",
		"accepted/h.kt":      "no file in a language the grader builds (c, cpp, java, python3, rust, go): .kt",
		"slow_accepted/x.py": "no expectation: slow_accepted is not a folder the format defines, and submissions.yaml gives it none",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("skips:\n got %q\nwant %q", got, want)
	}
}

// TestTimeLimitFrom: a package that gives no time limit gets the
// format's: the slowest accepted run times ac_to_time_limit (legacy:
// time_multiplier), rounded up to time_resolution, at least one.
func TestTimeLimitFrom(t *testing.T) {
	for _, tc := range []struct {
		files   map[string]string
		slowest time.Duration
		given   bool
		want    time.Duration
	}{
		{map[string]string{"problem.yaml": "problem_format_version: 2025-09\nname: X\n"}, 120 * time.Millisecond, false, time.Second},
		{map[string]string{"problem.yaml": "problem_format_version: 2025-09\nname: X\n"}, 1100 * time.Millisecond, false, 3 * time.Second},
		{map[string]string{"problem.yaml": "problem_format_version: 2025-09\nname: X\nlimits: {time_resolution: 0.5, time_multipliers: {ac_to_time_limit: 3}}\n"}, 1100 * time.Millisecond, false, 3500 * time.Millisecond},
		{map[string]string{"problem.yaml": "name: X\n"}, 300 * time.Millisecond, false, 2 * time.Second},
		{map[string]string{"problem.yaml": "name: X\n", ".timelimit": "3\n"}, 0, true, time.Second},
		{map[string]string{"problem.yaml": "problem_format_version: 2025-09\nname: X\nlimits: {time_limit: 4}\n"}, 0, true, time.Second},
		{map[string]string{"problem.yaml": "problem_format_version: 2025-09\nname: X\n", "domjudge-problem.ini": "probid='A'\ntimelimit='2.5'\n"}, 0, true, time.Second},
	} {
		tm, err := TimingOf(writePackage(t, tc.files))
		if err != nil || tm.Given != tc.given {
			t.Errorf("%v: %+v %v", tc.files, tm, err)
			continue
		}
		if got := tm.TimeLimitFrom(tc.slowest); got != tc.want {
			t.Errorf("%v: %v from %v, want %v", tc.files, got, tc.slowest, tc.want)
		}
	}
}

// python2Why is how a Python 2 submission's skip ends on this machine.
func python2Why() string {
	if _, err := exec.LookPath("python2"); err == nil {
		return "which the grader does not run (it runs Python 3)"
	}
	return "which this machine does not have"
}

// TestGivenTimelimit: without limits.time_limit, a legacy package's
// .timelimit gives the time limit, else DOMjudge's domjudge-problem.ini
// (any version); problem.yaml's own wins over both.
func TestGivenTimelimit(t *testing.T) {
	const modern = "problem_format_version: 2023-07\nname: X\n"
	for _, tc := range []struct {
		files map[string]string
		want  time.Duration // 0: none given
		err   string
	}{
		{map[string]string{"problem.yaml": "name: X\n", ".timelimit": "3\n", "domjudge-problem.ini": "timelimit = 7\n"}, 3 * time.Second, ""},
		{map[string]string{"problem.yaml": "name: X\n", "domjudge-problem.ini": "name = \"x = y\"\ntimelimit = '1.5'\n"}, 1500 * time.Millisecond, ""},
		{map[string]string{"problem.yaml": modern, ".timelimit": "3\n", "domjudge-problem.ini": "timelimit = \"4\"\n"}, 4 * time.Second, ""},
		{map[string]string{"problem.yaml": modern, "domjudge-problem.ini": "probid = A\n"}, 0, ""},
		{map[string]string{"problem.yaml": modern}, 0, ""},
		{map[string]string{"problem.yaml": modern, "domjudge-problem.ini": "timelimit = soon\n"}, 0, `timelimit must be a positive number of seconds, got "soon"`},
	} {
		dir := writePackage(t, tc.files)
		m, err := readMeta(dir)
		if err != nil {
			t.Fatal(err)
		}
		tl, ok, err := givenTimelimit(dir, m)
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v: error %v, want one saying %q", tc.files, err, tc.err)
			}
		case err != nil || ok != (tc.want > 0) || tl != tc.want:
			t.Errorf("%v: %v %v %v, want %v", tc.files, tl, ok, err, tc.want)
		}
	}
}

// TestUnmatched: a submissions.yaml key that matches no submission is
// named, for a warning.
func TestUnmatched(t *testing.T) {
	dir := writePackage(t, map[string]string{"submissions/accepted/x.py": "", "submissions/submissions.yaml": "acepted/*:\n  permitted: [AC]\naccepted/x.py:\n  permitted: [AC]\n"})
	exs, err := Examples(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Unmatched(dir, exs)
	if err != nil || len(got) != 1 || !strings.HasSuffix(got[0], "submissions.yaml: acepted/*: matches no submission") {
		t.Errorf("got %q, %v", got, err)
	}
}

// TestExpandBraces: brace sets expand, each alternative trimmed, empty
// ones kept, one set after another.
func TestExpandBraces(t *testing.T) {
	got := expandBraces("secret/*{ 4 }{2,}")
	want := []string{"secret/*42", "secret/*4"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestExampleParts: a pass-fail group that stops at its first rejected
// case runs every case for a submission whose submissions.yaml rules
// name some cases (their own verdicts are checked), and stops for the
// others.
func TestExampleParts(t *testing.T) {
	exs, err := Examples(writePackage(t, map[string]string{
		"submissions/accepted/a.py":     "",
		"submissions/wrong_answer/m.py": "",
		"submissions/submissions.yaml":  "wrong_answer/m.py:\n  secret/hard:\n    required: [WA]\n",
	}))
	if err != nil {
		t.Fatal(err)
	}
	ps := []rubric.Part{{ID: "secret", Scoring: rubric.AllOrNothing, StopAtReject: true}}
	for _, ex := range exs {
		got := ex.Parts(ps)[0].StopAtReject
		if want := ex.Name == "accepted/a.py"; got != want {
			t.Errorf("%s: StopAtReject %v, want %v", ex.Name, got, want)
		}
	}
	if !ps[0].StopAtReject {
		t.Errorf("Parts changed its argument")
	}
}
