// Package scripttest runs the autograder's end-to-end scripts
// (testscript: txtar archives of commands and the files they read and
// print) for the test packages under cmd/autograder, each its own test
// binary, so that no package of them nears go test's 10-minute default
// timeout on a busy machine: the scripts' commands, conditions and
// variables are here, shared. The autograder they run is the test binary
// itself, under the name autograder (Main).
package scripttest

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/cs540-tools/autograder/cmd/autograder/internal/cli"
	"hash/crc32"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/unittest"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/reference/eightqueen/javasrc"
	"github.com/rogpeppe/go-internal/testscript"
)

// Main is a script test package's TestMain: the test binary runs as the
// autograder when it is called so (the scripts' autograder command), run
// is the command itself (package main's, or Command).
func Main(m *testing.M, run func() int) {
	testscript.Main(m, map[string]func(){
		"autograder": func() { os.Exit(run()) },
	})
}

// Command is the autograder command as package main runs it, for a test
// package that is not package main: SIGINT or SIGTERM cancel it.
func Command() int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return cli.Main(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
}

// Run runs the end-to-end scripts in the folder dir: each is a txtar
// archive with the commands to run and the files they read and print.
//
// Scripts see three extra variables: $REPO, the repository's root (for the
// real rubric.toml and cases), $TESTDATA, cmd/autograder's testdata folder
// (for the small test rubrics), and $AUTOGRADER_EXE, the test binary, which
// runs as the autograder under that name (for a kit's binary). Besides testscript's own commands they have:
//
//	writesub [-zip] DIR VARIANT...   write javasrc variants (see VariantNames)
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
func Run(t *testing.T, dir string) {
	t.Parallel()
	repo, testdata := Paths(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	doctorCache := t.TempDir()
	seedArchives(doctorCache)
	testscript.Run(t, testscript.Params{
		Dir:                 dir,
		UpdateScripts:       testenv.Update(),
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

// seedArchives puts the JVM class data archives of the user's own cache
// folder (where the grader's Go tests keep theirs) into dir, the
// scripts' cache folder, so that each is built once on the machine
// rather than once for each script package (a training run and a dump,
// seconds of CPU each): every process checks an archive there before its
// first use, as any other. With none there, the scripts build their own.
// So too the folders the graders build once into the cache folder
// (seedFolders).
func seedArchives(dir string) {
	base, err := os.UserCacheDir()
	if err != nil {
		return
	}
	seedFolders(base, dir)
	jsas, _ := filepath.Glob(filepath.Join(base, "autograder", "*.jsa"))
	to := filepath.Join(dir, "autograder")
	if len(jsas) == 0 || os.MkdirAll(to, 0o755) != nil {
		return
	}
	for _, p := range jsas {
		seedFile(p, filepath.Join(to, filepath.Base(p)))
	}
}

// seeded are the folders of the user's cache folder that seedFolders
// puts into the scripts', each a glob under autograder/ (the folder's
// name is its key: what it was built from), where it goes, and the files
// that make it complete: warm mode's harness, compiled with its class
// data archive (a grader's, and the warm package's tests', built alike),
// and the JUnit bridge's two sides, compiled (the kit, marked "ok" once
// whole).
var seeded = []struct {
	glob, to string
	complete []string
}{
	{"warm/jdk-*", "warm", []string{"harness.jar", "harness.jsa"}},
	{"warm-test/jdk-*", "warm", []string{"harness.jar", "harness.jsa"}},
	{"junit-bridge-*", "", []string{"ok"}},
}

// seedFolders puts the complete folders of seeded from the user's cache
// folder base into dir, the scripts' cache folder, each made aside and
// renamed in, as the graders make their own: each script package then
// does not compile warm mode's harness and train its archive again
// (about 2.5 s of CPU), nor the JUnit bridge's sides (about 2.6 s), twice
// when two of its scripts start at once. A folder not complete is left:
// the graders make their own.
func seedFolders(base, dir string) {
	for _, sd := range seeded {
		srcs, _ := filepath.Glob(filepath.Join(base, "autograder", sd.glob))
		for _, src := range srcs {
			if !hasAll(src, sd.complete) {
				continue
			}
			dst := filepath.Join(dir, "autograder", sd.to, filepath.Base(src))
			if _, err := os.Stat(dst); err == nil || os.MkdirAll(filepath.Dir(dst), 0o755) != nil {
				continue
			}
			tmp, err := os.MkdirTemp(filepath.Dir(dst), ".seed-*")
			if err != nil {
				continue
			}
			if seedTree(src, tmp) && os.Chmod(tmp, 0o755) == nil {
				os.Rename(tmp, dst)
			}
			os.RemoveAll(tmp)
		}
	}
}

// hasAll says whether the folder dir holds every file of names.
func hasAll(dir string, names []string) bool {
	for _, n := range names {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			return false
		}
	}
	return true
}

// seedTree seeds every file under the folder src into the folder dst
// (there), its subfolders made, and says whether it seeded them all.
func seedTree(src, dst string) bool {
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		switch {
		case rel == ".":
			return nil
		case d.IsDir():
			return os.Mkdir(filepath.Join(dst, rel), 0o755)
		case !d.Type().IsRegular():
			return nil
		case !seedFile(p, filepath.Join(dst, rel)):
			return fmt.Errorf("seeding %s", p)
		}
		return nil
	})
	return err == nil
}

// seedFile links (else copies) the file src to dst, read-only, and says
// whether it did.
func seedFile(src, dst string) bool {
	if os.Link(src, dst) == nil {
		return true
	}
	data, err := os.ReadFile(src)
	if err != nil || os.WriteFile(dst+".tmp", data, 0o444) != nil {
		return false
	}
	return os.Rename(dst+".tmp", dst) == nil
}

// Paths returns the repository's root (the folder of go.mod, above the
// test's) and cmd/autograder's testdata folder, which holds the small
// test rubrics.
func Paths(t testing.TB) (repo, testdata string) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for repo = wd; ; repo = filepath.Dir(repo) {
		if _, err := os.Stat(filepath.Join(repo, "go.mod")); err == nil {
			break
		}
		if filepath.Dir(repo) == repo {
			t.Fatalf("no go.mod above %s", wd)
		}
	}
	return repo, filepath.Join(repo, "cmd", "autograder", "testdata")
}

// VariantNames maps javasrc variant names ("correct", "mistake-sa-no-cooling",
// "extra-crlf", ...) to the variants.
func VariantNames() map[string]javasrc.Variant {
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
	vs := VariantNames()
	for _, name := range args[1:] {
		v, ok := vs[name]
		if !ok {
			ts.Fatalf("writesub: no variant %q", name)
		}
		if asZip {
			ts.Check(os.MkdirAll(dir, 0o755))
			ts.Check(os.WriteFile(filepath.Join(dir, name+".zip"), ZipOf("hw4/"+javasrc.FileName, javasrc.Source(v)), 0o644))
			continue
		}
		ts.Check(javasrc.WriteSubmission(filepath.Join(dir, name), v))
	}
}

// ZipOf packs one file with a fixed time, as a student's zip.
func ZipOf(name, content string) []byte {
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
// for a class of eight (as scripts/check/testdata/canvas.txtar grades it):
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
	vs := VariantNames()
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
	add("dandavis_1004_50005_hw4.zip", ZipOf("hw4/"+javasrc.FileName, javasrc.Source(vs["correct"])))
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
		if runner.Faketime() == "" && testenv.CI() {
			return false, fmt.Errorf("libfaketime is missing under CI (looked in %s)", runner.FaketimeWhere())
		}
		return runner.Faketime() != "", nil
	}
	if cond == "junit" || cond == "pytest" { // a unit-test framework (package grader/unittest)
		missing := unittest.Missing(cond)
		if missing != "" && testenv.CI() {
			return false, fmt.Errorf("%s is missing under CI: %s", cond, missing)
		}
		return missing == "", nil
	}
	prog, ok := strings.CutPrefix(cond, "tool:")
	if !ok {
		return false, fmt.Errorf("unknown condition %q", cond)
	}
	if _, err := exec.LookPath(prog); err != nil {
		if testenv.CI() {
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

// keyLine is a result's cache key in results.json.
var keyLine = regexp.MustCompile(`(?m)^\s*"key": "[0-9a-f]*",?\n`)

// cmdCmpnokey compares two results.json files but for their results'
// keys: a warm and a cold grading, or two with other secrets, give the
// same results under other keys. Negated, they must differ.
func cmdCmpnokey(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: cmpnokey A B")
	}
	a := keyLine.ReplaceAllString(ts.ReadFile(args[0]), "")
	b := keyLine.ReplaceAllString(ts.ReadFile(args[1]), "")
	switch {
	case neg && a == b:
		ts.Fatalf("%s and %s are the same (keys aside)", args[0], args[1])
	case neg, a == b:
		return
	}
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			ts.Fatalf("%s and %s differ (keys aside) at line %d:\n%s\n%s", args[0], args[1], i+1, al[i], bl[i])
		}
	}
	ts.Fatalf("%s and %s differ (keys aside): %d and %d lines", args[0], args[1], len(al), len(bl))
}

// Exitcode is the scripts' exitcode command, for a script runner of
// another test (the README's walk-through).
func Exitcode(ts *testscript.TestScript, neg bool, args []string) { cmdExitcode(ts, neg, args) }

// Condition is the scripts' conditions, for a script runner of another
// test.
func Condition(cond string) (bool, error) { return condition(cond) }
