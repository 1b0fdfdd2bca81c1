package runner

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/sandbox"
)

// Tool is a program of a language preset as found on this machine.
type Tool struct {
	Name    string // as the rubric's commands name it ("gcc")
	Path    string // the file run, every symbolic link resolved
	Version string // as the tool prints it ("3.11.2")
}

// ErrNoTool starts the error of a preset whose tool is missing or does
// not run in the sandbox: "no working gcc: not found on PATH".
var ErrNoTool = errors.New("no working")

// findTool resolves t's candidates and returns the first that prints its
// version in a box with the given limits.
func findTool(ctx context.Context, tc *toolchain.Toolchain, t toolchain.Tool, lim sandbox.Limits) (Tool, error) {
	var tried []string
	for _, path := range t.Paths() {
		res, err := sandbox.Run(ctx, sandbox.Spec{
			Path: path, Args: append(options(tc, t.Name, toolchain.Box{Memory: lim.Memory, CPU: lim.CPU}, ""), t.Version...),
			Env: tc.Env, Limits: lim, ReadOnly: readOnly(tc, path),
		})
		if err != nil {
			return Tool{}, err
		}
		v, ok := t.ParseVersion(append(res.Stdout, res.Stderr...))
		if res.OK() && ok {
			return Tool{Name: t.Name, Path: path, Version: v}, nil
		}
		tried = append(tried, fmt.Sprintf("%s (%s)", path, why(res)))
	}
	if len(tried) == 0 {
		return Tool{}, fmt.Errorf("%w %s: not found (looked for %s)", ErrNoTool, t.Name, where(t.Candidates))
	}
	return Tool{}, fmt.Errorf("%w %s: fails in the sandbox: %s", ErrNoTool, t.Name, strings.Join(tried, "; "))
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

// options are the toolchain's options for a tool, none when it has none.
func options(tc *toolchain.Toolchain, tool string, box toolchain.Box, version string) []string {
	if tc.Options == nil {
		return nil
	}
	return tc.Options(tool, box, version)
}

// archive are the options that map a file the tool starts faster with,
// and that file (toolchain.Toolchain.Archive); none when it has none.
func archive(ctx context.Context, tc *toolchain.Toolchain, t Tool, opts []string) ([]string, string) {
	if tc.Archive == nil {
		return nil, ""
	}
	return tc.Archive(ctx, t.Name, t.Path, t.Version, opts)
}

// readOnly are the host folders a resolved tool needs in the box.
func readOnly(tc *toolchain.Toolchain, resolved string) []string {
	if tc.ReadOnly == nil {
		return nil
	}
	return tc.ReadOnly(resolved)
}
