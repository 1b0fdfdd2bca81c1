package main

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/crc32"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/unittest"
	"github.com/cs540-tools/autograder/reference/eightqueen"
	"github.com/cs540-tools/autograder/reference/eightqueen/javasrc"
	"github.com/cs540-tools/autograder/reference/javarand"
	"github.com/rogpeppe/go-internal/testscript"
	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the testscript files' golden sections with the actual output")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"autograder": func() { os.Exit(run()) },
	})
}

// TestScripts runs the end-to-end scripts in testdata/script: each is a txtar
// archive with the commands to run and the files they read and print.
//
// Scripts see three extra variables: $REPO, the repository's root (for the
// real rubric.toml and cases), $TESTDATA, this package's testdata folder
// (for the small test rubrics), and $AUTOGRADER_EXE, the test binary, which
// runs as the autograder under that name (for a kit's binary). Besides testscript's own commands they have:
//
//	writesub [-zip] DIR VARIANT...   write javasrc variants (see variantNames)
//	                                 as DIR/VARIANT/EightQueen.java, or with -zip
//	                                 as DIR/VARIANT.zip holding hw4/EightQueen.java
//	exitcode N PROG [ARGS...]        run PROG like exec and require exit status N
//	result FILE ID                   print submission ID of results.json FILE in
//	                                 a line-oriented form for stdout assertions
//	                                 (ID's Go escapes and repeats expanded, as mvq's)
//	canvaszip [-stray] FILE          write a Canvas "Download Submissions" zip of
//	                                 eight students (see cmdCanvaszip)
//	listfiles DIR [NAME...]          print every file and folder under DIR, sorted,
//	                                 except the top-level NAMEs
//	samplecases RUBRIC N DIR         copy RUBRIC (and its handout) to DIR/rubric.toml with a sample
//	                                 of its cases: in each part, every Nth case
//	                                 file by name and the last one (see
//	                                 cmdSamplecases): for what must run cold
//	gsresults FILE TOTAL             check a Gradescope results.json against
//	                                 Gradescope's schema and print it in lines
//	                                 (see cmdGsresults, ci_test.go)
//	junit FILE                       parse JUnit XML, check its counts and print
//	                                 it in lines (see cmdJunit, ci_test.go)
//	zipfiles FILE [PATH...]          write a zip FILE holding the files PATH
//	                                 (slash paths under $WORK); none: an empty zip
//	replace OLD NEW FILE             replace the first OLD in FILE with NEW (OLD
//	                                 must be there): a javasrc variant edited
//	[!] cmpnokey A B                 cmp two results.json but for their results'
//	                                 keys (which name the mode and the secret)
//	mvq OLD NEW                      rename OLD to NEW, whose Go escapes (\x1b,
//	                                 \a) and repeats ({a*246}) are expanded: a
//	                                 hostile file name (see cmdMvq)
//
// and the conditions [tool:PROGRAM], true when PROGRAM is on PATH,
// [faketime], true when the runner finds libfaketime, and [junit] and
// [pytest], true when the unit-test framework works; under CI=true a
// missing one fails the script instead (so that "[!tool:gcc] skip" never
// skips in CI).
func TestScripts(t *testing.T) {
	t.Parallel()
	repo, testdata := paths(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	doctorCache := t.TempDir()
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "1")
			env.Setenv("REPO", repo)
			env.Setenv("TESTDATA", testdata)
			env.Setenv("AUTOGRADER_EXE", exe)
			// doctor's cache, shared: a hello-world (a cold Go build)
			// checked once for all the scripts.
			env.Setenv("XDG_CACHE_HOME", doctorCache)
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"writesub":    cmdWritesub,
			"exitcode":    cmdExitcode,
			"result":      cmdResult,
			"canvaszip":   cmdCanvaszip,
			"listfiles":   cmdListfiles,
			"samplecases": cmdSamplecases,
			"gsresults":   cmdGsresults,
			"junit":       cmdJunit,
			"zipfiles":    cmdZipfiles,
			"replace":     cmdReplace,
			"cmpnokey":    cmdCmpnokey,
			"labelled":    cmdLabelled,
			"mvq":         cmdMvq,
		},
		Condition: condition,
	})
}

// paths returns the repository root and this package's testdata folder.
func paths(t testing.TB) (repo, testdata string) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(wd, "..", ".."), filepath.Join(wd, "testdata")
}

// variantNames maps javasrc variant names ("correct", "mistake-sa-no-cooling",
// "extra-crlf", ...) to the variants.
func variantNames() map[string]javasrc.Variant {
	m := map[string]javasrc.Variant{}
	for _, v := range javasrc.Variants() {
		m[v.Name()] = v
	}
	return m
}

func cmdWritesub(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! writesub")
	}
	asZip := len(args) > 0 && args[0] == "-zip"
	if asZip {
		args = args[1:]
	}
	if len(args) < 2 {
		ts.Fatalf("usage: writesub [-zip] DIR VARIANT...")
	}
	dir := ts.MkAbs(args[0])
	vs := variantNames()
	for _, name := range args[1:] {
		v, ok := vs[name]
		if !ok {
			ts.Fatalf("writesub: no variant %q", name)
		}
		if asZip {
			ts.Check(os.MkdirAll(dir, 0o755))
			ts.Check(os.WriteFile(filepath.Join(dir, name+".zip"), zipOf("hw4/"+javasrc.FileName, javasrc.Source(v)), 0o644))
			continue
		}
		ts.Check(javasrc.WriteSubmission(filepath.Join(dir, name), v))
	}
}

// zipOf packs one file with a fixed time, as a student's zip.
func zipOf(name, content string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: time.Date(2025, 3, 5, 9, 0, 0, 0, time.UTC)})
	if err == nil {
		_, err = w.Write([]byte(content))
	}
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// cmdZipfiles writes a zip of files of the script's work folder.
func cmdZipfiles(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 {
		ts.Fatalf("usage: zipfiles FILE [PATH...]")
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range args[1:] {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: time.Date(2025, 3, 5, 9, 0, 0, 0, time.UTC)})
		ts.Check(err)
		_, err = w.Write([]byte(ts.ReadFile(name)))
		ts.Check(err)
	}
	ts.Check(zw.Close())
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), buf.Bytes(), 0o644))
}

// cmdReplace edits a file of the script's work folder: a variant of
// reference/eightqueen/javasrc handed in otherwise (its class not public, under
// another name).
func cmdReplace(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: replace OLD NEW FILE")
	}
	data := ts.ReadFile(args[2])
	if !strings.Contains(data, args[0]) {
		ts.Fatalf("replace: %s has no %q", args[2], args[0])
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[2]), []byte(strings.Replace(data, args[0], args[1], 1)), 0o644))
}

// cmdCanvaszip writes FILE, the zip Canvas's "Download Submissions" gives
// for a class of eight (as testdata/script/canvas.txtar grades it):
//
//	alicesmith_1001_50001_EightQueen.java        correct
//	alicesmith_1001_50002_notes-caf\xe9.txt      a note whose name is not UTF-8
//	anon_Xy7Qz_50003_EightQueen.java             correct, anonymous
//	bobjones_LATE_1002_50004_EightQueen.java     correct, marked LATE
//	dandavis_1004_50005_hw4.zip                  hw4/EightQueen.java, correct
//	erinlee_1005_50006_EightQueen.java           mistake-sa-no-cooling, uploaded first
//	erinlee_1005_50016_EightQueen-1.java         correct, uploaded again: the one graded
//	malloryhack_1006_50007_hw4.zip               hw4/EightQueen.java and a zip-slip
//	                                             entry ../../../../tmp/pwned.java
//	oscarbig_1007_50008_EightQueen.java          a zip bomb: 1 GiB of zeros in 1 MiB
//	peggytext_1008_text.html                     an online text entry only
//
// With -stray, two entries that belong to no student follow: ../../evil.sh
// and README.txt.
func cmdCanvaszip(ts *testscript.TestScript, neg bool, args []string) {
	stray := len(args) > 0 && args[0] == "-stray"
	if stray {
		args = args[1:]
	}
	if neg || len(args) != 1 {
		ts.Fatalf("usage: canvaszip [-stray] FILE")
	}
	vs := variantNames()
	src := func(name string) []byte { return []byte(javasrc.Source(vs[name])) }
	when := time.Date(2025, 3, 5, 15, 0, 0, 0, time.UTC)
	var slip bytes.Buffer
	sw := zip.NewWriter(&slip)
	for _, f := range []struct{ name, data string }{
		{"hw4/EightQueen.java", javasrc.Source(vs["correct"])},
		{"../../../../tmp/pwned.java", "public class pwned {}\n"},
	} {
		w, err := sw.CreateHeader(&zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: when})
		ts.Check(err)
		_, err = w.Write([]byte(f.data))
		ts.Check(err)
	}
	ts.Check(sw.Close())

	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(name string, data []byte) {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: when})
		ts.Check(err)
		_, err = w.Write(data)
		ts.Check(err)
	}
	add("alicesmith_1001_50001_EightQueen.java", src("correct"))
	add("alicesmith_1001_50002_notes-caf\xe9.txt", []byte("written on a Latin-1 machine\n"))
	add("anon_Xy7Qz_50003_EightQueen.java", src("correct"))
	add("bobjones_LATE_1002_50004_EightQueen.java", src("correct"))
	add("dandavis_1004_50005_hw4.zip", zipOf("hw4/"+javasrc.FileName, javasrc.Source(vs["correct"])))
	add("erinlee_1005_50006_EightQueen.java", src("mistake-sa-no-cooling"))
	add("erinlee_1005_50016_EightQueen-1.java", src("correct"))
	add("malloryhack_1006_50007_hw4.zip", slip.Bytes())
	// The bomb: a deflate stream of 1 MiB of zeros, its blocks repeated
	// 1024 times (never holding the GiB), stored with its true sizes.
	var one bytes.Buffer
	fw, err := flate.NewWriter(&one, flate.BestCompression)
	ts.Check(err)
	mib := make([]byte, 1<<20)
	fw.Write(mib)
	ts.Check(fw.Flush()) // ends on a byte boundary, with no final block
	var packed bytes.Buffer
	var crc uint32
	for range 1024 {
		packed.Write(one.Bytes())
		crc = crc32.Update(crc, crc32.IEEETable, mib)
	}
	packed.Write([]byte{0x01, 0x00, 0x00, 0xff, 0xff}) // a final empty stored block
	w, err := zw.CreateRaw(&zip.FileHeader{Name: "oscarbig_1007_50008_EightQueen.java", Method: zip.Deflate, Modified: when,
		CRC32: crc, CompressedSize64: uint64(packed.Len()), UncompressedSize64: 1 << 30})
	ts.Check(err)
	_, err = w.Write(packed.Bytes())
	ts.Check(err)
	add("peggytext_1008_text.html", []byte("<p>I wrote my answer here instead.</p>\n"))
	if stray {
		add("../../evil.sh", []byte("rm -rf ~\n"))
		add("README.txt", []byte("not a student's\n"))
	}
	ts.Check(zw.Close())
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), buf.Bytes(), 0o644))
}

// cmdListfiles prints the files and folders under DIR (folders with a
// final "/"), sorted, leaving out the top-level names given: to see that a
// command wrote nothing but what it should.
func cmdListfiles(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 {
		ts.Fatalf("usage: listfiles DIR [NAME...]")
	}
	root := ts.MkAbs(args[0])
	var lines []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == root {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if slices.Contains(args[1:], rel) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			rel += "/"
		}
		lines = append(lines, filepath.ToSlash(rel))
		return nil
	})
	ts.Check(err)
	slices.Sort(lines)
	for _, l := range lines {
		fmt.Fprintln(ts.Stdout(), l)
	}
}

// cmdSamplecases writes a copy of a rubric whose cases folder holds a
// deterministic sample of the rubric's: in each part, the case files whose
// index in name order is a multiple of N, and the last one (for the Eight
// Queens cases: hidden, public and seed -1 cases alike). The copy keeps
// the rubric's layout: its cases folder and handout sit where its cases
// and handout keys say. Scripts compare cold mode with warm on it, so that
// they run a few dozen JVMs, not a thousand.
func cmdSamplecases(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: samplecases RUBRIC N DIR")
	}
	path, dir := ts.MkAbs(args[0]), ts.MkAbs(args[2])
	n, err := strconv.Atoi(args[1])
	if err != nil || n < 1 {
		ts.Fatalf("samplecases: N must be a positive number, not %q", args[1])
	}
	r, err := rubric.Load(path)
	ts.Check(err)
	from := filepath.Dir(path)
	ts.Check(copyTo(path, filepath.Join(dir, "rubric.toml")))
	if r.Handout != "" {
		ts.Check(copyTo(r.Handout, beside(ts, from, r.Handout, dir)))
	}
	casesDir := beside(ts, from, r.CasesDir, dir)
	parts, err := filepath.Glob(filepath.Join(r.CasesDir, "*"))
	ts.Check(err)
	for _, part := range parts {
		files, err := filepath.Glob(filepath.Join(part, "*.case"))
		ts.Check(err)
		slices.Sort(files)
		for i, f := range files {
			if i%n == 0 || i == len(files)-1 {
				ts.Check(copyTo(f, filepath.Join(casesDir, filepath.Base(part), filepath.Base(f))))
			}
		}
	}
}

// beside is where the file or folder p, under the folder from, goes in a
// copy of from at to.
func beside(ts *testscript.TestScript, from, p, to string) string {
	abs, err := filepath.Abs(from)
	ts.Check(err)
	rel, err := filepath.Rel(abs, p)
	if err != nil || !filepath.IsLocal(rel) {
		ts.Fatalf("samplecases: %s is not inside %s", p, from)
	}
	return filepath.Join(to, rel)
}

// copyTo copies the file src to dst, making dst's folder.
func copyTo(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

// cmdExitcode is exec with an exact exit status: testscript's "! exec"
// accepts any failure, and the CLI's statuses (1 failed, 2 bad input,
// 3 internal) mean different things.
func cmdExitcode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exitcode N PROG [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exitcode: %v", err)
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		got = ee.ExitCode()
	case err != nil:
		ts.Fatalf("exitcode: %v", err)
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// condition answers [tool:PROGRAM], [faketime], [junit] and [pytest].
func condition(cond string) (bool, error) {
	if cond == "faketime" { // the runner moves each repeated run's clock
		if runner.Faketime() == "" && os.Getenv("CI") == "true" {
			return false, fmt.Errorf("libfaketime is missing under CI (looked in %s)", runner.FaketimeWhere())
		}
		return runner.Faketime() != "", nil
	}
	if cond == "junit" || cond == "pytest" { // a unit-test framework (package grader/unittest)
		missing := unittest.Missing(cond)
		if missing != "" && os.Getenv("CI") == "true" {
			return false, fmt.Errorf("%s is missing under CI: %s", cond, missing)
		}
		return missing == "", nil
	}
	prog, ok := strings.CutPrefix(cond, "tool:")
	if !ok {
		return false, fmt.Errorf("unknown condition %q", cond)
	}
	if _, err := exec.LookPath(prog); err != nil {
		if os.Getenv("CI") == "true" {
			return false, fmt.Errorf("%s is missing under CI: %v", prog, err)
		}
		return false, nil
	}
	return true, nil
}

// cmdResult prints one submission of a results.json as lines:
//
//	status graded
//	score 55/60
//	note <note>
//	part a 5/5 2/2
//	case a/public-01 public pass
//	build <first line of the build log>
func cmdResult(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: result FILE ID")
	}
	var batch struct {
		Submissions []grader.Result `json:"submissions"`
	}
	if err := json.Unmarshal([]byte(ts.ReadFile(args[0])), &batch); err != nil {
		ts.Fatalf("result: %s: %v", args[0], err)
	}
	id := expandName(ts, args[1])
	i := slices.IndexFunc(batch.Submissions, func(r grader.Result) bool { return r.ID == id })
	if i < 0 {
		ts.Fatalf("result: no submission %q in %s", args[1], args[0])
	}
	r := batch.Submissions[i]
	var b strings.Builder
	fmt.Fprintf(&b, "status %s\nscore %v/%v\n", r.Status, r.Score, r.MaxScore)
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "note %s\n", n)
	}
	for _, p := range r.Parts {
		fmt.Fprintf(&b, "part %s %v/%v %d/%d\n", p.ID, p.Score, p.MaxScore, p.Passed, p.Total)
	}
	for _, c := range r.Cases {
		fmt.Fprintf(&b, "case %s %s %s\n", c.ID, c.Visibility, c.Verdict)
	}
	if r.BuildLog != "" {
		fmt.Fprintf(&b, "build %s\n", strings.SplitN(r.BuildLog, "\n", 2)[0])
	}
	ts.Stdout().Write([]byte(b.String()))
}

// TestMistakePredictions computes, without Java, the parts.csv that grading
// the correct program and one program per catalogued mistake with the real
// rubric must give, and checks that it is the golden parts.csv of
// testdata/script/grade_mistakes.txtar. That script checks the same golden
// against what the grader observes, so the scores are both predicted and
// observed.
//
// The prediction: a case passes iff one of the outputs it accepts for the
// part equals eightqueen.Output for the variant under compare.Lines; a
// proportional part scores points × passed / total rounded to two decimals,
// half away from zero (computed exactly, in rationals); the total is the
// sum of the parts.
func TestMistakePredictions(t *testing.T) {
	repo, _ := paths(t)
	a, err := grader.LoadAssignment(filepath.Join(repo, "rubric.toml"), bundle.Judges)
	if err != nil {
		t.Fatal(err)
	}
	if a.Rubric.Compare.Mode != "lines" {
		t.Fatalf("the prediction assumes compare mode lines, the rubric has %q", a.Rubric.Compare.Mode)
	}
	var vs []javasrc.Variant
	for _, v := range javasrc.Variants() {
		if v.Name() == "correct" || strings.HasPrefix(v.Name(), "mistake-") {
			vs = append(vs, v)
		}
	}
	if len(vs) != 1+len(eightqueen.Catalogue()) {
		t.Fatalf("%d variants, want the correct one and %d mistakes", len(vs), len(eightqueen.Catalogue()))
	}
	slices.SortFunc(vs, func(x, y javasrc.Variant) int { return strings.Compare(x.Name(), y.Name()) })

	var want bytes.Buffer
	head := []string{"id", "status", "score", "max_score", "late_days", "penalty"}
	for _, p := range a.Rubric.Parts {
		head = append(head, fmt.Sprintf("part %s (%s)", p.ID, strconv.FormatFloat(p.Points, 'f', -1, 64)))
	}
	want.WriteString(strings.Join(head, ",") + "\n")
	for _, v := range vs {
		opt := v.Options()
		var cells []string
		total := 0 // hundredths of a point
		for i, p := range a.Rubric.Parts {
			passed := 0
			for _, c := range a.Parts[i] {
				cmd, err := eightqueen.ParseArgs(c.Args)
				if err != nil {
					t.Fatalf("%s: %v", c.ID, err)
				}
				if c.Check != "" { // seed -1: judged by the rules; no verdict depends on the seed (casegen)
					opt.Unseeded = javarand.New(1)
					if eightqueen.VerifyRun(cmd, eightqueen.Output(cmd, opt), nil) == nil {
						passed++
					}
					continue
				}
				got := eightqueen.Output(cmd, opt)
				if slices.ContainsFunc(c.Accepts(p.Readings), func(o cases.Output) bool { return compare.Equal(o.Stdout, got, compare.Lines) }) {
					passed++
				}
			}
			var h int
			switch p.Scoring {
			case "all-or-nothing":
				if passed == len(a.Parts[i]) {
					h = hundredths(new(big.Rat).SetFloat64(p.Points))
				}
			default:
				share := new(big.Rat).SetFloat64(p.Points)
				share.Mul(share, big.NewRat(int64(passed), int64(len(a.Parts[i]))))
				h = hundredths(share)
			}
			total += h
			cells = append(cells, points(h))
			// Acceptance: the hidden cases keep an annealing mistake to at
			// most half of part e (casegen makes each lose half its cases).
			if k := opt.Mistakes; p.ID == "e" && len(k) == 1 && slices.Equal(k[0].Parts, []eightqueen.Part{eightqueen.PartAnneal}) && 2*h > hundredths(new(big.Rat).SetFloat64(p.Points)) {
				t.Errorf("%s: predicted %s of %v in part e, want at most half", v.Name(), points(h), p.Points)
			}
		}
		if v.Name() != "correct" && points(total) == strconv.FormatFloat(a.Rubric.Total, 'f', -1, 64) {
			t.Errorf("%s: predicted full marks; the case set should catch every mistake", v.Name())
		}
		row := append([]string{v.Name(), "graded", points(total), strconv.FormatFloat(a.Rubric.Total, 'f', -1, 64), "0", "0"}, cells...)
		want.WriteString(strings.Join(row, ",") + "\n")
	}

	script := filepath.Join("testdata", "script", "grade_mistakes.txtar")
	ar, err := txtar.ParseFile(script)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(ar.Files, func(f txtar.File) bool { return f.Name == "parts.golden" })
	if i < 0 {
		t.Fatalf("%s has no parts.golden section", script)
	}
	if got := string(ar.Files[i].Data); got != want.String() {
		t.Errorf("%s: parts.golden is not the predicted parts.csv\n--- golden\n%s--- predicted\n%s", script, got, want.String())
	}
}

// hundredths rounds a non-negative x to hundredths, half away from zero.
func hundredths(x *big.Rat) int {
	if x.Sign() < 0 {
		panic("negative score")
	}
	y := new(big.Rat).Mul(x, big.NewRat(100, 1))
	y.Add(y, big.NewRat(1, 2))
	q := new(big.Int).Quo(y.Num(), y.Denom()) // floor, y ≥ 0
	return int(q.Int64())
}

// points prints hundredths as the gradebook does: 60, 37.5, 2.88.
func points(h int) string {
	s := fmt.Sprintf("%d.%02d", h/100, h%100)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// The small test rubrics' cases are copies of the real ones (Eight
// Queens', cases/eightqueen), so that they cannot drift from the reference
// unnoticed.
func TestSmallCasesAreCopies(t *testing.T) {
	repo, testdata := paths(t)
	small := filepath.Join(testdata, "small", "cases")
	files, err := filepath.Glob(filepath.Join(small, "*", "*.case"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no small cases: %v", err)
	}
	for _, f := range files {
		rel, _ := filepath.Rel(small, f)
		got, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		orig := filepath.Join(repo, "cases", "eightqueen", rel)
		want, err := os.ReadFile(orig)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s", f, orig)
		}
	}
}

// testBinary returns the test binary, which testscript.Main puts on PATH
// as autograder.
func testBinary(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("autograder")
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// smallBatch writes a batch of n submissions (writeBatch) under a new
// temporary folder dir, as dir/in, for grading with the small rubric.
func smallBatch(t *testing.T, n int) (bin, rubric, dir, in string, ids []string) {
	t.Helper()
	_, testdata := paths(t)
	dir = t.TempDir()
	in = filepath.Join(dir, "in")
	return testBinary(t), filepath.Join(testdata, "small", "rubric.toml"), dir, in, writeBatch(t, in, n)
}

// TestResume is acceptance 2: a batch of 12 submissions (each kind of
// writeBatch, two of them twice) graded with --jobs 2 and killed (SIGKILL)
// about half way, then the same command again, gives byte-identical
// results.json, gradebook.csv and reports to an
// uninterrupted run, reuses every result finished before the kill without
// regrading it, and leaves no temporary files behind.
func TestResume(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a batch of 12 submissions twice")
	}
	t.Parallel()
	const n = 12
	bin, rubric, dir, in, ids := smallBatch(t, n)

	grade := func(out string) *exec.Cmd {
		// No spot checks: what is tested is resuming, not them.
		cmd := exec.Command(bin, "grade", "--rubric", rubric, "--jobs", "2", "--spot-check", "0", "--out", out, in)
		cmd.Env = append(os.Environ(), "NO_COLOR=1")
		// Sandbox helpers of a killed grader may hold its stderr a moment.
		cmd.WaitDelay = 10 * time.Second
		return cmd
	}

	// The uninterrupted run.
	full := filepath.Join(dir, "full")
	out, err := grade(full).CombinedOutput()
	if err != nil {
		t.Fatalf("uninterrupted run: %v\n%s", err, out)
	}
	if lines := progressLines(string(out)); len(lines["graded"]) != n {
		t.Fatalf("uninterrupted run graded %d of %d:\n%s", len(lines["graded"]), n, out)
	}

	// The run killed half way: SIGKILL as soon as half the progress lines
	// are out.
	resumed := filepath.Join(dir, "resumed")
	shareSecret(t, full, resumed)
	cmd := grade(resumed)
	lw, waited := startUntil(t, cmd, "[", n/2)
	cmd.Process.Kill()
	if err := <-waited; err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("the killed run: %v, want killed", err)
	}
	before := progressLines(lw.text())["graded"]
	if len(before) < n/2 || len(before) >= n {
		t.Fatalf("the killed run finished %d of %d before the kill:\n%s", len(before), n, lw.text())
	}
	if _, err := os.Stat(filepath.Join(resumed, "results.json")); err == nil {
		t.Fatalf("the killed run wrote results.json")
	}
	// Each result stored before the kill, with the file's identity, to see
	// that the resumed run neither regrades nor rewrites it.
	stored := map[string]os.FileInfo{}
	var temps []string // a result half written when the kill came
	entries, err := os.ReadDir(filepath.Join(resumed, ".cache"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		if e.Name() == "secret" {
			continue // the batch's secret, shared with the uninterrupted run
		}
		if strings.HasPrefix(e.Name(), ".") {
			// SIGKILL may land while a job writes its result (another
			// job's progress line started the kill): the resumed run
			// must remove it, below.
			temps = append(temps, e.Name())
			continue
		}
		stored[e.Name()] = info
	}
	t.Logf("killed after %d progress lines, %d results stored", len(before), len(stored))

	// The same command again.
	out, err = grade(resumed).CombinedOutput()
	if err != nil {
		t.Fatalf("resumed run: %v\n%s", err, out)
	}
	after := progressLines(string(out))
	cached, graded := after["done before, not regraded"], after["graded"]
	switch {
	case len(cached) == 0, len(cached)+len(graded) != n:
		t.Errorf("resumed run: %d cached + %d graded, want at least 1 cached and %d in all:\n%s", len(cached), len(graded), n, out)
	case len(cached) != len(stored):
		t.Errorf("resumed run took %d results from the cache, %d were stored before the kill:\n%s", len(cached), len(stored), out)
	}
	for id := range before {
		if !cached[id] {
			t.Errorf("%s was finished before the kill but not taken from the cache", id)
		}
		if graded[id] {
			t.Errorf("%s was finished before the kill and graded again", id)
		}
	}
	for id := range graded {
		if cached[id] {
			t.Errorf("%s both cached and graded", id)
		}
	}
	for _, name := range temps {
		if _, err := os.Stat(filepath.Join(resumed, ".cache", name)); err == nil {
			t.Errorf("the resumed run left the killed run's temporary file %s", name)
		}
	}
	for name, info := range stored {
		now, err := os.Stat(filepath.Join(resumed, ".cache", name))
		if err != nil || !os.SameFile(info, now) || !now.ModTime().Equal(info.ModTime()) {
			t.Errorf("stored result %s was rewritten by the resumed run (%v)", name, err)
		}
	}

	// Byte-identical outputs, and nothing else in the folder.
	want := outFiles(t, full, ids)
	got := outFiles(t, resumed, ids)
	for name, data := range want {
		if !bytes.Equal(got[name], data) {
			t.Errorf("%s differs between the uninterrupted and the resumed run", name)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d files after the resumed run, %d after the uninterrupted one", len(got), len(want))
	}
}

// writeBatch writes n submissions named s01, s02, ... cycling through a
// mix: folders and zips of right and wrong programs, a package statement, a
// compile error, a missing file. It returns their IDs.
func writeBatch(t *testing.T, dir string, n int) []string {
	vs := variantNames()
	mix := []string{
		"correct", "mistake-lowercase-solved", "zip:extra-crlf", "mistake-sa-no-cooling", "extra-package",
		"zip:mistake-pairs-counted-twice", "extra-compile-error", "reading-cutoff-optimum", "missing", "zip:correct",
	}
	var ids []string
	for i := range n {
		id := fmt.Sprintf("s%02d", i+1)
		ids = append(ids, id)
		kind := mix[i%len(mix)]
		var err error
		switch name, zipped := strings.CutPrefix(kind, "zip:"); {
		case kind == "missing":
			err = os.MkdirAll(filepath.Join(dir, id), 0o755)
			if err == nil {
				err = os.WriteFile(filepath.Join(dir, id, "README.txt"), []byte("forgot the code\n"), 0o644)
			}
		case zipped:
			err = os.MkdirAll(dir, 0o755)
			if err == nil {
				err = os.WriteFile(filepath.Join(dir, id+".zip"), zipOf("hw4/"+javasrc.FileName, javasrc.Source(vs[name])), 0o644)
			}
		default:
			v, ok := vs[name]
			if !ok {
				t.Fatalf("no variant %q", name)
			}
			err = javasrc.WriteSubmission(filepath.Join(dir, id), v)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return ids
}

// progressLines sorts the IDs on grade's progress lines for finished
// submissions ("[k/N] ID: score/max status", with " (done before, not
// regraded)" when taken from the store) by how: "graded" or "done
// before, not regraded".
func progressLines(log string) map[string]map[string]bool {
	out := map[string]map[string]bool{"graded": {}, "done before, not regraded": {}}
	for _, line := range strings.Split(log, "\n") {
		if !strings.HasPrefix(line, "[") {
			continue
		}
		_, rest, ok := strings.Cut(line, "] ")
		id, _, ok2 := strings.Cut(rest, ": ")
		if !ok || !ok2 {
			continue
		}
		how := "graded"
		if strings.HasSuffix(line, " (done before, not regraded)") {
			how = "done before, not regraded"
		}
		out[how][id] = true
	}
	return out
}

// lineWatch is a stderr that closes reached once it has seen want lines
// that start with prefix and end with suffix (progress lines: "[" and "").
// startUntil starts cmd with its stderr watched and returns once want
// lines starting with prefix are out, with the channel cmd.Wait's error
// will arrive on; a run that ends first, or hangs, fails the test.
func startUntil(t *testing.T, cmd *exec.Cmd, prefix string, want int) (*lineWatch, chan error) {
	t.Helper()
	lw := &lineWatch{prefix: prefix, want: want, reached: make(chan struct{})}
	cmd.Stderr = lw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case <-lw.reached:
		return lw, waited
	case err := <-waited:
		t.Fatalf("%s ended before %d lines starting %q (%v):\n%s", cmd, want, prefix, err, lw.text())
	case <-time.After(20 * time.Minute): // a hang, however busy the machine
		cmd.Process.Kill()
		t.Fatalf("%s printed no %d lines starting %q in 20 minutes:\n%s", cmd, want, prefix, lw.text())
	}
	return nil, nil
}

// sameOutFiles compares the files of two runs' --out (outFiles): what
// names how the second came about.
func sameOutFiles(t *testing.T, want, got map[string][]byte, what string) {
	t.Helper()
	for name, data := range want {
		if !bytes.Equal(got[name], data) {
			t.Errorf("%s differs between an uninterrupted run and %s", name, what)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d files after %s, %d after an uninterrupted run", len(got), what, len(want))
	}
}

type lineWatch struct {
	mu             sync.Mutex
	buf            bytes.Buffer
	prefix, suffix string
	want           int
	seen           int
	reached        chan struct{}
}

func (w *lineWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if w.seen >= w.want {
		return len(p), nil
	}
	w.seen = 0
	for _, line := range strings.Split(w.buf.String(), "\n") {
		if strings.HasPrefix(line, w.prefix) && strings.HasSuffix(line, w.suffix) {
			w.seen++
		}
	}
	if w.seen >= w.want {
		close(w.reached)
	}
	return len(p), nil
}

func (w *lineWatch) text() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// outFiles reads every file under an --out folder, by slash path, and
// checks that the folder holds nothing but its marker (.autograder),
// results.json, gradebook.csv, parts.csv, index.html, one report per
// submission and one stored result per submission.
func outFiles(t *testing.T, dir string, ids []string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{".autograder": true, "results.json": true, "gradebook.csv": true, "parts.csv": true, "index.html": true, ".cache/secret": true}
	for _, id := range ids {
		want["reports/"+id+".md"] = true
	}
	cache := 0
	for name := range files {
		switch {
		case want[name]:
		case isCacheFile(name):
			cache++
		default:
			t.Errorf("%s: stray file %s", dir, name)
		}
	}
	for name := range want {
		if files[name] == nil {
			t.Errorf("%s: no %s", dir, name)
		}
	}
	if cache != len(ids) {
		t.Errorf("%s: %d stored results, want %d", dir, cache, len(ids))
	}
	return files
}

// isCacheFile matches .cache/<sha256 hex>.json.
func isCacheFile(name string) bool {
	key, ok := strings.CutPrefix(name, ".cache/")
	key, ok2 := strings.CutSuffix(key, ".json")
	if !ok || !ok2 || len(key) != 64 {
		return false
	}
	return strings.Trim(key, "0123456789abcdef") == ""
}
