package problem

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
)

// genLimits bound a generator's or solution's run while making test
// data: far above what a package needs (BAPCtools gives a generator 60
// seconds), so that only a program that loops, floods or crashes meets
// them. Output bounds one file of a case, or stdout; Total all the data
// made. Tests make them small.
var genLimits = struct {
	CPU, Wall, Build time.Duration
	Memory, Output   int64
	Total            int64
}{CPU: 60 * time.Second, Wall: 120 * time.Second, Build: 120 * time.Second, Memory: 2 << 30, Output: 64 << 20, Total: 512 << 20}

const (
	genStderr   = 400 // bytes of a failed program's stderr quoted in an error
	genFilesPat = "testcase.*"
)

// Generated reports whether the package in dir makes its test data with
// generators/generators.yaml.
func Generated(dir string) bool {
	info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(GeneratorsFile)))
	return err == nil && info.Mode().IsRegular()
}

// Generate makes the test data of the package in dir as its
// generators/generators.yaml says, into out/data (data/sample,
// data/secret and their test_group.yaml; validation data is not made):
// every generator and solution is built and run in the sandbox, one
// fresh box per run. The same package gives the same bytes. A generator
// or solution that fails, loops or prints too much is an error naming
// it and the case; warn gets the notes a TA should read (nil: none).
func Generate(ctx context.Context, dir, out string, warn io.Writer) error {
	m, err := readMeta(dir)
	if err != nil {
		return err
	}
	plan, err := parseGenerators(dir, m.constants)
	if err != nil {
		return err
	}
	g := &generation{dir: dir, m: m, progs: plan.progs, built: map[string]grader.Program{}, warn: warn}
	if warn == nil {
		g.warn = io.Discard
	}
	defer g.close()
	files := map[string]map[string][]byte{}
	for _, c := range plan.cases {
		if !graded(c.path) {
			continue
		}
		f, err := g.makeCase(ctx, c, files)
		if err != nil {
			return err
		}
		files[c.path] = f
	}
	if err := g.validate(ctx, plan, files); err != nil {
		return err
	}
	return g.write(out, plan, files)
}

// graded says whether a case or folder under data/ is one the grader
// runs: sample and secret.
func graded(p string) bool {
	top, _, _ := strings.Cut(p, "/")
	return top == "" || top == "sample" || top == "secret"
}

// readMeta reads problem.yaml.
func readMeta(dir string) (meta, error) {
	file := filepath.Join(dir, File)
	data, err := os.ReadFile(file)
	if err != nil {
		return meta{}, err
	}
	return parseMeta(file, data)
}

// generation is one run of Generate: the programs built so far.
type generation struct {
	dir   string
	m     meta
	progs map[string][]string // generators: names' files
	built map[string]grader.Program
	run   map[string]*runner.Sandboxed
	warn  io.Writer
	total int64
	anySo string // the accepted submission writing answers, once chosen
}

func (g *generation) close() {
	for _, p := range g.built {
		if p != nil {
			p.Close()
		}
	}
}

// makeCase makes one case's files, by extension.
func (g *generation) makeCase(ctx context.Context, c *genCase, made map[string]map[string][]byte) (map[string][]byte, error) {
	if c.from != nil {
		f, ok := made[c.from.path]
		if !ok {
			return nil, badf(g.file(), "%s: includes %s, which is not made (only sample and secret are)", c.path, c.from.path)
		}
		return f, nil
	}
	files := map[string][]byte{}
	var err error
	switch {
	case c.gen != nil:
		files, err = g.generate(ctx, c)
	case c.copyFrom != "":
		files, err = g.copyCase(c)
	}
	if err != nil {
		return nil, err
	}
	for ext, data := range c.inline {
		files[ext] = data
	}
	if _, ok := files["in"]; !ok {
		fmt.Fprintf(g.warn, "warning: %s: %s: no .in (only a statement's or download's): not graded\n", g.file(), c.path)
		return nil, nil
	}
	if _, ok := files["ans"]; !ok {
		if files["ans"], err = g.answer(ctx, c, files["in"]); err != nil {
			return nil, err
		}
	}
	for _, d := range files {
		g.total += int64(len(d))
	}
	if g.total > genLimits.Total {
		return nil, badf(g.file(), "%s: the test data made so far is over %d MiB", c.path, genLimits.Total>>20)
	}
	return files, nil
}

func (g *generation) file() string { return filepath.Join(g.dir, filepath.FromSlash(GeneratorsFile)) }

// copyCase reads copy: BASE's files, BASE.in, BASE.ans, BASE.yaml.
func (g *generation) copyCase(c *genCase) (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, ext := range []string{"in", "ans", "yaml"} {
		data, err := g.readLocal(c.copyFrom+"."+ext, genLimits.Output)
		if errors.Is(err, os.ErrNotExist) {
			continue
		} else if err != nil {
			return nil, badf(g.file(), "%s: copy %s: %v", c.path, c.copyFrom, err)
		}
		files[ext] = data
	}
	if files["in"] == nil {
		return nil, badf(g.file(), "%s: copy %s: no %s.in", c.path, c.copyFrom, c.copyFrom)
	}
	return files, nil
}

// readLocal reads a package-relative file that must be a regular file
// inside the package (a symbolic link only to a file inside it), of at
// most limit bytes.
func (g *generation) readLocal(rel string, limit int64) ([]byte, error) {
	p, err := g.inside(rel)
	if err != nil {
		return nil, err
	}
	info, err := os.Stat(p)
	switch {
	case err != nil:
		return nil, err
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("%s is not a regular file", rel)
	case info.Size() > limit:
		return nil, fmt.Errorf("%s: %d bytes, more than %d", rel, info.Size(), limit)
	}
	return os.ReadFile(p)
}

// inside resolves a package-relative path, through symbolic links, and
// refuses it when it leads out of the package.
func (g *generation) inside(rel string) (string, error) {
	root, err := filepath.EvalSymlinks(g.dir)
	if err != nil {
		return "", err
	}
	p, err := filepath.EvalSymlinks(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return "", err
	}
	if r, err := filepath.Rel(root, p); err != nil || !filepath.IsLocal(r) {
		return "", fmt.Errorf("%s leads out of the package", rel)
	}
	return p, nil
}

// generate runs a case's generator: it writes testcase.in (or its
// stdout is the input) and perhaps testcase.ans and testcase.yaml.
func (g *generation) generate(ctx context.Context, c *genCase) (map[string][]byte, error) {
	prog, r, err := g.program(ctx, c.gen.prog, c.path)
	if err != nil {
		return nil, err
	}
	seed := c.gen.seed
	var res sandbox.Result
	for try := 0; try < c.gen.retries; try++ {
		args := c.gen.args
		if c.gen.seeded && try > 0 {
			args = retryArgs(c.gen, (seed+int64(try))%(1<<31))
		}
		if res, err = g.runIn(ctx, r, prog, g.folderOf(c.gen.prog), args, nil); err != nil {
			return nil, err
		}
		if res.OK() || res.Limit != sandbox.None {
			break
		}
	}
	what := fmt.Sprintf("%s: generator %s", c.path, c.gen.command)
	if err := g.failed(what, res); err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, f := range res.Files {
		ext, ok := strings.CutPrefix(f.Name, "testcase.")
		if ok && slices.Contains([]string{"in", "ans", "yaml"}, ext) {
			files[ext] = f.Data
		}
	}
	if _, ok := files["in"]; !ok {
		if len(res.Stdout) == 0 {
			return nil, badf(g.file(), "%s: wrote no testcase.in and printed nothing", what)
		}
		files["in"] = res.Stdout
	}
	return files, nil
}

// retryArgs are a seeded command's arguments with another seed.
func retryArgs(c *genCall, seed int64) []string {
	words, _ := splitCommand(c.command)
	var out []string
	for _, a := range words[1:] {
		a = strings.ReplaceAll(a, "{name}", "testcase")
		out = append(out, seedRE.ReplaceAllLiteralString(a, fmt.Sprint(seed)))
	}
	return out
}

// answer makes a case's .ans: empty for an interactive or multi-pass
// problem, else the solution's output on the input.
func (g *generation) answer(ctx context.Context, c *genCase, in []byte) ([]byte, error) {
	if g.m.interactive || g.m.multipass {
		return []byte{}, nil
	}
	so := c.solution
	if c.anySo {
		var err error
		if so, err = g.anySolution(); err != nil {
			return nil, err
		}
	}
	if so == "" {
		return nil, badf(g.file(), "%s: no .ans, and no solution to write it (solution: is empty)", c.path)
	}
	prog, r, err := g.program(ctx, so, c.path)
	if err != nil {
		return nil, err
	}
	res, err := g.runIn(ctx, r, prog, g.folderOf(so), nil, in)
	if err != nil {
		return nil, err
	}
	if err := g.failed(fmt.Sprintf("%s: solution /%s", c.path, so), res); err != nil {
		return nil, err
	}
	return res.Stdout, nil
}

// anySolution is the solution of a generators.yaml that names none: the
// first accepted submission in name order (BAPCtools picks one and asks
// the author to name it), with a warning.
func (g *generation) anySolution() (string, error) {
	if g.anySo != "" {
		return g.anySo, nil
	}
	ents, err := os.ReadDir(filepath.Join(g.dir, "submissions", "accepted"))
	if err != nil || len(ents) == 0 {
		return "", badf(g.file(), "no solution: named and no submissions/accepted/ to write the answers")
	}
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), ".") && unbuilt(filepath.Join(g.dir, "submissions", "accepted", e.Name())) == "" {
			g.anySo = "submissions/accepted/" + e.Name()
			fmt.Fprintf(g.warn, "warning: %s: no solution: named; the answers are written by /%s (name one: solution: /%s)\n", g.file(), g.anySo, g.anySo)
			return g.anySo, nil
		}
	}
	return "", badf(g.file(), "no solution: named and no accepted submission the grader builds")
}

// failed is the error of a generator's or solution's run that did not
// end well: its limit, signal or status, and the start of its stderr.
func (g *generation) failed(what string, res sandbox.Result) error {
	switch {
	case res.Limit != sandbox.None:
		return badf(g.file(), "%s: stopped at the %s limit%s", what, res.Limit, limitNote(res.Limit))
	case res.Signal != "":
		return badf(g.file(), "%s: killed by signal %s%s", what, res.Signal, stderrNote(res.Stderr))
	case res.ExitCode != 0:
		return badf(g.file(), "%s: exit status %d%s", what, res.ExitCode, stderrNote(res.Stderr))
	}
	return nil
}

func limitNote(l sandbox.Limit) string {
	switch l {
	case sandbox.CPU:
		return fmt.Sprintf(" (%s of CPU time)", genLimits.CPU)
	case sandbox.Wall:
		return fmt.Sprintf(" (%s)", genLimits.Wall)
	case sandbox.Output, sandbox.FileSize:
		return fmt.Sprintf(" (%d MiB)", genLimits.Output>>20)
	}
	return ""
}

// stderrNote quotes the start of a failed run's stderr, on one line,
// its control bytes escaped.
func stderrNote(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	s := string(b[:min(len(b), genStderr)])
	return ": " + fmt.Sprintf("%q", oneLine(s))
}

// runIn runs a built program with args and stdin in a fresh box, and
// collects the testcase.* files it wrote. The program's files are in a
// folder of the box named as its folder in the package (folder), and its
// command names them there: a program that reads its own path
// (sys.argv[0], a generator seeding itself from its folder's name) finds
// the folder it has in the package, as BAPCtools runs it.
func (g *generation) runIn(ctx context.Context, r *runner.Sandboxed, prog grader.Program, folder string, args []string, stdin []byte) (sandbox.Result, error) {
	spec, err := r.Spec(ctx, prog, grader.Input{Args: args, Stdin: stdin})
	if err != nil {
		return sandbox.Result{}, err
	}
	inFolder(&spec, len(args), folder)
	spec.Collect = []string{genFilesPat}
	spec.Limits.FileSize, spec.Limits.BoxSize = genLimits.Output, genLimits.Output*3+32<<20
	return sandbox.Run(ctx, spec)
}

// folderOf is the name of the package folder that holds the program at
// key (a package-relative path, or a generators: name "generators/NAME/",
// which is its own folder).
func (g *generation) folderOf(key string) string {
	if name, ok := strings.CutSuffix(key, "/"); ok {
		return path.Base(name)
	}
	if p, err := g.inside(key); err == nil {
		if info, err := os.Stat(p); err == nil && info.IsDir() {
			return path.Base(key)
		}
	}
	return path.Base(path.Dir(key))
}

// inFolder moves a run's files into folder and has its command name them
// there (an interpreter's "y.py" becomes "y/y.py", "./main" "./y/main"),
// the box's working folder staying where the files were; a command that
// names none of its files (java -cp . Main) is left as it is. The last
// given arguments are the case's, never renamed.
func inFolder(spec *sandbox.Spec, given int, folder string) {
	if folder == "" || folder == "." || folder == "/" {
		return
	}
	names := map[string]bool{}
	for _, f := range spec.Files {
		names[f.Name] = true
	}
	rest, ok := strings.CutPrefix(spec.Path, "./")
	named := ok && names[rest]
	own := spec.Args[:len(spec.Args)-given]
	for _, a := range own {
		named = named || names[a]
	}
	if !named {
		return
	}
	if named && ok && names[rest] {
		spec.Path = "./" + folder + "/" + rest
	}
	for i, a := range own {
		if names[a] {
			spec.Args[i] = folder + "/" + a
		}
	}
	files := slices.Clone(spec.Files)
	for i := range files {
		files[i].Name = folder + "/" + files[i].Name
	}
	spec.Files = files
}

// program builds a generator or solution once: key is its package-
// relative path ("generators/x.py", "submissions/accepted/a.py"), or a
// generators: name ("generators/NAME/").
func (g *generation) program(ctx context.Context, key, casePath string) (grader.Program, *runner.Sandboxed, error) {
	if p, ok := g.built[key]; ok {
		return p, g.run[key], nil
	}
	files, main, err := g.sources(key)
	if err != nil {
		return nil, nil, badf(g.file(), "%s: %s: %v", casePath, strings.TrimSuffix(key, "/"), err)
	}
	for i := range files {
		files[i].Data = g.m.constants.Replace(files[i].Data)
	}
	build := rubric.Build{Language: rubric.Auto, Languages: rubric.Presets(), Main: main}
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.Name
	}
	if s, ok := rubric.Scripted(names, func(n string) []byte { return files[slices.Index(names, n)].Data }); ok {
		build = s
	}
	r := runner.New(&rubric.Rubric{
		Build:  build,
		Limits: rubric.Limits{CPU: genLimits.CPU, Wall: genLimits.Wall, Memory: genLimits.Memory, Output: genLimits.Output, BuildWall: genLimits.Build},
	})
	b, err := r.Build(ctx, files)
	if err != nil {
		return nil, nil, err
	}
	if !b.OK {
		log := strings.TrimSpace(b.Note + "\n" + b.Log)
		return nil, nil, badf(g.file(), "%s: %s does not build: %s", casePath, strings.TrimSuffix(key, "/"), oneLine(log[:min(len(log), 600)]))
	}
	if g.run == nil {
		g.run = map[string]*runner.Sandboxed{}
	}
	g.built[key], g.run[key] = b.Program, r
	return b.Program, r, nil
}

// sources reads a program's files: a generators: name's list, a
// folder's regular files, or one file; and the name of its main.
func (g *generation) sources(key string) ([]submission.File, string, error) {
	if name, ok := strings.CutSuffix(strings.TrimPrefix(key, "generators/"), "/"); ok {
		return g.listed(name)
	}
	p, err := g.inside(key)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", fmt.Errorf("no such program")
	} else if err != nil {
		return nil, "", err
	}
	info, err := os.Stat(p)
	if err != nil {
		return nil, "", err
	}
	if !info.IsDir() {
		data, err := g.readLocal(key, genLimits.Output)
		if err != nil {
			return nil, "", err
		}
		base := path.Base(key)
		return []submission.File{{Name: base, Data: data}}, strings.TrimSuffix(base, path.Ext(base)), nil
	}
	return g.folder(key)
}

// listed reads the files of a generators: entry, the first its main.
func (g *generation) listed(name string) ([]submission.File, string, error) {
	deps := g.progs[name]
	if len(deps) == 0 {
		return nil, "", fmt.Errorf("no such generator")
	}
	var files []submission.File
	for _, d := range deps {
		data, err := g.readLocal(path.Join("generators", d), genLimits.Output)
		if err != nil {
			return nil, "", err
		}
		files = append(files, submission.File{Name: path.Base(d), Data: data})
	}
	return files, strings.TrimSuffix(path.Base(deps[0]), path.Ext(deps[0])), nil
}

// folder reads a program folder's regular files (with its build or run
// script, which then build and run it: program).
func (g *generation) folder(key string) ([]submission.File, string, error) {
	p, _ := g.inside(key)
	ents, err := os.ReadDir(p)
	if err != nil {
		return nil, "", err
	}
	var files []submission.File
	main := ""
	for _, e := range ents {
		n := e.Name()
		switch {
		case strings.HasPrefix(n, "."):
			continue
		case e.IsDir():
			continue
		}
		data, err := g.readLocal(path.Join(key, n), genLimits.Output)
		if err != nil {
			return nil, "", err
		}
		files = append(files, submission.File{Name: n, Data: data})
		if stem := strings.TrimSuffix(n, path.Ext(n)); stem == path.Base(key) || stem == "main" && main == "" {
			main = stem
		}
	}
	if len(files) == 0 {
		return nil, "", fmt.Errorf("an empty folder")
	}
	return files, main, nil
}

// write writes the made files under out/data, each folder's
// test_group.yaml too, through a temporary folder renamed into place.
func (g *generation) write(out string, plan *genPlan, files map[string]map[string][]byte) error {
	data := filepath.Join(out, "data")
	if err := os.MkdirAll(data, 0o755); err != nil {
		return err
	}
	for _, d := range plan.dirs {
		if !graded(d.path) {
			continue
		}
		dir := filepath.Join(data, filepath.FromSlash(d.path))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if d.group != nil {
			if err := os.WriteFile(filepath.Join(dir, "test_group.yaml"), d.group, 0o644); err != nil {
				return err
			}
		}
	}
	for _, c := range plan.cases {
		f := files[c.path]
		if f == nil {
			continue
		}
		base := filepath.Join(data, filepath.FromSlash(c.path))
		if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
			return err
		}
		for _, ext := range []string{"in", "ans", "yaml"} {
			if b, ok := f[ext]; ok {
				if err := os.WriteFile(base+"."+ext, b, 0o644); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
