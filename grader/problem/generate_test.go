package problem

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/internal/testenv"
)

// genPackage is a package whose generators are Python programs: one per
// way of writing a case (stdout, testcase.in and testcase.ans), and a
// solution for the answers.
func genPackage(t *testing.T, yaml string, more map[string]string) string {
	files := map[string]string{
		"generators/out.py":           "import sys\nn = int(sys.argv[1])\nseed = int(sys.argv[2]) if len(sys.argv) > 2 else 0\nprint(n)\nprint(*[(seed * 7919 + i * 104729) % 1000 for i in range(n)])\n",
		"generators/files.py":         "import sys\nopen('testcase.in', 'w').write(sys.argv[1] + '\\n')\nopen('testcase.ans', 'w').write(sys.argv[1] + '\\n')\n",
		"generators/manual/m.in":      "1\n5\n",
		"generators/manual/m.ans":     "5\n",
		"submissions/accepted/sum.py": "input()\nprint(sum(map(int, input().split())))\n",
		"generators/loop.py":          "while True:\n    pass\n",
		"generators/crash.py":         "import sys\nsys.stderr.write('boom\\x1b[2J\\n')\nsys.exit(3)\n",
		"generators/flood.py":         "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n",
		"generators/sleep.py":         "import time\ntime.sleep(3600)\n",
		"generators/silent.py":        "pass\n",
	}
	for k, v := range more {
		files[k] = v
	}
	return writeGen(t, yaml, files)
}

// smallGenLimits makes a looping or flooding generator meet its limit
// soon: CPU time (not the machine's speed) stops a loop.
func smallGenLimits(t *testing.T) {
	old := genLimits
	t.Cleanup(func() { genLimits = old })
	genLimits.CPU, genLimits.Wall, genLimits.Output = 2*time.Second, 60*time.Second, 1<<20
}

// TestGenerateTwice: the same package makes the same bytes, every case
// from its source (stdout, files, copy, inline, solution).
func TestGenerateTwice(t *testing.T) {
	testenv.NeedTools(t, "python3")
	dir := genPackage(t, `
solution: /submissions/accepted/sum.py
data:
  sample:
    data: {s: {in: "2\n1 2", ans: "3"}}
  secret:
    data:
      - out: out.py 5 {seed:3}
      - files: files.py 7
      - copied: {copy: manual/m}
      - inline: {in: "1\n4"}
`, nil)
	var trees [2]map[string]string
	for i := range trees {
		out := t.TempDir()
		if err := Generate(context.Background(), dir, out, nil); err != nil {
			t.Fatal(err)
		}
		trees[i] = readTree(t, filepath.Join(out, "data"))
	}
	if len(trees[0]) != len(trees[1]) {
		t.Fatalf("%d files, then %d", len(trees[0]), len(trees[1]))
	}
	for name, data := range trees[0] {
		if trees[1][name] != data {
			t.Errorf("%s differs: %q, then %q", name, data, trees[1][name])
		}
	}
	for name, want := range map[string]string{
		"sample/s.in": "2\n1 2\n", "sample/s.ans": "3\n",
		"secret/2-files.in": "7\n", "secret/2-files.ans": "7\n",
		"secret/3-copied.in": "1\n5\n", "secret/3-copied.ans": "5\n",
		"secret/4-inline.in": "1\n4\n", "secret/4-inline.ans": "4\n",
	} {
		if trees[0][name] != want {
			t.Errorf("%s = %q, want %q", name, trees[0][name], want)
		}
	}
	if in := trees[0]["secret/1-out.in"]; !strings.HasPrefix(in, "5\n"+strconv.FormatInt(seedOf("out.py 5 {seed:3}")*7919%1000, 10)+" ") {
		t.Errorf("secret/1-out.in = %q, not generated with its seed %d", in, seedOf("out.py 5 {seed:3}"))
	}
}

// TestGeneratorOwnPath: a generator that reads its own path (a folder's
// program seeding itself from its folder's name, as BAPCtools' own test
// problems do) finds the folder it has in the package; one given as a
// file, the generators folder; its arguments are never renamed.
func TestGeneratorOwnPath(t *testing.T) {
	testenv.NeedTools(t, "python3")
	const own = "import pathlib, sys\nprint(pathlib.Path(sys.argv[0]).parts[-2], *sys.argv[1:])\n"
	dir := genPackage(t, `
solution: /submissions/accepted/echo.py
data:
  secret:
    data:
      - folder: seeded 7
      - file: own.py own.py
`, map[string]string{
		"generators/seeded/gen.py":     own,
		"generators/own.py":            own,
		"submissions/accepted/echo.py": "print(input())\n",
	})
	out := t.TempDir()
	if err := Generate(context.Background(), dir, out, nil); err != nil {
		t.Fatal(err)
	}
	tree := readTree(t, filepath.Join(out, "data"))
	for name, want := range map[string]string{"secret/1-folder.in": "seeded 7\n", "secret/2-file.in": "generators own.py\n"} {
		if tree[name] != want {
			t.Errorf("%s = %q, want %q", name, tree[name], want)
		}
	}
}

// TestManualCase: a generators.yaml case with no generator (an empty
// entry) is BAPCtools' manual case: its files are the package's data/,
// copied as they are, a missing .ans written by the solution.
func TestManualCase(t *testing.T) {
	testenv.NeedTools(t, "python3")
	dir := genPackage(t, `
solution: /submissions/accepted/sum.py
data:
  secret:
    data:
      hand:
      made: ~
      gen: out.py 2
`, map[string]string{
		"data/secret/hand.in": "2\n3 4\n", "data/secret/hand.ans": "7\n",
		"data/secret/made.in": "1\n9\n",
	})
	out := t.TempDir()
	if err := Generate(context.Background(), dir, out, nil); err != nil {
		t.Fatal(err)
	}
	tree := readTree(t, filepath.Join(out, "data"))
	for name, want := range map[string]string{
		"secret/hand.in": "2\n3 4\n", "secret/hand.ans": "7\n",
		"secret/made.in": "1\n9\n", "secret/made.ans": "9\n",
	} {
		if tree[name] != want {
			t.Errorf("%s = %q, want %q", name, tree[name], want)
		}
	}
}

func readTree(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGenerateFails: a generator that loops, crashes, floods, sleeps or
// writes nothing, or a program in a folder out of the package, is one
// line naming the generator and the case; nothing is written.
func TestGenerateFails(t *testing.T) {
	testenv.NeedTools(t, "python3")
	smallGenLimits(t)
	outside := filepath.Join(t.TempDir(), "secret.in")
	os.WriteFile(outside, []byte("secret\n"), 0o644)
	for _, tc := range []struct{ gen, want string }{
		{"loop.py", "secret/x: generator loop.py: stopped at the CPU time limit (2s of CPU time)"},
		{"crash.py", `secret/x: generator crash.py: exit status 3: "boom\x1b[2J"`},
		{"flood.py", "secret/x: generator flood.py: stopped at the output limit (1 MiB)"},
		{"sleep.py", "secret/x: generator sleep.py: stopped at the wall time limit (3s)"},
		{"silent.py", "secret/x: generator silent.py: wrote no testcase.in and printed nothing"},
		{"nosuch.py", "secret/x: generators/nosuch.py: no such program"},
		{"esc/gen.py", "secret/x: generators/esc/gen.py: generators/esc leads out of the package"},
		{"{copy: link}", "secret/x: copy generators/link: generators/link.in leads out of the package"},
	} {
		t.Run(strings.TrimSuffix(tc.gen, ".py"), func(t *testing.T) {
			if tc.gen == "sleep.py" {
				genLimits.Wall = 3 * time.Second
			}
			dir := genPackage(t, "solution: /submissions/accepted/sum.py\ndata: {secret: {data: {x: "+tc.gen+"}}}\n", nil)
			os.Symlink(filepath.Dir(outside), filepath.Join(dir, "generators", "esc"))
			os.Symlink(outside, filepath.Join(dir, "generators", "link.in"))
			out := t.TempDir()
			err := Generate(context.Background(), dir, out, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("got %v\nwant %s", err, tc.want)
			}
			if ents, _ := os.ReadDir(out); len(ents) > 0 {
				t.Errorf("wrote %d files", len(ents))
			}
		})
	}
}

// TestLoadGenerated: a package with generators.yaml is graded on the
// data it makes, from the cache the second time.
func TestLoadGenerated(t *testing.T) {
	testenv.NeedTools(t, "python3")
	t.Setenv(CacheEnv, t.TempDir())
	dir := genPackage(t, "solution: /submissions/accepted/sum.py\ndata: {secret: {data: [{a: out.py 3}, {b: out.py 4}]}}\n", nil)
	for i := 0; i < 2; i++ {
		a, err := LoadContext(context.Background(), dir, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(a.Parts[0]); n != 2 || a.Parts[0][1].ID != "secret/2-b" {
			t.Fatalf("cases %v", a.Parts)
		}
	}
}

// TestGenerateValidates: the package's input and answer validators check
// the data made, with their arguments by name; one the grader cannot run
// (checktestdata) is named in a warning.
func TestGenerateValidates(t *testing.T) {
	testenv.NeedTools(t, "python3")
	small := "import sys\nn = int(sys.stdin.readline())\nsys.exit(42 if n <= int(sys.argv[1]) else 43)\n"
	ans := "import sys\nopen(sys.argv[1]).read()\nsys.exit(42 if sys.stdin.read().strip() else 43)\n"
	for _, tc := range []struct{ yaml, want string }{
		{"data: {secret: {test_group.yaml: {input_validator_args: {small: ['9']}}, data: {x: out.py 5}}}", ""},
		{"data: {secret: {test_group.yaml: {input_validator_args: [3]}, data: {x: out.py 5}}}", "secret/x: input_validators/small.py rejects the input (exit status 43, not 42)"},
		{"data: {secret: {data: {x: {in: '1', ans: '', yaml: {input_validator_args: ['9']}}}}}", "secret/x: answer_validators/nonempty.py rejects the answer"},
	} {
		dir := genPackage(t, "solution: /submissions/accepted/sum.py\n"+tc.yaml+"\n", map[string]string{
			"input_validators/small.py":     small,
			"input_validators/format.ctd":   "INT(1,9) NEWLINE EOF\n",
			"answer_validators/nonempty.py": ans,
		})
		var warn strings.Builder
		err := Generate(context.Background(), dir, t.TempDir(), &warn)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: got %v, want %q", tc.yaml, err, tc.want)
		}
		if !strings.Contains(warn.String(), "input_validators/format.ctd: a checktestdata or VIVA validator") {
			t.Errorf("warnings: %q", warn.String())
		}
	}
}

// TestGenerateValidatorLink: a validator's file may be a link out of the
// package (a contest's shared module), followed as the contest tools
// follow it; a link that leads nowhere is named in the warning.
func TestGenerateValidatorLink(t *testing.T) {
	testenv.NeedTools(t, "python3")
	shared := t.TempDir()
	check := "import sys\nfrom bound import MAX\nsys.exit(42 if int(sys.stdin.readline()) <= MAX else 43)\n"
	for _, tc := range []struct{ bound, want, warn string }{
		{"MAX = 9\n", "", ""},
		{"MAX = 3\n", "secret/x: input_validators/limit rejects the input", ""},
		{"", "", "limit/bound.py is a link to " + filepath.Join(shared, "gone.py") + ", which does not exist"},
	} {
		dir := genPackage(t, "solution: /submissions/accepted/sum.py\ndata: {secret: {data: {x: out.py 5}}}\n",
			map[string]string{"input_validators/limit/limit.py": check})
		target := filepath.Join(shared, "gone.py")
		if tc.bound != "" {
			target = filepath.Join(shared, "bound"+strconv.Itoa(len(tc.want))+".py")
			if err := os.WriteFile(target, []byte(tc.bound), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Symlink(target, filepath.Join(dir, "input_validators/limit/bound.py")); err != nil {
			t.Fatal(err)
		}
		var warn strings.Builder
		err := Generate(context.Background(), dir, t.TempDir(), &warn)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%q: got %v, want %q", tc.bound, err, tc.want)
		}
		if w := warn.String(); tc.warn == "" && strings.Contains(w, "limit") || !strings.Contains(w, tc.warn) {
			t.Errorf("%q: warnings %q, want %q", tc.bound, w, tc.warn)
		}
	}
}
