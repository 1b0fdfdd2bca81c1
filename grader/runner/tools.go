package runner

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/sandbox"
)

// Tool is a program of a language preset as found on this machine.
type Tool struct {
	Name    string // as the rubric's commands name it ("python3")
	Path    string // the file run, every symbolic link resolved
	Version string // as the tool prints it ("3.11.2")
}

// ErrNoTool starts the error of a preset whose tool is missing or does
// not run in the sandbox: "no working gcc: not found on PATH".
var ErrNoTool = errors.New("no working")

// findTool resolves t's candidates and returns the first that prints its
// version in a box with the given limits.
func (p *preset) findTool(ctx context.Context, t tool, lim sandbox.Limits) (Tool, error) {
	var tried []string
	for _, path := range candidates(t.candidates) {
		res, err := sandbox.Run(ctx, sandbox.Spec{
			Path: path, Args: append(p.opts(t.name, lim.Memory, ""), t.version...),
			Env: p.env, Limits: lim, ReadOnly: p.readOnlyFor(path),
		})
		if err != nil {
			return Tool{}, err
		}
		out := append(res.Stdout, res.Stderr...)
		m := t.versionRE.FindSubmatch(out)
		if res.OK() && m != nil {
			return Tool{Name: t.name, Path: path, Version: string(m[1])}, nil
		}
		tried = append(tried, fmt.Sprintf("%s (%s)", path, why(res)))
	}
	if len(tried) == 0 {
		return Tool{}, fmt.Errorf("%w %s: not found (looked for %s)", ErrNoTool, t.name, where(t.candidates))
	}
	return Tool{}, fmt.Errorf("%w %s: fails in the sandbox: %s", ErrNoTool, t.name, strings.Join(tried, "; "))
}

// where names the places candidates are looked for.
func where(candidates []string) string {
	var out []string
	for _, c := range candidates {
		if !strings.ContainsRune(c, '/') {
			c += " on PATH"
		}
		out = append(out, c)
	}
	return strings.Join(out, ", ")
}

// candidates resolves names through PATH and paths through symbolic
// links, dropping those missing and repeats.
func candidates(names []string) []string {
	var out []string
	for _, n := range names {
		p, err := exec.LookPath(n)
		if err != nil {
			continue
		}
		if p, err = filepath.Abs(p); err != nil {
			continue
		}
		if p, err = filepath.EvalSymlinks(p); err != nil || slices.Contains(out, p) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// why says in a few words how a probe failed.
func why(res sandbox.Result) string {
	switch {
	case res.Limit != sandbox.None:
		return res.Limit.String() + " limit"
	case res.Signal != "":
		return "signal " + res.Signal
	case res.ExitCode != 0:
		msg := fmt.Sprintf("exit status %d", res.ExitCode)
		if l := lastLine(res.Stderr); l != "" {
			msg += ": " + l
		}
		return msg
	}
	return "no version printed"
}

func lastLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 120 {
		s = s[:120] + "..."
	}
	return s
}

func (p *preset) opts(tool string, memory int64, version string) []string {
	if p.options == nil {
		return nil
	}
	return p.options(tool, memory, version)
}

func (p *preset) readOnlyFor(resolved string) []string {
	if p.readOnly == nil {
		return nil
	}
	return p.readOnly(resolved)
}
