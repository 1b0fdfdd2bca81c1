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

func (g *generation) file() string { return filepath.Join(g.dir, filepath.FromSlash(GeneratorsFile)) }

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
	b, err := r.Build(ctx, files, sandbox.Hooks{})
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
	dir, err := g.inside(path.Dir(key))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", fmt.Errorf("no such program")
	} else if err != nil {
		return nil, "", err
	}
	p := filepath.Join(dir, path.Base(key))
	if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
		return nil, "", fmt.Errorf("no such program")
	}
	if info, err := os.Stat(p); err == nil && info.IsDir() {
		return g.folder(key)
	}
	data, err := g.readProgram(key)
	if err != nil {
		return nil, "", err
	}
	base := path.Base(key)
	return []submission.File{{Name: base, Data: data}}, strings.TrimSuffix(base, path.Ext(base)), nil
}

// readProgram reads one file of a package's program (package-relative
// rel): its folder must be in the package, and the file may be a link
// to a regular file anywhere, as the contest tools follow it
// (submission.ReadProgramFile).
func (g *generation) readProgram(rel string) ([]byte, error) {
	dir, err := g.inside(path.Dir(rel))
	if err != nil {
		return nil, err
	}
	return submission.ReadProgramFile(filepath.Join(dir, path.Base(rel)), genLimits.Output)
}

// listed reads the files of a generators: entry, the first its main.
func (g *generation) listed(name string) ([]submission.File, string, error) {
	deps := g.progs[name]
	if len(deps) == 0 {
		return nil, "", fmt.Errorf("no such generator")
	}
	var files []submission.File
	for _, d := range deps {
		data, err := g.readProgram(path.Join("generators", d))
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
		if strings.HasPrefix(n, ".") {
			continue
		}
		if file, err := submission.ProgramFile(p, e); err != nil {
			return nil, "", err
		} else if !file {
			continue // a folder
		}
		data, err := g.readProgram(path.Join(key, n))
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
