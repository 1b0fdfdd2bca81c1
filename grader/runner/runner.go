// Package runner builds and runs submissions in the sandbox, one fresh box
// per build step and per case, by the rubric's language preset.
package runner

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/submission"
	"github.com/cs540-tools/autograder/sandbox"
)

// Sandboxed is a grader.Runner that runs everything through sandbox.Run.
type Sandboxed struct {
	build [][]string
	run   []string
	java  bool
	lim   rubric.Limits
}

// New prepares the rubric's build and run commands.
func New(r *rubric.Rubric) *Sandboxed {
	build, run := r.Build.Commands()
	return &Sandboxed{build: build, run: run, java: r.Build.Language == "java", lim: r.Limits}
}

func (s *Sandboxed) limits(build bool) sandbox.Limits {
	l := sandbox.Limits{Wall: s.lim.Wall, CPU: s.lim.CPU, Memory: s.lim.Memory, Output: s.lim.Output}
	if build {
		// A compiler needs more time than one case, and its messages are
		// what the student must see, whatever the output cap of a run.
		l.Wall, l.CPU = s.lim.BuildWall, s.lim.BuildWall
		l.Output = max(l.Output, 1<<20)
	}
	return l
}

// isJDK reports whether a command is a JDK launcher that takes JVM options.
func isJDK(argv0 string) bool {
	switch path.Base(argv0) {
	case "java", "javac":
		return true
	}
	return false
}

// Build runs each build command in a fresh box with the current files and
// collects every file the step wrote for the next step and the runs.
func (s *Sandboxed) Build(ctx context.Context, files []submission.File) (grader.Build, error) {
	cur := make([]sandbox.File, len(files))
	for i, f := range files {
		cur[i] = sandbox.File{Name: f.Name, Data: f.Data}
	}
	var log strings.Builder
	for _, argv := range s.build {
		res, err := sandbox.Run(ctx, sandbox.Spec{
			Path: argv[0], Args: argv[1:], Files: cur, Limits: s.limits(true),
			Java: s.java && isJDK(argv[0]), Collect: []string{"*", "*/*", "*/*/*"},
		})
		if err != nil {
			return grader.Build{}, fmt.Errorf("build step %s: %w", argv[0], err)
		}
		log.Write(res.Stdout)
		log.Write(res.Stderr)
		if !res.OK() {
			switch {
			case res.Limit != sandbox.None:
				fmt.Fprintf(&log, "\n(the build stopped at the %s limit)\n", res.Limit)
			case res.Signal != "":
				fmt.Fprintf(&log, "\n(the build was killed by signal %s)\n", res.Signal)
			}
			return grader.Build{OK: false, Log: log.String()}, nil
		}
		cur = merge(cur, res.Files)
	}
	return grader.Build{OK: true, Log: log.String(), Program: &program{s: s, files: cur}}, nil
}

// merge adds or replaces files by name, keeping the order stable.
func merge(a, b []sandbox.File) []sandbox.File {
	out := slices.Clone(a)
	for _, f := range b {
		if i := slices.IndexFunc(out, func(g sandbox.File) bool { return g.Name == f.Name }); i >= 0 {
			out[i] = f
		} else {
			out = append(out, f)
		}
	}
	return out
}

type program struct {
	s     *Sandboxed
	files []sandbox.File
}

// Run runs one case in a fresh box holding the built files.
func (p *program) Run(ctx context.Context, args []string, stdin []byte) (grader.Execution, error) {
	argv := p.s.run
	res, err := sandbox.Run(ctx, sandbox.Spec{
		Path: argv[0], Args: append(slices.Clone(argv[1:]), args...), Files: p.files, Stdin: stdin,
		Limits: p.s.limits(false), Java: p.s.java && isJDK(argv[0]),
	})
	if err != nil {
		return grader.Execution{}, err
	}
	return grader.Execution{
		ExitCode: res.ExitCode, Signal: res.Signal, Limit: limit(res.Limit),
		Stdout: res.Stdout, Stderr: res.Stderr, Time: res.Wall,
	}, nil
}

func (p *program) Close() error { return nil }

func limit(l sandbox.Limit) grader.Limit {
	switch l {
	case sandbox.Wall:
		return grader.Wall
	case sandbox.CPU:
		return grader.CPU
	case sandbox.Memory:
		return grader.Memory
	case sandbox.Procs:
		return grader.Procs
	case sandbox.Output:
		return grader.Output
	case sandbox.FileSize:
		return grader.FileSize
	case sandbox.BoxSize:
		return grader.BoxSize
	}
	return grader.None
}
