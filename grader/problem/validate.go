package problem

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/sandbox"
	"go.yaml.in/yaml/v3"
)

// validatorOK is the exit status of a validator that accepts.
const validatorOK = 42

// dataValidator is one of the package's input or answer validators, built.
type dataValidator struct {
	folder string // "input_validators" or "answer_validators"
	name   string // its file or folder name, without extension
	key    string // package-relative path
	prog   grader.Program
	run    *runner.Sandboxed
}

// validators builds the programs in input_validators/ and
// answer_validators/ that the grader can run; the others (checktestdata
// and VIVA files, build or run scripts, ones that do not build) are
// named in a warning and not run.
func (g *generation) validators(ctx context.Context) ([]dataValidator, error) {
	var out []dataValidator
	for _, folder := range []string{"input_validators", "answer_validators"} {
		ents, err := os.ReadDir(filepath.Join(g.dir, folder))
		if err != nil {
			continue
		}
		for _, e := range ents {
			n := e.Name()
			if strings.HasPrefix(n, ".") {
				continue
			}
			key := folder + "/" + n
			if why := unrunnable(filepath.Join(g.dir, folder, n), e.IsDir()); why != "" {
				fmt.Fprintf(g.warn, "warning: %s: %s: not run on the generated data\n", key, why)
				continue
			}
			prog, r, err := g.program(ctx, key, folder)
			if err != nil {
				fmt.Fprintf(g.warn, "warning: %s: not run on the generated data: %s\n", key, oneLine(err.Error()))
				continue
			}
			out = append(out, dataValidator{folder: folder, name: strings.TrimSuffix(n, path.Ext(n)), key: key, prog: prog, run: r})
		}
	}
	return out, nil
}

// unrunnable says why the grader does not run a validator ("" when it
// does): a checktestdata or VIVA file, a file in no language the grader
// builds (a folder is built by its sources, or by its build and run
// scripts).
func unrunnable(p string, dir bool) string {
	if !dir {
		switch ext := filepath.Ext(p); {
		case ext == ".ctd" || ext == ".viva":
			return "a checktestdata or VIVA validator, which the grader does not have"
		case toolchain.ByExt(ext) == nil:
			return "not in a language the grader builds"
		}
	}
	return ""
}

// validate runs every validator on every made case of the graded
// folders: an input validator on the .in, an answer validator on the
// .ans (the input in its folder). A case one rejects is an error naming
// the case and the validator.
func (g *generation) validate(ctx context.Context, plan *genPlan, files map[string]map[string][]byte) error {
	vs, err := g.validators(ctx)
	if err != nil || len(vs) == 0 {
		return err
	}
	for _, c := range plan.cases {
		f := files[c.path]
		if f == nil || c.from != nil {
			continue
		}
		for _, v := range vs {
			if err := g.validateOne(ctx, plan, c, f, v); err != nil {
				return err
			}
		}
	}
	return nil
}

func (g *generation) validateOne(ctx context.Context, plan *genPlan, c *genCase, f map[string][]byte, v dataValidator) error {
	key := strings.TrimSuffix(v.folder, "s") + "_args"
	args := validatorArgs(plan, c, f, key, v.name)
	stdin := f["in"]
	if v.folder == "answer_validators" {
		stdin, args = f["ans"], append([]string{"testcase.in"}, args...)
	}
	spec, err := v.run.Spec(ctx, v.prog, grader.Input{Args: args, Stdin: stdin})
	if err != nil {
		return err
	}
	spec.Files = append(spec.Files, sandbox.File{Name: "testcase.in", Data: f["in"]})
	res, err := sandbox.Run(ctx, spec)
	if err != nil {
		return err
	}
	what := fmt.Sprintf("%s: %s", c.path, v.key)
	switch {
	case res.Limit != sandbox.None:
		return badf(g.file(), "%s: stopped at the %s limit%s", what, res.Limit, limitNote(res.Limit))
	case res.ExitCode != validatorOK:
		return badf(g.file(), "%s rejects the %s (exit status %d, not 42)%s", what, map[bool]string{true: "answer", false: "input"}[v.folder == "answer_validators"],
			res.ExitCode, stderrNote(append(res.Stdout, res.Stderr...)))
	}
	return nil
}

// validatorArgs are a validator's arguments for a case: input_validator_args
// (or answer_validator_args) from the case's yaml, else from the closest
// folder's test_group.yaml; a list is every validator's, a map gives each
// validator its own by name.
func validatorArgs(plan *genPlan, c *genCase, f map[string][]byte, key, name string) []string {
	if args, ok := argsIn(f["yaml"], key, name); ok {
		return args
	}
	for dir := path.Dir(c.path); ; dir = path.Dir(dir) {
		if dir == "." {
			dir = ""
		}
		i := slices.IndexFunc(plan.dirs, func(d genDir) bool { return d.path == dir })
		if i >= 0 {
			if args, ok := argsIn(plan.dirs[i].group, key, name); ok {
				return args
			}
		}
		if dir == "" {
			return nil
		}
	}
}

// argsIn reads key from a yaml file's bytes: ok when it is there.
func argsIn(data []byte, key, name string) ([]string, bool) {
	if data == nil {
		return nil, false
	}
	var raw map[string]any
	if yaml.Unmarshal(data, &raw) != nil {
		return nil, false
	}
	v, ok := raw[key]
	if !ok {
		return nil, false
	}
	if m, isMap := v.(map[string]any); isMap {
		v = m[name]
	}
	switch x := v.(type) {
	case string:
		return strings.Fields(x), true
	case []any:
		var args []string
		for _, a := range x {
			if a != nil {
				args = append(args, fmt.Sprint(a))
			}
		}
		return args, true
	}
	return nil, true
}
