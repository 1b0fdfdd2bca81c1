package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/cli"
)

// root is the repository's root, seen from this package's folder.
var root = filepath.Join("..", "..", "..", "..")

// TestManualUpToDate: docs/commands.md is what gendocs writes from the
// commands' help now, so a command or flag changed without it fails.
func TestManualUpToDate(t *testing.T) {
	var want bytes.Buffer
	if err := cli.Manual(&want); err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile(filepath.Join(root, manualPath))
	if err != nil {
		t.Fatalf("%v: regenerate it: go run ./cmd/autograder/internal/gendocs", err)
	}
	if bytes.Equal(have, want.Bytes()) {
		return
	}
	line, h, w := firstDiff(string(have), want.String())
	t.Errorf("%s differs from the commands' help at line %d:\n  file: %q\n  help: %q\nregenerate it: go run ./cmd/autograder/internal/gendocs", manualPath, line, h, w)
}

// firstDiff is the first line (from 1) where a and b differ, and that line
// of each ("" past the end).
func firstDiff(a, b string) (int, string, string) {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; ; i++ {
		x, y := at(al, i), at(bl, i)
		if x != y || i >= len(al) || i >= len(bl) {
			return i + 1, x, y
		}
	}
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}

func TestRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "commands.md")
	if err := run(out); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte("## autograder grade\n")) || !bytes.Contains(data, []byte("## Exit statuses\n")) {
		t.Errorf("gendocs wrote no grade command or exit statuses:\n%.500s", data)
	}
}

// TestLinks: every relative link in README.md and docs/ (but docs/drafts/,
// which the guides absorb) names a file or folder of the repository, and
// its #anchor, if any, a heading or anchor of that file.
func TestLinks(t *testing.T) {
	files := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() && filepath.ToSlash(rel) == "docs/drafts" {
			return fs.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range links(string(data)) {
			if msg := check(f, l.target, anchors); msg != "" {
				t.Errorf("%s:%d: link %s: %s", f, l.line, l.target, msg)
			}
		}
	}
}

// check says what is wrong with the link target in the Markdown file
// from (a path from the root), or "" when it resolves.
func check(from, target string, anchors map[string]map[string]bool) string {
	path, frag, _ := strings.Cut(target, "#")
	file := from
	if path != "" {
		file = filepath.ToSlash(filepath.Join(filepath.Dir(from), path))
		if file == ".." || strings.HasPrefix(file, "../") {
			return "outside the repository"
		}
		if _, err := os.Stat(filepath.Join(root, file)); err != nil {
			return "no such file or folder"
		}
	}
	if frag == "" {
		return ""
	}
	if !strings.HasSuffix(file, ".md") {
		return "an anchor in a file that is not Markdown"
	}
	if anchors[file] == nil {
		data, err := os.ReadFile(filepath.Join(root, file))
		if err != nil {
			return err.Error()
		}
		anchors[file] = headingAnchors(string(data))
	}
	if !anchors[file][frag] {
		return "no heading or anchor #" + frag + " in " + file
	}
	return ""
}

type link struct {
	line   int
	target string
}

var (
	inlineLink = regexp.MustCompile(`\]\(([^()\s]+)(?:\s+"[^"]*")?\)`)
	refLink    = regexp.MustCompile(`^\s{0,3}\[[^\]]+\]:\s+(\S+)`)
	codeSpan   = regexp.MustCompile("`+[^`]*`+")
	scheme     = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// links are the relative link targets of a Markdown text, outside code
// blocks and code spans: inline links and link reference definitions.
func links(md string) []link {
	var out []link
	for i, l := range prose(md) {
		if l == "" {
			continue
		}
		l = codeSpan.ReplaceAllString(l, "")
		var targets []string
		for _, m := range inlineLink.FindAllStringSubmatch(l, -1) {
			targets = append(targets, m[1])
		}
		if m := refLink.FindStringSubmatch(l); m != nil {
			targets = append(targets, m[1])
		}
		for _, t := range targets {
			t = strings.Trim(t, "<>")
			if !scheme.MatchString(t) {
				out = append(out, link{i + 1, t})
			}
		}
	}
	return out
}

// prose is md's lines with those of fenced and indented code blocks
// blanked, so that line numbers stay.
func prose(md string) []string {
	lines := strings.Split(md, "\n")
	fence := ""
	prevBlank := true
	for i, l := range lines {
		trimmed := strings.TrimLeft(l, " ")
		switch {
		case fence != "":
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				fence = ""
			}
			lines[i] = ""
		case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
			fence = trimmed[:3]
			lines[i] = ""
		case prevBlank && strings.HasPrefix(l, "    "):
			lines[i] = "" // an indented code block goes on while lines are indented
			continue
		}
		prevBlank = strings.TrimSpace(l) == ""
	}
	return lines
}

var (
	heading  = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)
	htmlID   = regexp.MustCompile(`<a\s+(?:id|name)="([^"]+)"`)
	notSlug  = regexp.MustCompile(`[^\p{L}\p{N}\s_-]`)
	linkText = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
)

// headingAnchors are the anchors GitHub makes of a Markdown text's
// headings (lower case, punctuation dropped, spaces as hyphens, a repeat
// numbered -1, -2, ...) and its <a id="..."> anchors.
func headingAnchors(md string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	for _, l := range prose(md) {
		for _, m := range htmlID.FindAllStringSubmatch(l, -1) {
			anchors[m[1]] = true
		}
		m := heading.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		text := linkText.ReplaceAllString(m[1], "$1")
		slug := strings.ReplaceAll(notSlug.ReplaceAllString(strings.ToLower(text), ""), " ", "-")
		if n := seen[slug]; n > 0 {
			anchors[slug+"-"+strconv.Itoa(n)] = true
		} else {
			anchors[slug] = true
		}
		seen[slug]++
	}
	return anchors
}

func TestLinksParse(t *testing.T) {
	md := strings.Join([]string{
		"# Title",
		"A [link](a.md#b) and [another](<c d.md>), `[code](x.md)`, [web](https://example.com).",
		"",
		"    [indented code](y.md)",
		"",
		"```",
		"[fenced](z.md)",
		"```",
		"[ref]: e.md#f",
	}, "\n")
	var got []string
	for _, l := range links(md) {
		got = append(got, fmt.Sprintf("%d:%s", l.line, l.target))
	}
	want := []string{"2:a.md#b", "9:e.md#f"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("links %v, want %v", got, want)
	}
}

func TestHeadingAnchors(t *testing.T) {
	md := strings.Join([]string{
		"# The TA's guide",
		"## Grading a class: `autograder grade`",
		"### Slurm: beyond one machine",
		"## Notes",
		"## Notes",
		"```",
		"# not a heading",
		"```",
		`<a id="custom"></a>`,
		"## A [linked](x.md) heading",
	}, "\n")
	got := headingAnchors(md)
	for _, a := range []string{"the-tas-guide", "grading-a-class-autograder-grade", "slurm-beyond-one-machine", "notes", "notes-1", "custom", "a-linked-heading"} {
		if !got[a] {
			t.Errorf("no anchor %q in %v", a, got)
		}
	}
	if got["not-a-heading"] {
		t.Errorf("a fenced line made an anchor")
	}
}

func TestCheck(t *testing.T) {
	anchors := map[string]map[string]bool{}
	for _, c := range []struct{ from, target, want string }{
		{"README.md", "docs/ta-guide.md#the-batchs-secret", ""},
		{"docs/ta-guide.md", "../README.md#install", ""},
		{"docs/ta-guide.md", "#verdicts", ""},
		{"README.md", "docs/nothing.md", "no such file or folder"},
		{"README.md", "docs/ta-guide.md#nothing", "no heading or anchor #nothing in docs/ta-guide.md"},
		{"README.md", "../outside.md", "outside the repository"},
		{"README.md", "go.mod#x", "an anchor in a file that is not Markdown"},
	} {
		if got := check(c.from, c.target, anchors); got != c.want {
			t.Errorf("check(%s, %s) = %q, want %q", c.from, c.target, got, c.want)
		}
	}
}
