package problem

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/sandbox"
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
