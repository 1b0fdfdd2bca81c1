package main

import (
	"fmt"
	"github.com/cs540-tools/autograder/cmd/autograder/internal/scripttest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// walkDoc is the walk-through's page, from the repository's root.
const walkDoc = "docs/first-assignment.md"

// walkFolder is the folder the walk-through's files are written to and its
// commands run in, as the walk-through says ("factors/").
const walkFolder = "factors"

// walk is the walk-through (walkDoc, "Your first assignment"): the files
// a TA writes and the commands a TA runs, each with the output it shows.
type walk struct {
	files []walkFile
	cmds  []walkCmd
}

type walkFile struct{ path, data string }

// walkCmd is a "$ " line of a run block and the lines the walk-through
// shows after it, up to the next "$ " line.
type walkCmd struct {
	line   int // the walk-through's line of the command
	cmd    string
	output string
	exit   int // the exit status the block's marker says (0 when none)
}

// walkMarker is the walk-through's marker of a fenced block of the walk-through:
// <!-- walkthrough: file PATH -->, <!-- walkthrough: run --> or
// <!-- walkthrough: run, exit N -->.
var walkMarker = regexp.MustCompile(`^<!-- walkthrough: (file (\S+)|run(, exit (\d+))?) -->$`)

// parseWalk reads the walk-through's blocks out of its page: each marker
// must be followed by a fenced block, a file's content or commands.
func parseWalk(page string) (walk, error) {
	var w walk
	lines := strings.Split(page, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "<!-- walkthrough") {
			continue
		}
		m := walkMarker.FindStringSubmatch(lines[i])
		if m == nil {
			return walk{}, fmt.Errorf(walkDoc+":%d: not a walk-through marker (file PATH, run, or run, exit N): %s", i+1, lines[i])
		}
		body, end, err := fenced(lines, i+1)
		if err != nil {
			return walk{}, fmt.Errorf(walkDoc+":%d: %v", i+1, err)
		}
		if m[2] != "" {
			if !filepath.IsLocal(m[2]) {
				return walk{}, fmt.Errorf(walkDoc+":%d: %s is not a path inside the assignment's folder", i+1, m[2])
			}
			w.files = append(w.files, walkFile{m[2], strings.Join(body, "\n") + "\n"})
		} else {
			exit, _ := strconv.Atoi(m[4])
			cmds, err := walkCmds(body, i+3, exit)
			if err != nil {
				return walk{}, err
			}
			w.cmds = append(w.cmds, cmds...)
		}
		i = end
	}
	return w, nil
}

// fenced returns the lines of the fenced block that opens at lines[i] and
// the index of its closing fence.
func fenced(lines []string, i int) ([]string, int, error) {
	if i >= len(lines) || !strings.HasPrefix(lines[i], "```") {
		return nil, 0, fmt.Errorf("the marker is not followed by a fenced block")
	}
	for j := i + 1; j < len(lines); j++ {
		if lines[j] == "```" {
			return lines[i+1 : j], j, nil
		}
	}
	return nil, 0, fmt.Errorf("the fenced block after the marker is not closed")
}

// walkCmds reads a run block, whose first line (the page's line first) must
// be a command.
func walkCmds(body []string, first, exit int) ([]walkCmd, error) {
	var cmds []walkCmd
	for k, l := range body {
		if cmd, ok := strings.CutPrefix(l, "$ "); ok {
			cmds = append(cmds, walkCmd{line: first + k, cmd: cmd, exit: exit})
			continue
		}
		if len(cmds) == 0 {
			return nil, fmt.Errorf(walkDoc+":%d: a run block starts with output, not a $ command", first+k)
		}
		cmds[len(cmds)-1].output += l + "\n"
	}
	return cmds, nil
}

// script is the walk-through as a testscript: each command run by sh in
// the assignment's folder, with the exit status and the stdout the
// walk-through shows (expected/N in the work folder).
func (w walk) script() string {
	var b strings.Builder
	b.WriteString("[!tool:python3] skip 'the walk-through is in Python'\n")
	b.WriteString("cd " + walkFolder + "\n")
	for n, c := range w.cmds {
		fmt.Fprintf(&b, "# %s:%d\n", walkDoc, c.line)
		fmt.Fprintf(&b, "exitcode %d sh -c '%s'\n", c.exit, strings.ReplaceAll(c.cmd, "'", "''"))
		fmt.Fprintf(&b, "cmp stdout $WORK/expected/%d\n", n)
	}
	return b.String()
}

// TestWalkthrough follows "Your first assignment" (walkDoc) as a TA would:
// it writes the files the page shows into the assignment's folder, runs
// the commands it shows there, each with the autograder on PATH, and
// checks that each prints what the page shows and exits as it says: a
// checker-judged assignment in Python, its cases verified with a model
// solution, a student's check, and a class's Canvas download graded to the
// scores the page shows.
func TestWalkthrough(t *testing.T) {
	t.Parallel()
	repo, testdata := paths(t)
	page, err := os.ReadFile(filepath.Join(repo, filepath.FromSlash(walkDoc)))
	if err != nil {
		t.Fatal(err)
	}
	w, err := parseWalk(string(page))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.complete(); err != nil {
		t.Fatalf("%s: %v", walkDoc, err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "walkthrough.txtar"), []byte(w.script()), 0o644); err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 dir,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "1")
			env.Setenv("REPO", repo)
			env.Setenv("TESTDATA", testdata)
			return w.write(env.WorkDir)
		},
		Cmds:      map[string]func(ts *testscript.TestScript, neg bool, args []string){"exitcode": scripttest.Exitcode},
		Condition: scripttest.Condition,
	})
}

// complete checks that the walk-through still does what it is for: a
// rubric with a checker, a Canvas download zipped and graded, the
// gradebook shown.
func (w walk) complete() error {
	has := func(path string) bool {
		for _, f := range w.files {
			if f.path == path {
				return true
			}
		}
		return false
	}
	ran := func(prefix string) bool {
		for _, c := range w.cmds {
			if strings.HasPrefix(c.cmd, prefix) {
				return true
			}
		}
		return false
	}
	switch {
	case !has("rubric.toml"):
		return fmt.Errorf("no rubric.toml")
	case !has("check.py"):
		return fmt.Errorf("no checker (check.py)")
	case !ran("autograder check "):
		return fmt.Errorf("no autograder check")
	case !ran("(cd download && python3 -m zipfile -c ../submissions.zip"):
		return fmt.Errorf("no Canvas download zipped")
	case !ran("autograder grade --out out submissions.zip"):
		return fmt.Errorf("the Canvas download is not graded")
	case !ran("cat out/gradebook.csv"):
		return fmt.Errorf("no gradebook shown")
	}
	return nil
}

// write puts the walk-through's files into the assignment's folder under
// work, and each command's output the page shows into work/expected/N.
func (w walk) write(work string) error {
	for _, f := range w.files {
		if err := writeFile(filepath.Join(work, walkFolder, filepath.FromSlash(f.path)), f.data); err != nil {
			return err
		}
	}
	for n, c := range w.cmds {
		if err := writeFile(filepath.Join(work, "expected", strconv.Itoa(n)), c.output); err != nil {
			return err
		}
	}
	return nil
}

func writeFile(path, data string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(data), 0o644)
}

// TestParseWalk: the markers' blocks are read as files and commands with
// their output and exit status; a marker without its block is an error.
func TestParseWalk(t *testing.T) {
	readme := strings.Join([]string{
		"<!-- walkthrough: file a/b.txt -->",
		"```",
		"-- stdin --",
		"```",
		"<!-- walkthrough: run, exit 1 -->",
		"```console",
		"$ echo 'x' y",
		"x y",
		"",
		"$ true",
		"```",
	}, "\n")
	w, err := parseWalk(readme)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.files) != 1 || w.files[0] != (walkFile{"a/b.txt", "-- stdin --\n"}) {
		t.Errorf("files %+v", w.files)
	}
	want := []walkCmd{{line: 7, cmd: "echo 'x' y", output: "x y\n\n", exit: 1}, {line: 10, cmd: "true", exit: 1}}
	if fmt.Sprint(w.cmds) != fmt.Sprint(want) {
		t.Errorf("commands %+v, want %+v", w.cmds, want)
	}
	if got := w.script(); !strings.Contains(got, "exitcode 1 sh -c 'echo ''x'' y'\ncmp stdout $WORK/expected/0\n") {
		t.Errorf("script:\n%s", got)
	}
	for _, bad := range []string{
		"<!-- walkthrough: file a.txt -->\ntext",
		"<!-- walkthrough: file a.txt -->\n```\nnot closed",
		"<!-- walkthrough: file ../a.txt -->\n```\n```",
		"<!-- walkthrough: run -->\n```\noutput first\n```",
		"<!-- walkthrough: walk -->\n```\n```",
	} {
		if _, err := parseWalk(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
