//go:build unix

package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// reviewRubric is the shell-script assignment (testdata/sh) with a manual
// part and two manual items.
const reviewRubric = `name = "hello"
total = 13
[submission]
required = ["prog.sh"]
[build]
language = "raw"
run = ["/bin/sh", "prog.sh"]
[[part]]
id = "a"
points = 10
[[manual_part]]
id = "style"
name = "Style"
points = 3
start = 3
[[manual]]
id = "names"
text = "Unclear names"
points = -1
part = "style"
[[manual]]
id = "bonus"
text = "Tidy <b>work</b>"
points = 1
part = "a"
`

// hostileIDs are grade_hostile's hostile submission names, and one more
// that is markup with a script.
var hostileIDs = []string{
	`=HYPERLINK("evil.example";"click")`,
	"\x1b]0;pwned\a\x1b[2Jeve",
	"<img src=x onerror=alert(1)>[link](http:evil)|pipe",
	`"><svg onload=window.pwned=1>`,
	"ALICE", // beside alice
	strings.Repeat("a", 246),
}

// reviewBatch writes the rubric and a batch under a new folder: alice
// passes; bob and carol fail alike (one failure group), dave crashes;
// mallory prints and holds markup; the hostile names pass. It grades it
// into dir/out and returns the command's binary, the rubric, dir.
func reviewBatch(t *testing.T) (bin, rubric, dir string) {
	t.Helper()
	bin = testBinary(t)
	_, testdata := paths(t)
	dir = t.TempDir()
	rubric = filepath.Join(dir, "hw", "rubric.toml")
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(rubric, reviewRubric)
	for _, c := range []string{"public-01.case", "hidden-01.case"} {
		data, err := os.ReadFile(filepath.Join(testdata, "sh", "cases", "a", c))
		if err != nil {
			t.Fatal(err)
		}
		write(filepath.Join(dir, "hw", "cases", "a", c), string(data))
	}
	sub := func(id, prog string) { write(filepath.Join(dir, "in", id, "prog.sh"), prog) }
	sub("alice", "# greet\necho \"hello $1\"\n")
	sub("bob", "# greet\nname=$1\necho \"hi $name\"\n")
	sub("carol", "echo \"hi $1\"\n")
	sub("dave", "exit 3\n")
	sub("mallory", "# </script><script>window.pwned=1</script>\necho '<img src=x onerror=\"window.pwned=1\">' \"$1\"\n")
	write(filepath.Join(dir, "in", "mallory", "<svg onload=window.pwned=1>.txt"), "<script>window.pwned=1</script>\n\x1b[31mred\n")
	for _, id := range hostileIDs {
		sub(id, "echo \"hello $1\"\n")
	}
	cmd := exec.Command(bin, "grade", "--rubric", rubric, "--jobs", "2", "--out", filepath.Join(dir, "out"), filepath.Join(dir, "in"))
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("grade: %v\n%s", err, out)
	}
	return bin, rubric, dir
}

// startReview starts autograder review on the batch and returns its
// address; it is killed when the test ends.
func startReview(t testing.TB, bin, rubric, dir string, args ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"review", "--rubric", rubric, "--out", filepath.Join(dir, "out")}, append(args, filepath.Join(dir, "in"))...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Scan()
		line <- sc.Text()
		for sc.Scan() {
		}
	}()
	select {
	case u := <-line:
		if !strings.HasPrefix(u, "http://127.0.0.1:") {
			t.Fatalf("review printed %q, not its address", u)
		}
		return cmd, u
	case <-time.After(5 * time.Minute):
		t.Fatal("review printed no address")
	}
	return nil, ""
}

// execGrade grades the batch again into dir/out.
func execGrade(bin, rubric, dir string) ([]byte, error) {
	cmd := exec.Command(bin, "grade", "--rubric", rubric, "--jobs", "2", "--out", filepath.Join(dir, "out"), filepath.Join(dir, "in"))
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	return cmd.CombinedOutput()
}
