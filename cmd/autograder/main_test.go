package main

import (
	"bytes"
	"fmt"
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
	"github.com/cs540-tools/autograder/cmd/autograder/internal/scripttest"
	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/reference/eightqueen"
	"github.com/cs540-tools/autograder/reference/eightqueen/javasrc"
	"github.com/cs540-tools/autograder/reference/javarand"
	"github.com/rogpeppe/go-internal/txtar"
)

func TestMain(m *testing.M) { scripttest.Main(m, run) }

// The end-to-end scripts are in the packages under scripts/, each a test
// binary of its own (package scripttest says what they may use).

// paths returns the repository root and this package's testdata folder.
func paths(t testing.TB) (repo, testdata string) { return scripttest.Paths(t) }

// TestMistakePredictions computes, without Java, the parts.csv that grading
// the correct program and one program per catalogued mistake with the real
// rubric must give, and checks that it is the golden parts.csv of
// scripts/modes/testdata/grade_mistakes.txtar. That script checks the same golden
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

	script := filepath.Join("scripts", "modes", "testdata", "grade_mistakes.txtar")
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
func testBinary(t testing.TB) string {
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
	vs := scripttest.VariantNames()
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
				err = os.WriteFile(filepath.Join(dir, id+".zip"), scripttest.ZipOf("hw4/"+javasrc.FileName, javasrc.Source(vs[name])), 0o644)
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
