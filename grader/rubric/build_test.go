package rubric

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestCommands(t *testing.T) {
	for _, tc := range []struct {
		name, build  string
		required     string
		wantBuild    string
		wantRun      string
		wantMain     string
		wantLanguage Language
		wantShown    string // Command(shownArgs)
	}{
		{"java default", ``, `["EightQueen.java", "notes.txt"]`,
			`[[javac -encoding UTF-8 EightQueen.java]]`, `[java -cp . EightQueen]`, "EightQueen", Java, "java EightQueen 315 -1 'two words' 'it'\\''s' ''"},
		{"java main", `language = "java"` + "\n" + `main = "Main"`, `["Main.java", "Board.java"]`,
			`[[javac -encoding UTF-8 Main.java Board.java]]`, `[java -cp . Main]`, "Main", Java, "java Main 315 -1 'two words' 'it'\\''s' ''"},
		{"c", `language = "c"`, `["queens.c", "board.c", "board.h"]`,
			`[[gcc -O2 -o main queens.c board.c -lm]]`, `[./main]`, "main", C, "./main 315 -1 'two words' 'it'\\''s' ''"},
		{"cpp", `language = "cpp"` + "\n" + `main = "queens"`, `["queens.cpp", "board.cc"]`,
			`[[g++ -O2 -std=c++17 -o queens queens.cpp board.cc -lm]]`, `[./queens]`, "queens", CPP, "./queens 315 -1 'two words' 'it'\\''s' ''"},
		{"python", `language = "python"`, `["queens.py", "board.py"]`,
			`[[python3 -m py_compile queens.py board.py]]`, `[python3 queens.py]`, "queens.py", Python, "python3 queens.py 315 -1 'two words' 'it'\\''s' ''"},
		{"raw", `language = "raw"` + "\n" + `build = [["make", "queens"], ["strip", "queens"]]` + "\n" + `run = ["./queens", "--fast"]`, `["Makefile"]`,
			`[[make queens] [strip queens]]`, `[./queens --fast]`, "", Raw, "./queens --fast 315 -1 'two words' 'it'\\''s' ''"},
		{"raw without build", `language = "raw"` + "\n" + `run = ["sh", "run.sh"]`, `[]`,
			`[]`, `[sh run.sh]`, "", Raw, "sh run.sh 315 -1 'two words' 'it'\\''s' ''"},
		{"auto", `language = "auto"`, `[]`, `[]`, `[]`, "", Auto, "program 315 -1 'two words' 'it'\\''s' ''"},
		{"auto list", `language = ["python", "java"]` + "\n" + `main = "Sum"`, `["README"]`, `[]`, `[]`, "Sum", Auto, "program 315 -1 'two words' 'it'\\''s' ''"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := fmt.Sprintf("name = \"HW\"\ntotal = 5\n[submission]\nrequired = %s\n[build]\n%s\n[[part]]\nid = \"a\"\npoints = 5\n", tc.required, tc.build)
			r, err := Parse("rubric.toml", []byte(src), casesDir(t))
			if err != nil {
				t.Fatal(err)
			}
			build, run := r.Build.Commands()
			if got := fmt.Sprint(build); got != tc.wantBuild {
				t.Errorf("build commands %s, want %s", got, tc.wantBuild)
			}
			if got := fmt.Sprint(run); got != tc.wantRun {
				t.Errorf("run command %s, want %s", got, tc.wantRun)
			}
			if got := r.Build.Command(shownArgs); got != tc.wantShown {
				t.Errorf("Command(%q) = %s, want %s", shownArgs, got, tc.wantShown)
			}
			if tc.wantLanguage != Raw && tc.wantLanguage != Auto {
				p, err := Preset(tc.wantLanguage, strings.Fields(strings.NewReplacer(`"`, "", ",", "", "[", "", "]", "").Replace(tc.required)))
				if err != nil {
					t.Fatal(err)
				}
				pb, pr := p.Commands()
				if tc.wantMain == p.Main && (fmt.Sprint(pb) != tc.wantBuild || fmt.Sprint(pr) != tc.wantRun) {
					t.Errorf("Preset: build %s run %s, want the rubric's", pb, pr)
				}
			}
			if r.Build.Main != tc.wantMain || r.Build.Language != tc.wantLanguage {
				t.Errorf("main %q, language %q; want %q, %q", r.Build.Main, r.Build.Language, tc.wantMain, tc.wantLanguage)
			}

			// Callers append case arguments; that must not reach the rubric.
			_ = append(run, "100", "01234567")
			if len(build) > 0 {
				build[0][0] = "changed"
			}
			build2, run2 := r.Build.Commands()
			if fmt.Sprint(build2) != tc.wantBuild || !slices.Equal(run2, run) {
				t.Errorf("Commands shares its slices with a caller: %q %q", build2, run2)
			}
		})
	}
}

var shownArgs = []string{"315", "-1", "two words", "it's", ""}

func TestPresetErrors(t *testing.T) {
	for _, tc := range []struct {
		lang     Language
		required []string
		want     string
	}{
		{Raw, []string{"run.sh"}, `rubric: no preset for language "raw"`},
		{C, []string{"sum.py"}, `rubric: language "c" needs a .c file`},
		{CPP, nil, `rubric: language "cpp" needs a .cpp or .cc or .cxx or .C or .c++ file`},
	} {
		if _, err := Preset(tc.lang, tc.required); err == nil || err.Error() != tc.want {
			t.Errorf("Preset(%q, %q): error %v, want %s", tc.lang, tc.required, err, tc.want)
		}
	}
}

func TestInlineForms(t *testing.T) {
	// Parts and tables written inline are read, and positioned, as well.
	src := `name = "HW"
total = 6
submission = { required = ["A.java"], package = "strip", package_penalty = 1 }
limits = { wall = "2s", memory = 1024 }
part = [
  { id = "a", points = 2 },
  { id = "b", points = 4, scoring = "all-or-nothing" },
]
`
	r, err := Parse("rubric.toml", []byte(src), casesDir(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Parts) != 2 || r.Parts[1].Scoring != AllOrNothing || r.Limits.Memory != 1024 || r.Submission.PackagePenalty != 1 {
		t.Errorf("parsed %+v", r)
	}

	bad := strings.Replace(src, `"all-or-nothing" },`, `"all-or-nothing" }, { id = "c", points = -1 },`, 1)
	_, err = Parse("rubric.toml", []byte(bad), casesDir(t))
	want := `rubric.toml:7:69: part "c": points must be positive, got -1`
	if err == nil || err.Error() != want {
		t.Errorf("got error %v, want %s", err, want)
	}
}

func TestLoadMissingFile(t *testing.T) {
	if _, err := Load("testdata/none.toml"); err == nil {
		t.Error("Load of a missing file: no error")
	}
}

func TestAutoLanguages(t *testing.T) {
	for _, tc := range []struct{ build, want string }{
		{`language = "auto"`, "[c cpp java python rust go]"},
		{`language = ["python", "c"]`, "[python c]"},
		{`language = "c"`, "[]"},
	} {
		src := fmt.Sprintf("name = \"HW\"\ntotal = 5\n[submission]\nrequired = [\"a.c\"]\n[build]\n%s\n[[part]]\nid = \"a\"\npoints = 5\n", tc.build)
		r, err := Parse("rubric.toml", []byte(src), casesDir(t))
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(r.Build.Languages); got != tc.want {
			t.Errorf("%s: languages %s, want %s", tc.build, got, tc.want)
		}
		if !r.Build.Product("x.pyc") == (r.Build.Language == Auto) {
			t.Errorf("%s: Product(x.pyc) = %v", tc.build, r.Build.Product("x.pyc"))
		}
	}
}

func TestPresetMain(t *testing.T) {
	b, err := PresetMain(Python, []string{"util.py", "sum.py"}, "sum.py")
	if err != nil {
		t.Fatal(err)
	}
	if _, run := b.Commands(); fmt.Sprint(run) != "[python3 sum.py]" {
		t.Errorf("run %v", run)
	}
	if _, err := PresetMain(Python, []string{"util.py"}, "sum.py"); err == nil {
		t.Error("PresetMain accepted a Python main that is not one of the files")
	}
	b, err = PresetMain(Java, []string{"Sum.java", "Util.java"}, "Main")
	if err != nil {
		t.Fatal(err)
	}
	if _, run := b.Commands(); fmt.Sprint(run) != "[java -cp . Main]" {
		t.Errorf("run %v", run)
	}
}
