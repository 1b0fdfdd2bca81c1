package cli

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/cases"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/internal/atomicfile"
	"github.com/cs540-tools/autograder/internal/nearcopy"
	ucli "github.com/urfave/cli/v2"
)

// workflowPath is where a kit's GitHub Actions workflow goes.
var workflowPath = filepath.Join(".github", "workflows", "autograder.yml")

func kitCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "kit",
		Usage:     "write a student kit of an assignment: its rubric, handout, public cases and tests (never a hidden one) and a GitHub Actions workflow",
		ArgsUsage: " ",
		Description: "Writes into --out (a new or empty folder, or an earlier kit) what students need to\n" +
			"check their work on an assignment that is not built in: .autograder/ (the rubric,\n" +
			"the handout, the public cases, the public unit tests and the helpers and data\n" +
			"files they name, and the count of hidden cases, never one of them) and\n" +
			".github/workflows/autograder.yml, which\n" +
			"runs `autograder ci` on every push. With --binary, .autograder/autograder is that\n" +
			"autograder binary with the assignment built in as its default. In the kit's\n" +
			"folder (a course repository) `autograder check` needs no flag. Refused, with\n" +
			"nothing written, when a file of the kit has the bytes of an assignment file that\n" +
			"is not public (a hidden case, hidden tests, a solution beside the rubric), or is a\n" +
			"near-copy of one (line endings, blanks, a byte-order mark, UTF-16 aside; commented\n" +
			"out; inside another file; in a gzip, zip or tar), or is an archive too large to\n" +
			"check or compressed in a way the kit cannot read (xz, zstd, 7z...); or when a\n" +
			"helper the public tests need is used by a hidden test too (helpers.py, Check.java,\n" +
			"conftest.py), or a conftest.py they need defines fixtures only hidden tests use.\n" +
			"Files beside the tests that no public test needs (a solution.py, answers.txt,\n" +
			"a data file a hidden test names in a folder the public tests name) are left\n" +
			"out, and listed.",
		Flags: []ucli.Flag{
			rubricFlag(),
			&ucli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the kit into `DIR`", Required: true},
			&ucli.StringFlag{Name: "binary", Usage: "an autograder binary `FILE` for the students' machines (make release's autograder-linux-amd64 for GitHub's runners): the kit's .autograder/autograder is it with the assignment built in"},
			&ucli.StringFlag{Name: "name", Usage: "the assignment's `NAME` in the binary (--assignment NAME); default: made from the rubric's name"},
		},
		Action: runKit,
	}
}

func runKit(c *ucli.Context) error {
	if c.NArg() > 0 {
		return badInputf("kit takes no arguments; name the rubric with --rubric FILE")
	}
	a, err := loadAssignment(c)
	if err != nil {
		return err
	}
	if _, ok := bundle.Name(a.Rubric.Path); ok {
		return badInputf("kit: %s is built into every autograder binary already; name your own assignment's rubric with --rubric FILE", a.Rubric.Path)
	}
	if filepath.Ext(a.Rubric.Path) != ".toml" {
		return badInputf("kit: %s is a problem package: a kit is made from a rubric.toml assignment (hand students the package's data/sample instead)", a.Rubric.Path)
	}
	if err := noSuiteParts(a); err != nil {
		return err
	}
	if r := a.KitRefusals(); len(r) > 0 {
		return badInputf("kit: %s; nothing written", r[0])
	}
	name := c.String("name")
	if name == "" {
		name = bundle.KitName(a.Rubric.Name)
	}
	if slices.Contains(bundle.Names(), name) {
		return badInputf("kit: %q is a built-in assignment's name: give the kit's another with --name NAME", name)
	}
	out := c.String("out")
	if err := claimKit(out); err != nil {
		return err
	}
	var exe []byte
	if b := c.String("binary"); b != "" {
		if exe, err = os.ReadFile(b); err != nil {
			return badInputf("--binary %s: %v", b, err)
		}
	}
	dir := filepath.Join(out, kitDir)
	if err := bundle.Generate(a.Rubric.Path, dir); err != nil {
		return badInputf("kit: %v", err)
	}
	if err := noHidden(a, out); err != nil {
		os.RemoveAll(dir)
		return badInputf("kit: %v; nothing written", err)
	}
	if err := writeWorkflow(out, a); err != nil {
		return err
	}
	if err := writeFrameworkConfigs(out, dir); err != nil {
		return err
	}
	if err := ignoreJUnit(out); err != nil {
		return err
	}
	if exe != nil {
		if err := writeKitBinary(exe, dir, name); err != nil {
			os.RemoveAll(dir)
			return err
		}
	}
	kitSummary(c, a, out, name, exe != nil)
	kitTestsWarning(c.App.ErrWriter, a)
	return nil
}

// noSuiteParts refuses a kit of an assignment with a part that grades
// the unit-test suites students write ([part.tests] folder): `check`
// could run a student's tests only on the implementations (the correct
// one is the solution, the bugs the answers), and a kit may hold
// nothing a student may not see. Such an assignment is handed out as
// its handout and graded with grade.
func noSuiteParts(a *grader.Assignment) error {
	for _, p := range a.Rubric.Parts {
		if a.SuitePart(p.ID) {
			return badInputf("kit: part %s grades the tests students write (implementations = %q) against your implementations, which a kit may not hold (the correct one is the solution, the bugs the answers) and without which check could run none of a student's tests: give students the handout and grade their tests with grade; nothing written",
				p.ID, p.Tests.Implementations)
		}
	}
	return nil
}

// kitTestsWarning warns, for each tests part whose show keeps its bugs
// from the students (nothing, count), that a kit cannot: the bugs run on
// the students' machines, and the kit's rubric is theirs to edit.
func kitTestsWarning(w io.Writer, a *grader.Assignment) {
	for _, p := range a.Rubric.Parts {
		if p.Tests != nil && (p.Tests.Show == "nothing" || p.Tests.Show == "count") {
			fmt.Fprintf(w, "autograder: kit: warning: part %s: show = %q keeps the bugs from the students' reports, not from the kit: its bugs run on their machines, where a student who edits %s can see each bug's name and hint\n",
				p.ID, p.Tests.Show, kitDir)
		}
	}
}

// claimKit refuses an --out that is neither new, empty nor an earlier
// kit: writing a kit replaces its .autograder and workflow.
func claimKit(out string) error {
	entries, err := os.ReadDir(out)
	if errors.Is(err, fs.ErrNotExist) || err == nil && len(entries) == 0 {
		return nil
	}
	if err != nil {
		return badInputf("--out %s: %v", out, err)
	}
	if _, err := os.Stat(filepath.Join(out, kitDir, bundle.RubricName)); err != nil {
		return badInputf("--out %s is not empty and holds no kit (%s): name a new or empty folder", out, filepath.Join(kitDir, bundle.RubricName))
	}
	return nil
}

// noHidden checks the kit in out against the assignment's files, by
// their bytes, whatever the rubric names them: every file of the kit is a
// regular file (no link), none has the bytes of a secret file, and none
// the bytes of another file beside the rubric that is not public, unless a
// public file has them too.
//
// Secret, whatever else has their bytes: the cases that are not public,
// wherever they are; the judges' hidden files (HiddenFiler: hidden tests);
// every source file of a language (a solution, a generator) beside the
// rubric that no public case or judge names. The handout is public only
// when it is none of these: a rubric that names a hidden case or a
// solution as its handout does not make it public. Public are the
// rubric, the public cases and the judges' public files (PublicFiler). A
// file that is a link is judged as what it points to, and never makes
// anything public.
func noHidden(a *grader.Assignment, out string) error {
	public := map[string]bool{} // real paths
	add := func(p string) {
		if st, err := os.Lstat(p); err != nil || !st.Mode().IsRegular() {
			return
		}
		if r, err := realPath(p); err == nil {
			public[r] = true
		}
	}
	add(a.Rubric.Path)
	var secretPaths []string // secret, whatever else has their bytes
	for _, cs := range a.Parts {
		for _, k := range cs {
			if k.Visibility == cases.Public {
				add(k.Path)
			} else if k.Path != "" {
				secretPaths = append(secretPaths, k.Path)
			}
		}
	}
	for _, f := range a.PublicFiles() {
		add(f)
	}
	secretPaths = append(secretPaths, a.HiddenFiles()...)
	var otherPaths []string // not public: secret unless a public file has their bytes
	outAbs, _ := filepath.Abs(out)
	filepath.WalkDir(filepath.Dir(a.Rubric.Path), func(p string, d fs.DirEntry, err error) error {
		switch abs, _ := filepath.Abs(p); {
		case err != nil:
			return nil // unreadable: nothing of it can be copied either
		case d.IsDir() && abs == outAbs:
			return fs.SkipDir
		case !d.Type().IsRegular():
		case toolchain.ByExt(filepath.Ext(p)) != nil && !isPublic(public, p):
			secretPaths = append(secretPaths, p)
		default:
			otherPaths = append(otherPaths, p)
		}
		return nil
	})
	if h := a.Rubric.Handout; h != "" {
		if handoutSecret(h, secretPaths) {
			secretPaths = append(secretPaths, h)
		} else {
			add(h)
		}
	}
	secret := hashes(secretPaths, nil)
	allowed := map[[32]byte]bool{}
	for p := range public {
		if h, ok := hashFile(p); ok && secret[h] == "" {
			allowed[h] = true
		}
	}
	maps.Copy(secret, hashes(otherPaths, func(p string, h [32]byte) bool { return !public[p] && !allowed[h] && secret[h] == "" }))
	near := nearSecrets(a, secretPaths)
	return filepath.WalkDir(filepath.Join(out, kitDir), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s is not a regular file", p)
		}
		if h, ok := hashFile(p); ok && secret[h] != "" {
			return fmt.Errorf("%s has the bytes of %s, which is not public", p, secret[h])
		}
		return nearCopy(p, near)
	})
}

// nearSecrets is the set of texts a kit file must not be a near-copy of
// (nearcopy: line endings, blanks, a byte-order mark aside; a long one
// inside a larger text too; in an archive too): the secret files whole,
// and each hidden case's input and expected outputs apart (a case split
// into two files); but none that a public case or a public file of the
// judges holds (a hidden case's input that a sample has too), when that
// file is code (a public test, a helper): a data file beside the public
// tests is what is checked, and one holding a hidden test's text (a
// copy with tabs for spaces, say) makes nothing public, neither itself
// nor another copy (an exact gzip of the hidden tests beside it). The
// handout is not asked: it is what is checked.
func nearSecrets(a *grader.Assignment, secretPaths []string) *nearcopy.Set {
	var near nearcopy.Set
	for _, p := range secretPaths {
		if data, ok := readSmall(p); ok {
			near.Add(p, data)
		}
	}
	var public [][]byte
	for _, cs := range a.Parts {
		for _, k := range cs {
			pieces := [][]byte{k.Stdin}
			for _, o := range k.Outputs {
				pieces = append(pieces, o.Stdout)
			}
			if k.Visibility == cases.Public {
				public = append(public, pieces...)
				continue
			}
			for i, b := range pieces {
				what := "input"
				if i > 0 {
					what = "expected output"
				}
				near.AddPiece(fmt.Sprintf("the %s of hidden case %s", what, k.ID), b)
			}
		}
	}
	for _, f := range a.PublicFiles() {
		if data, ok := readSmall(f); ok && toolchain.ByExt(filepath.Ext(f)) != nil {
			public = append(public, data)
		}
	}
	for _, b := range public {
		near.Forget(b)
	}
	return &near
}

// nearCopy refuses the kit file p when it, or a member of it as an
// archive, is a near-copy of a secret of near, or when it is an archive
// the kit cannot check (an archive bomb, a broken one) or too large to
// read.
func nearCopy(p string, near *nearcopy.Set) error {
	data, ok := readSmall(p)
	if !ok {
		return fmt.Errorf("%s cannot be checked for hidden bytes (unreadable, or over %d MiB)", p, nearcopy.MaxExpanded>>20)
	}
	var found, member string
	err := nearcopy.Walk(data, func(m string, b []byte) bool {
		found, member = near.Match(b), m
		return found == ""
	})
	switch {
	case found != "" && member != "":
		return fmt.Errorf("%s holds %s, a near-copy of %s, which is not public", p, member, found)
	case found != "":
		return fmt.Errorf("%s is a near-copy of %s (line endings, blanks and comment markers aside, or inside it), which is not public", p, found)
	case err != nil:
		return fmt.Errorf("%s cannot be checked for hidden bytes: %v", p, err)
	}
	return nil
}

// readSmall reads a regular file (through its links) of at most
// nearcopy.MaxExpanded bytes.
func readSmall(p string) ([]byte, bool) {
	st, err := os.Stat(p)
	if err != nil || !st.Mode().IsRegular() || st.Size() > nearcopy.MaxExpanded {
		return nil, false
	}
	data, err := os.ReadFile(p)
	return data, err == nil
}

// isPublic reports whether p is, through its links, one of the public
// files' real paths.
func isPublic(public map[string]bool, p string) bool {
	r, err := realPath(p)
	return err == nil && public[r]
}

// handoutSecret reports whether the handout h is no public file: it is a
// source file of a language, or (through its links) one of the secret
// paths.
func handoutSecret(h string, secretPaths []string) bool {
	if toolchain.ByExt(filepath.Ext(h)) != nil {
		return true
	}
	r, err := realPath(h)
	if err != nil {
		return true
	}
	for _, p := range secretPaths {
		if s, err := realPath(p); err == nil && s == r {
			return true
		}
	}
	return false
}

// hashes maps the content hashes of the files at paths (through their
// links), but empty ones, which tell nothing, to their paths; keep, when
// not nil, chooses which (given the real path).
func hashes(paths []string, keep func(real string, h [32]byte) bool) map[[32]byte]string {
	out := map[[32]byte]string{}
	for _, p := range paths {
		r, err := realPath(p)
		if err != nil {
			continue
		}
		h, ok := hashFile(r)
		if !ok || h == sha256.Sum256(nil) || out[h] != "" || keep != nil && !keep(r, h) {
			continue
		}
		out[h] = p
	}
	return out
}

// hashFile is the SHA-256 of a regular file of at most 64 MiB
// (readSmall).
func hashFile(p string) ([32]byte, bool) {
	data, ok := readSmall(p)
	if !ok {
		return [32]byte{}, false
	}
	return sha256.Sum256(data), true
}

// writeWorkflow writes the kit's GitHub Actions workflow: on every push
// and pull request, the unit-test frameworks the assignment's cases use
// installed, then `autograder ci` on the public cases, its JUnit XML kept.
func writeWorkflow(out string, a *grader.Assignment) error {
	var b strings.Builder
	b.WriteString(`# Written by autograder kit: checks the work in this repository on the
# assignment's public cases on every push (the hidden ones run when it is
# graded). The Actions tab shows each check; the summary lists what failed.
name: autograder
on: [push, pull_request]
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
`)
	if pkgs := kitPackages(a); len(pkgs) > 0 {
		fmt.Fprintf(&b, `      - name: Install the unit-test framework
        run: sudo apt-get update && sudo apt-get install -y --no-install-recommends %s
`, strings.Join(pkgs, " "))
	}
	b.WriteString(`      - name: Check the work on the public cases
        run: |
          chmod +x .autograder/autograder
          .autograder/autograder ci --junit ` + junitXML + `
      - uses: actions/upload-artifact@v4
        if: always()
        with:
          name: autograder-junit
          path: ` + junitXML + `
`)
	return writeInside(out, workflowPath, []byte(b.String()))
}

// writeInside writes data to the file rel below out, never through a
// symbolic link a folder there holds (a kit committed to a course's
// repository may hold one): each folder on the way must be a folder, and
// the file is written beside itself and renamed over, which replaces a
// link instead of writing to what it names.
func writeInside(out, rel string, data []byte) error {
	dir := out
	for _, part := range strings.Split(filepath.Dir(rel), string(filepath.Separator)) {
		dir = filepath.Join(dir, part)
		fi, err := os.Lstat(dir)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if err := os.Mkdir(dir, 0o755); err != nil {
				return err
			}
		case err != nil:
			return err
		case !fi.IsDir():
			return badInputf("%s: not a folder (a symbolic link?): the kit writes nothing through it", dir)
		}
	}
	return atomicfile.WriteFile(filepath.Join(out, rel), data)
}

// writeFrameworkConfigs writes, beside the public tests of each unit-test
// framework in the kit at dir (its rubric's cases), the framework's
// configuration (toolchain.TestFramework.Config): pytest.ini, which
// registers the points mark, so that the public tests run under plain
// pytest without a warning.
func writeFrameworkConfigs(out, dir string) error {
	k, err := grader.LoadAssignment(filepath.Join(dir, bundle.RubricName), bundle.Judges)
	if err != nil {
		return err
	}
	base, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	written := map[string]bool{}
	for _, cs := range k.Parts {
		for _, c := range cs {
			tc := toolchain.ByFramework(c.Check)
			if tc == nil || tc.Tests.Config == "" || c.Path == "" {
				continue
			}
			p, err := filepath.Abs(filepath.Join(filepath.Dir(c.Path), tc.Tests.Config))
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(base, p)
			if err != nil || !filepath.IsLocal(rel) {
				return fmt.Errorf("kit: %s is not inside %s", p, out)
			}
			if written[rel] {
				continue
			}
			written[rel] = true
			if err := writeInside(out, rel, []byte(tc.Tests.ConfigText)); err != nil {
				return err
			}
		}
	}
	return nil
}

// junitXML is the JUnit XML file the kit's workflow has ci write.
const junitXML = "autograder-junit.xml"

// ignoreJUnit has git ignore the JUnit XML that ci writes (junitXML) in
// the kit's folder: the .gitignore there gets the line when it lacks it,
// or is written with it.
func ignoreJUnit(out string) error {
	var data []byte
	p := filepath.Join(out, ".gitignore")
	if st, err := os.Lstat(p); err == nil && st.Mode().IsRegular() { // a link is replaced, never read
		if data, err = os.ReadFile(p); err != nil {
			return err
		}
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == junitXML || strings.TrimSpace(line) == "/"+junitXML {
			return nil
		}
	}
	if len(data) > 0 && !strings.HasSuffix(string(data), "\n") {
		data = append(data, '\n')
	}
	data = append(data, "# autograder ci's JUnit XML (autograder kit)\n/"+junitXML+"\n"...)
	return writeInside(out, ".gitignore", data)
}

// kitPackages are the Debian packages the unit-test frameworks of a's
// cases need (toolchain.TestFramework.Install), sorted.
func kitPackages(a *grader.Assignment) []string {
	var pkgs []string
	for _, cs := range a.Parts {
		for _, k := range cs {
			tc := toolchain.ByFramework(k.Check)
			if tc == nil {
				continue
			}
			for _, p := range strings.Fields(strings.TrimPrefix(tc.Tests.Install, "apt-get install")) {
				if !slices.Contains(pkgs, p) {
					pkgs = append(pkgs, p)
				}
			}
		}
	}
	slices.Sort(pkgs)
	return pkgs
}

// leftOut are the judges' files a kit leaves out (grader.HiddenFiler:
// hidden tests, and the files beside them the public tests do not need),
// named from the rubric's folder.
func leftOut(a *grader.Assignment) []string {
	var out []string
	dir, _ := filepath.Abs(filepath.Dir(a.Rubric.Path))
	for _, f := range a.HiddenFiles() {
		if rel, err := filepath.Rel(dir, f); err == nil && filepath.IsLocal(rel) {
			f = filepath.ToSlash(rel)
		}
		out = append(out, f)
	}
	return out
}

// writeKitBinary writes .autograder/autograder: exe with the bundle in
// dir appended as the assignment name (bundle.AppendKit).
func writeKitBinary(exe []byte, dir, name string) error {
	p := filepath.Join(dir, "autograder")
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o755)
	if err != nil {
		return err
	}
	err = bundle.AppendKit(f, exe, dir, name)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(p)
		return badInputf("--binary: %v", err)
	}
	return nil
}

// kitSummary says what the kit holds and what it left out.
func kitSummary(c *ucli.Context, a *grader.Assignment, out, name string, binary bool) {
	public, hidden := 0, 0
	for _, cs := range a.Parts {
		for _, k := range cs {
			if k.Visibility == cases.Public {
				public++
			} else {
				hidden++
			}
		}
	}
	w := c.App.Writer
	fmt.Fprintf(w, "kit of %s in %s:\n", a.Rubric.Name, out)
	fmt.Fprintf(w, "  %s: the rubric, %s, %s of the judges; the %s left out\n",
		filepath.Join(out, kitDir), count(public, "public "+a.CaseWord()), count(len(a.PublicFiles()), "public file"), count(hidden, "hidden "+a.CaseWord()))
	fmt.Fprintf(w, "  %s: runs `autograder ci` on every push\n", filepath.Join(out, workflowPath))
	if left := leftOut(a); len(left) > 0 {
		fmt.Fprintf(w, "  left out of %s: %s (hidden tests, hidden data, and the files beside the tests no public test needs)\n", filepath.Join(out, kitDir), strings.Join(left, ", "))
	}
	for _, n := range a.SetupNotes() {
		fmt.Fprintf(w, "  note: %s\n", n)
	}
	if binary {
		fmt.Fprintf(w, "  %s: the autograder with the assignment built in (--assignment %s, the default)\n", filepath.Join(out, kitDir, "autograder"), name)
	} else {
		fmt.Fprintf(w, "  no binary: put an autograder for the students' machines at %s (--binary FILE does), as the workflow runs it\n", filepath.Join(out, kitDir, "autograder"))
	}
}
